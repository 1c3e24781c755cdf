/// One BIFF record of a workbook stream: a 16-bit type, a 16-bit length
/// and that many bytes of data.
struct BIFFRecord {
    let type: UInt16
    /// Where the record header starts in the stream.
    let offset: Int
    /// The data, as positions in the stream; never past its end.
    let data: Range<Int>

    // Record types (MS-XLS 2.3, and the BIFF2-4 forms some of them had).
    static let bof2: UInt16 = 0x0009
    static let bof3: UInt16 = 0x0209
    static let bof4: UInt16 = 0x0409
    static let bof: UInt16 = 0x0809
    static let eof: UInt16 = 0x000A
    static let `continue`: UInt16 = 0x003C
    static let filePass: UInt16 = 0x002F
    static let codePage: UInt16 = 0x0042
    static let dateMode: UInt16 = 0x0022
    static let format: UInt16 = 0x041E
    static let format2: UInt16 = 0x001E
    static let xf: UInt16 = 0x00E0
    static let xf4: UInt16 = 0x0443
    static let xf3: UInt16 = 0x0243
    static let boundSheet: UInt16 = 0x0085
    static let sharedStrings: UInt16 = 0x00FC
    static let mergedCells: UInt16 = 0x00E5
    static let number: UInt16 = 0x0203
    static let number2: UInt16 = 0x0003
    static let integer2: UInt16 = 0x0002
    static let rk: UInt16 = 0x027E
    static let mulRK: UInt16 = 0x00BD
    static let labelSST: UInt16 = 0x00FD
    static let label: UInt16 = 0x0204
    static let label2: UInt16 = 0x0004
    static let richString: UInt16 = 0x00D6
    static let boolErr: UInt16 = 0x0205
    static let boolErr2: UInt16 = 0x0005
    static let formula: UInt16 = 0x0006
    static let formula3: UInt16 = 0x0206
    static let formula4: UInt16 = 0x0406
    static let string: UInt16 = 0x0207
    static let string2: UInt16 = 0x0007

    var isBOF: Bool { type == Self.bof || type == Self.bof4 || type == Self.bof3 || type == Self.bof2 }

    /// A field at `offset` into the record's data; nil when it does not
    /// fit inside the record.
    func uint8(_ bytes: [UInt8], at offset: Int) -> UInt8? {
        offset >= 0 && offset < data.count ? bytes[data.lowerBound + offset] : nil
    }

    func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16? {
        offset >= 0 && offset + 2 <= data.count ? LittleEndian.uint16(bytes, at: data.lowerBound + offset) : nil
    }

    func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        offset >= 0 && offset + 4 <= data.count ? LittleEndian.uint32(bytes, at: data.lowerBound + offset) : nil
    }

    func double(_ bytes: [UInt8], at offset: Int) -> Double? {
        guard offset >= 0, offset + 8 <= data.count, let bits = LittleEndian.uint64(bytes, at: data.lowerBound + offset) else {
            return nil
        }
        return Double(bitPattern: bits)
    }
}

/// Walks the records of a workbook stream from an offset. Every step
/// moves forward by at least the 4-byte header, so a walk ends; a record
/// whose data runs past the stream ends it too, as a cut-off file.
struct BIFFRecordWalker {
    let bytes: [UInt8]
    private(set) var position: Int
    /// True when the walk stopped at a record cut off by the stream's end.
    private(set) var isTruncated = false

    init(_ bytes: [UInt8], from position: Int) {
        self.bytes = bytes
        self.position = position
    }

    mutating func next() -> BIFFRecord? {
        guard let type = LittleEndian.uint16(bytes, at: position),
              let length = LittleEndian.uint16(bytes, at: position + 2) else { return nil }
        let start = position + 4
        guard start + Int(length) <= bytes.count else {
            isTruncated = true
            return nil
        }
        let record = BIFFRecord(type: type, offset: position, data: start..<(start + Int(length)))
        position = record.data.upperBound
        return record
    }

    /// The data of the CONTINUE records that follow, consumed: where a
    /// record's content overflows its 8,224 bytes.
    mutating func continuations() -> [Range<Int>] {
        var result: [Range<Int>] = []
        while LittleEndian.uint16(bytes, at: position) == BIFFRecord.continue {
            var lookahead = self
            guard let record = lookahead.next() else { break }
            result.append(record.data)
            self = lookahead
        }
        return result
    }
}
