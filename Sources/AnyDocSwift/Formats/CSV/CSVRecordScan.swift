/// Reads a record of unquoted fields eight bytes at a time: the pass
/// that only measures a table adds a word's delimiters at once, the one
/// that writes it takes each field's bounds off the word's marks, with
/// no test or call between fields but the field's own.
///
/// It answers only for the common record, one that ends within the
/// bytes at hand and has no field starting with a quote; for any other
/// it says nil and the reader reads the record the exact way, from its
/// start. The marks are exact per byte (`ByteWord`).
///
/// When counting, the longest field is measured exactly when it is 8
/// bytes or more: such a field runs into a later word and ends at that
/// word's first stop, and the first stop of every word is measured.
enum CSVRecordScan {
    /// Reads the record starting at `start` (not a line break) into
    /// `fields` as `Fields.wordScan` asks, and returns the offset of the
    /// line break that ends it; nil when it must be read the exact way
    /// (`fields` may then hold some of its fields). A quote at an offset
    /// below `quotedBelow` starts a quoted field; past it quotes are
    /// ordinary (after a quote found never to close).
    @inline(__always)
    static func readPlainRecord<Fields: CSVFields>(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8, quotedBelow: Int, into fields: inout Fields
    ) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        let count = bytes.count
        let quote = UInt8(ascii: "\"")
        if base[start] == quote, start < quotedBelow { return nil }
        let delimiters = ByteWord.repeating(delimiter)
        let quotes = ByteWord.repeating(quote), lineFeeds = ByteWord.repeating(0x0A), carriageReturns = ByteWord.repeating(0x0D)
        var counted = 0, longest = 0, fieldStart = start, index = start
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let breaks = ByteWord.equalMarks(word, lineFeeds) | ByteWord.equalMarks(word, carriageReturns)
            var cuts = ByteWord.equalMarks(word, delimiters)
            if breaks | cuts == 0 {
                index &+= 8
                continue
            }
            // Only the delimiters before the record's line break count.
            if breaks != 0 { cuts &= (breaks & (0 &- breaks)) &- 1 }
            if index < quotedBelow, cutsStartQuotedField(cuts, word: word, quotes: quotes, next: index + 8, in: bytes) {
                return nil
            }
            let end = breaks == 0 ? -1 : index &+ (breaks.trailingZeroBitCount >> 3)
            if Fields.wordScan == .counts {
                longest = max(longest, index &+ ((breaks | cuts).trailingZeroBitCount >> 3) &- fieldStart)
                counted &+= marked(cuts)
                if end >= 0 {
                    fields.takeRecord(fields: counted &+ 1, longest: longest)
                    return end
                }
                fieldStart = index &+ 8 &- (cuts.leadingZeroBitCount >> 3)
            } else {
                while cuts != 0 {
                    let stop = index &+ (cuts.trailingZeroBitCount >> 3)
                    fields.endField(with: UnsafeBufferPointer(start: base + fieldStart, count: stop &- fieldStart))
                    fieldStart = stop &+ 1
                    cuts &= cuts &- 1
                }
                if end >= 0 {
                    fields.endField(with: UnsafeBufferPointer(start: base + fieldStart, count: end &- fieldStart))
                    return end
                }
            }
            index &+= 8
        }
        return nil
    }

    /// The number of bytes marked in `marks` (high bits only): the sum
    /// of the bits moved down to each byte's low bit, gathered into the
    /// top byte by one multiplication (no popcount instruction is assumed).
    @inline(__always)
    private static func marked(_ marks: UInt64) -> Int {
        Int(truncatingIfNeeded: ((marks >> 7) &* ByteWord.ones) >> 56)
    }

    /// Whether a field after one of the delimiters `cuts` of `word`
    /// starts with a quote: the byte after each, in the word or, for one
    /// on its last byte, at `next`. Conservative near `quotedBelow`: a
    /// record there is read the exact way.
    @inline(__always)
    private static func cutsStartQuotedField(
        _ cuts: UInt64, word: UInt64, quotes: UInt64, next: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        if ByteWord.equalMarks(word, quotes) & (cuts << 8) != 0 { return true }
        return cuts >> 63 != 0 && next < bytes.count && bytes[next] == UInt8(ascii: "\"")
    }
}
