/// One record of the PowerPoint Document stream: an 8-byte header
/// (version and instance, type, length) and its body. Containers
/// (version 0xF) hold further records; atoms hold data.
struct PPTRecord: Equatable {
    let type: UInt16
    let version: UInt8
    let instance: UInt16
    /// Where the header starts in the stream: persist offsets point here.
    let offset: Int
    let bodyStart: Int
    let bodyEnd: Int

    var isContainer: Bool { version == 0xF }
    var length: Int { bodyEnd - bodyStart }
}

/// Reads the records of the PowerPoint Document stream.
///
/// Every header is checked against the bytes; a child that overruns its
/// container ends the container's list, keeping what came before. Each
/// record visited is counted against a budget drawn from the limits, so
/// offsets pointing many slides at one huge container cannot multiply
/// the work without bound, and the deadline is checked as records go by.
final class PPTRecordReader {
    let bytes: CompoundFileStreamBytes
    let deadline: Deadline
    /// How deep drawing groups may nest.
    let maxDepth: Int
    private let maxRecords: Int
    @exclusivity(unchecked)
    private var visited = 0

    convenience init(bytes: [UInt8], limits: Limits, deadline: Deadline) {
        self.init(stream: CompoundFileStreamBytes(bytes), limits: limits, deadline: deadline)
    }

    init(stream bytes: CompoundFileStreamBytes, limits: Limits, deadline: Deadline) {
        self.bytes = bytes
        self.deadline = deadline
        self.maxDepth = limits.maxNestingDepth
        // A record is the binary twin of an XML node.
        self.maxRecords = limits.maxXMLNodes
    }

    /// The record whose header starts at `offset`; nil when the header or
    /// the body would run past the end of the stream.
    func record(at offset: Int) -> PPTRecord? {
        // The 8-byte header in one read: version and instance, type, length.
        guard offset >= 0, let header = bytes.uint64(at: offset) else { return nil }
        let head = UInt16(truncatingIfNeeded: header)
        let type = UInt16(truncatingIfNeeded: header >> 16)
        let length = UInt32(truncatingIfNeeded: header >> 32)
        let start = offset + 8
        guard Int(length) <= bytes.count - start else { return nil }
        return PPTRecord(
            type: type, version: UInt8(head & 0xF), instance: head >> 4,
            offset: offset, bodyStart: start, bodyEnd: start + Int(length))
    }

    /// The records directly inside a container, in order; none for an atom.
    func children(of container: PPTRecord) -> PPTRecordCursor {
        PPTRecordCursor(reader: self, start: container.bodyStart, end: container.isContainer ? container.bodyEnd : container.bodyStart)
    }

    /// The records a body holds, container or not: some atoms (binary
    /// tag data) carry records of their own.
    func records(inBodyOf container: PPTRecord) -> PPTRecordCursor {
        PPTRecordCursor(reader: self, start: container.bodyStart, end: container.bodyEnd)
    }

    /// The first record of `type` directly inside `container`.
    func child(of container: PPTRecord, type: UInt16) throws(ConversionError) -> PPTRecord? {
        var records = children(of: container)
        while let child = try records.next() {
            if child.type == type { return child }
        }
        return nil
    }

    /// Counts one record (or one entry of a table) against the budget.
    func countVisit() throws(ConversionError) {
        visited += 1
        if visited > maxRecords {
            throw .resourceLimit("presentation has more than \(maxRecords) records")
        }
        if visited & 0xFFF == 0 { try deadline.check() }
    }

    // MARK: - Fields of a record's body

    @inline(__always)
    func uint8(_ record: PPTRecord, at offset: Int) -> UInt8? {
        guard offset >= 0, offset < record.length else { return nil }
        return bytes[record.bodyStart + offset]
    }

    @inline(__always)
    func uint16(_ record: PPTRecord, at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= record.length - 2 else { return nil }
        return bytes.uint16(at: record.bodyStart + offset)
    }

    @inline(__always)
    func uint32(_ record: PPTRecord, at offset: Int) -> UInt32? {
        guard offset >= 0, offset <= record.length - 4 else { return nil }
        return bytes.uint32(at: record.bodyStart + offset)
    }

    func int16(_ record: PPTRecord, at offset: Int) -> Int? {
        uint16(record, at: offset).map { Int(Int16(bitPattern: $0)) }
    }

    func int32(_ record: PPTRecord, at offset: Int) -> Int? {
        uint32(record, at: offset).map { Int(Int32(bitPattern: $0)) }
    }

    /// A record's body as UTF-16 code units (a trailing odd byte dropped).
    func utf16Units(_ record: PPTRecord) -> [UInt16] {
        bytes.utf16Units(record.bodyStart..<record.bodyEnd)
    }

    /// A record's body as 8-bit characters, each the low byte of a UTF-16
    /// unit (Latin-1), as TextBytesAtom stores them.
    func byteUnits(_ record: PPTRecord) -> [UInt16] {
        bytes.widenedBytes(record.bodyStart..<record.bodyEnd)
    }

    /// A CString record's text, trailing NULs and blanks removed.
    func string(_ record: PPTRecord) -> String {
        PPTCharacters.string(bytes.utf16Units(record.bodyStart..<textEnd(record)))
    }

    /// Whether a CString record's text is `ascii`, given as the UTF-16
    /// units of printable ASCII text, compared on the units without
    /// building a String: shapes name their programmable tags this way. A
    /// name with any other unit is decoded as `string` does, which drops
    /// controls.
    func string(_ record: PPTRecord, is ascii: [UInt16]) -> Bool {
        let end = textEnd(record)
        var next = 0
        var offset = record.bodyStart
        while offset + 1 < end, let unit = bytes.uint16(at: offset) {
            guard unit >= 0x20, unit < 0x7F else { return string(record) == String(decoding: ascii, as: UTF16.self) }
            guard next < ascii.count, unit == ascii[next] else { return false }
            next += 1
            offset += 2
        }
        return next == ascii.count
    }

    /// Where a CString record's text ends: whole units, trailing NULs and
    /// blanks removed.
    private func textEnd(_ record: PPTRecord) -> Int {
        var end = record.bodyStart + record.length / 2 * 2
        while end > record.bodyStart, bytes[end - 1] == 0, bytes[end - 2] == 0 || bytes[end - 2] == 0x20 { end -= 2 }
        return end
    }
}

/// Steps through the records of one body in order, reading each header
/// only when asked, so a walk that stops early or keeps nothing builds
/// no list. A child that overruns the body ends the walk; each record
/// handed out is counted against the reader's budget.
struct PPTRecordCursor {
    private let reader: PPTRecordReader
    private let end: Int
    private var offset: Int

    init(reader: PPTRecordReader, start: Int, end: Int) {
        self.reader = reader
        self.offset = start
        self.end = end
    }

    mutating func next() throws(ConversionError) -> PPTRecord? {
        guard offset <= end - 8, let record = reader.record(at: offset), record.bodyEnd <= end else { return nil }
        try reader.countVisit()
        offset = record.bodyEnd
        return record
    }
}
