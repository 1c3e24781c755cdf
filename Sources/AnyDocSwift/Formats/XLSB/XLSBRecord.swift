/// One record of an XLSB part (MS-XLSB 2.1.4): a type of up to two bytes
/// and a size of up to four, each a little-endian run of 7-bit groups
/// whose high bit says another byte follows, then the data.
struct XLSBRecord {
    let type: Int
    /// The data, as positions in the part; never past its end.
    let data: Range<Int>
}

/// Walks the records of an XLSB part. Every step moves forward by at
/// least the two header bytes, so a walk ends; a record whose data runs
/// past the part ends it as a cut-off part.
struct XLSBRecordWalker {
    let bytes: [UInt8]
    private var position = 0
    /// True when the walk stopped at a damaged or cut-off record.
    private(set) var isTruncated = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> XLSBRecord? {
        guard position < bytes.count else { return nil }
        guard let type = variableInteger(maxBytes: 2), let size = variableInteger(maxBytes: 4),
              size <= bytes.count - position else {
            isTruncated = true
            position = bytes.count
            return nil
        }
        let record = XLSBRecord(type: type, data: position..<(position + size))
        position += size
        return record
    }

    private mutating func variableInteger(maxBytes: Int) -> Int? {
        var value = 0
        for index in 0..<maxBytes {
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            position += 1
            value |= Int(byte & 0x7F) << (7 * index)
            if byte & 0x80 == 0 { return value }
        }
        // Two or four bytes all with the high bit set: not a header.
        return nil
    }
}

/// Field reads inside one XLSB record's data, bounds-checked against it.
extension XLSBRecord {
    func uint8(_ bytes: [UInt8], at offset: Int) -> UInt8? {
        let at = data.lowerBound + offset
        return offset >= 0 && at < data.upperBound ? bytes[at] : nil
    }

    func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16? {
        offset >= 0 && data.lowerBound + offset + 2 <= data.upperBound ? LittleEndian.uint16(bytes, at: data.lowerBound + offset) : nil
    }

    func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        offset >= 0 && data.lowerBound + offset + 4 <= data.upperBound ? LittleEndian.uint32(bytes, at: data.lowerBound + offset) : nil
    }

    func double(_ bytes: [UInt8], at offset: Int) -> Double? {
        guard offset >= 0, data.lowerBound + offset + 8 <= data.upperBound,
              let bits = LittleEndian.uint64(bytes, at: data.lowerBound + offset) else { return nil }
        return Double(bitPattern: bits)
    }

    /// An XLWideString at `offset`: a 32-bit character count, then UTF-16LE
    /// code units. Returns the string and the offset after it; nil when
    /// the count is the null marker (0xFFFFFFFF) or runs past the record.
    func wideString(_ bytes: [UInt8], at offset: Int) -> (text: String, end: Int)? {
        guard let count = uint32(bytes, at: offset), count != 0xFFFF_FFFF else { return nil }
        let start = data.lowerBound + offset + 4
        guard Int(count) <= (data.upperBound - start) / 2 else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let at = start + 2 * index
            units.append(UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8)
        }
        return (UTF16Text.string(units), offset + 4 + 2 * Int(count))
    }
}
