/// Reads a record of unquoted fields 64 bytes at a time, off a chunk's
/// marks (`CSVChunkMarks`): the pass that only measures a table counts a
/// chunk's delimiters at once, the one that writes it takes each field's
/// bounds off the delimiter bits, with no test or call between fields but
/// the field's own.
///
/// It answers only for the common record, one that ends within the
/// bytes at hand and has no field starting with a quote; for any other
/// it says nil and the reader reads the record the exact way, from its
/// start.
///
/// When counting, the longest field is measured exactly when it is 64
/// bytes or more: such a field runs into a later chunk and ends at that
/// chunk's first stop, and the first stop of every chunk is measured.
enum CSVRecordScan {
    /// Reads the record starting at `start` (not a line break) into
    /// `fields` as `Fields.chunkScan` asks, and returns the offset of the
    /// line break that ends it; nil when it must be read the exact way
    /// (`fields` may then hold some of its fields). A quote at an offset
    /// below `quotedBelow` starts a quoted field; past it quotes are
    /// ordinary (after a quote found never to close).
    @inline(__always)
    static func readPlainRecord<Fields: CSVFields>(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, marks: inout CSVChunkMarks, quotedBelow: Int,
        into fields: inout Fields
    ) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        if base[start] == UInt8(ascii: "\""), start < quotedBelow { return nil }
        var counted = 0, longest = 0, fieldStart = start
        var chunk = start & ~(ByteChunk.size - 1)
        var ahead: UInt64 = ~0 << UInt64(start - chunk)
        // A delimiter on a chunk's last byte starts a field at the next one's first.
        var carried: UInt64 = 0
        while chunk < bytes.count {
            marks.load(bytes, chunk: chunk)
            let breaks = marks.breaks & ahead
            var cuts = marks.delimiters & ahead
            if breaks != 0 { cuts &= (breaks & (0 &- breaks)) &- 1 }
            if chunk < quotedBelow, marks.quotes & (cuts << 1 | carried) != 0 { return nil }
            carried = cuts >> 63
            let end = breaks == 0 ? -1 : chunk &+ breaks.trailingZeroBitCount
            if Fields.chunkScan == .counts {
                let stops = breaks | cuts
                if stops != 0 { longest = max(longest, chunk &+ stops.trailingZeroBitCount &- fieldStart) }
                counted &+= cuts.nonzeroBitCount
                if end >= 0 {
                    fields.takeRecord(fields: counted &+ 1, longest: longest)
                    return end
                }
                if cuts != 0 { fieldStart = chunk &+ ByteChunk.size &- cuts.leadingZeroBitCount }
            } else {
                while cuts != 0 {
                    let stop = chunk &+ cuts.trailingZeroBitCount
                    endField(from: fieldStart, to: stop, of: base, recordStart: start, into: &fields)
                    fieldStart = stop &+ 1
                    cuts &= cuts &- 1
                }
                if end >= 0 {
                    endField(from: fieldStart, to: end, of: base, recordStart: start, into: &fields)
                    fields.endRecord(span: UnsafeBufferPointer(start: base + start, count: end &- start))
                    return end
                }
            }
            ahead = ~0
            chunk &+= ByteChunk.size
        }
        return nil
    }

    /// Hands `fields` the field from `start` to `end` of `base`, as its
    /// bytes or as where it ends, as `Fields.chunkScan` asks.
    @inline(__always)
    private static func endField<Fields: CSVFields>(
        from start: Int, to end: Int, of base: UnsafePointer<UInt8>, recordStart: Int, into fields: inout Fields
    ) {
        if Fields.chunkScan == .spans {
            fields.endField(at: end &- recordStart)
        } else {
            fields.endField(with: UnsafeBufferPointer(start: base + start, count: end &- start))
        }
    }
}
