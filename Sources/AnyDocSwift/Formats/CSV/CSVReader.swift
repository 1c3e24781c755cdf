/// Reads delimited records from UTF-8 bytes by RFC 4180, leniently.
///
/// - A field that starts with `"` is quoted: it runs to the next lone
///   `"`, may hold delimiters and line breaks, and `""` stands for `"`.
///   Anything between the closing quote and the next delimiter is kept
///   as written; a quote anywhere else is an ordinary character.
/// - Records end at LF, CRLF or a lone CR (classic Mac OS). Line breaks
///   inside quoted fields become LF. Empty lines are skipped.
/// - A quote that is never closed would swallow the rest of the file, so
///   the record is read again with that quote, and every quote after it,
///   taken as an ordinary character (`unclosedQuote` says where).
///
/// The reader never looks further back than the start of the record, so
/// a malformed file costs at most one extra pass over its tail.
struct CSVReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    private var position = 0
    /// The offset of the first quote that is never closed.
    private(set) var unclosedQuote: Int?

    init(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        self.bytes = bytes
        self.delimiter = delimiter
    }

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Reads the next record into `fields`; false at the end of the input.
    mutating func readRecord<Fields: CSVFields>(into fields: inout Fields) -> Bool {
        fields.removeAll()
        while position < bytes.count, bytes[position] == Self.lineFeed || bytes[position] == Self.carriageReturn {
            position += 1
        }
        guard position < bytes.count else { return false }
        let recordStart = position
        while true {
            if position < bytes.count, bytes[position] == Self.quote, position < (unclosedQuote ?? .max) {
                let opening = position
                guard readQuoted(into: &fields) else {
                    unclosedQuote = opening
                    position = recordStart
                    fields.removeAll()
                    continue
                }
            }
            let end = ByteSetSearch.firstIndex(in: bytes, from: position, of: delimiter, Self.lineFeed, Self.carriageReturn)
            if end > position { fields.append(UnsafeBufferPointer(rebasing: bytes[position..<end])) }
            position = end
            fields.endField()
            guard position < bytes.count else { return true }
            let terminator = bytes[position]
            position += 1
            if terminator == delimiter { continue }
            if terminator == Self.carriageReturn, position < bytes.count, bytes[position] == Self.lineFeed {
                position += 1
            }
            return true
        }
    }

    /// Reads a quoted field's content, from its opening quote to just
    /// after its closing one; false when no closing quote follows.
    private mutating func readQuoted<Fields: CSVFields>(into fields: inout Fields) -> Bool {
        position += 1
        while position < bytes.count {
            let end = ByteSetSearch.firstIndex(in: bytes, from: position, of: Self.quote, Self.carriageReturn)
            if end > position { fields.append(UnsafeBufferPointer(rebasing: bytes[position..<end])) }
            guard end < bytes.count else { break }
            position = end + 1
            if bytes[end] == Self.quote {
                guard position < bytes.count, bytes[position] == Self.quote else { return true }
                fields.append(Self.quote)
                position += 1
            } else {
                fields.append(Self.lineFeed)
                if position < bytes.count, bytes[position] == Self.lineFeed { position += 1 }
            }
        }
        position = bytes.count
        return false
    }

    /// The 1-based line on which `offset` lies, counting LF, CRLF and lone CR.
    func line(of offset: Int) -> Int {
        var line = 1
        for index in 0..<min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == Self.lineFeed || (byte == Self.carriageReturn && (index + 1 >= bytes.count || bytes[index + 1] != Self.lineFeed)) {
                line += 1
            }
        }
        return line
    }
}

/// Where `CSVReader` puts a record's fields: a field arrives as runs of
/// bytes as they stand in the input, with single bytes where a quoted
/// field's escapes or line breaks differ from the input.
protocol CSVFields {
    mutating func append(_ byte: UInt8)
    mutating func append(_ run: UnsafeBufferPointer<UInt8>)
    mutating func endField()
    mutating func removeAll()
}

/// Counts a record's fields, and measures the longest field seen so far,
/// without keeping their text.
struct CSVFieldCounter: CSVFields {
    private(set) var count = 0
    private(set) var longestField = 0
    private var length = 0

    mutating func append(_ byte: UInt8) { length += 1 }
    mutating func append(_ run: UnsafeBufferPointer<UInt8>) { length += run.count }

    mutating func endField() {
        count += 1
        longestField = max(longestField, length)
        length = 0
    }

    mutating func removeAll() {
        count = 0
        length = 0
    }
}

/// Keeps a record's fields as UTF-8 in one reused buffer.
struct CSVFieldBuffer: CSVFields {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    var count: Int { ends.count }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }
    mutating func append(_ run: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: run) }
    mutating func endField() { ends.append(bytes.count) }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// The text of field `index`. Fields split valid UTF-8 at ASCII
    /// bytes, so each is valid UTF-8 on its own.
    func text(at index: Int) -> String {
        let start = index == 0 ? 0 : ends[index - 1]
        return String(decoding: bytes[start..<ends[index]], as: UTF8.self)
    }
}
