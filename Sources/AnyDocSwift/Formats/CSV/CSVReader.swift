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
    /// Where `bytes` starts in the whole text: offsets reported are in it.
    private let base: Int
    /// Whether `bytes` runs to the end of the text. When not, a record
    /// that reaches the end of `bytes` is not read but asked for more.
    private let isFinal: Bool
    private var position = 0
    /// Where the record read last (or asked more for) starts in `bytes`.
    private(set) var recordStart = 0
    /// The offset in the whole text of the first quote that is never closed.
    private(set) var unclosedQuote: Int?
    private var stops: CSVStopScan
    private var chunkMarks: CSVChunkMarks

    /// A reader of `bytes`, which start at offset `base` of the text and
    /// end it when `isFinal`; `unclosedQuote` carries what an earlier
    /// reader of the same text found.
    init(
        _ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, base: Int = 0, isFinal: Bool = true,
        unclosedQuote: Int? = nil
    ) {
        self.bytes = bytes
        self.delimiter = delimiter
        self.base = base
        self.isFinal = isFinal
        self.unclosedQuote = unclosedQuote
        stops = CSVStopScan(delimiter: delimiter)
        chunkMarks = CSVChunkMarks(delimiter: delimiter)
    }

    /// What `step(into:)` found.
    enum Step: Equatable {
        /// A whole record is in the fields.
        case record
        /// The text has no more records.
        case end
        /// The record from `recordStart` runs past the bytes at hand;
        /// `openQuote` is the offset in the text of the quote whose field
        /// it stopped in, if any, and `pendingField` how many bytes that
        /// field has so far.
        case needsMore(openQuote: Int?, pendingField: Int)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Reads the next record into `fields`; false at the end of the input
    /// (or of the bytes at hand, when they are not final).
    mutating func readRecord<Fields: CSVFields>(into fields: inout Fields) -> Bool {
        step(into: &fields) == .record
    }

    /// Reads the next record into `fields`, or says why not.
    mutating func step<Fields: CSVFields>(into fields: inout Fields) -> Step {
        fields.removeAll()
        while position < bytes.count, bytes[position] == Self.lineFeed || bytes[position] == Self.carriageReturn {
            position += 1
        }
        recordStart = position
        guard position < bytes.count else { return isFinal ? .end : .needsMore(openQuote: nil, pendingField: 0) }
        if Fields.chunkScan != .none {
            if readPlainRecord(into: &fields) { return .record }
            fields.removeAll()
        }
        while true {
            if position < bytes.count, bytes[position] == Self.quote, base + position < (unclosedQuote ?? .max) {
                let opening = position
                switch readQuoted(into: &fields) {
                case .closed:
                    break
                case .unclosed:
                    unclosedQuote = base + opening
                    position = recordStart
                    fields.removeAll()
                    continue
                case .needsMore:
                    position = recordStart
                    return .needsMore(openQuote: base + opening, pendingField: fields.pendingLength)
                }
            }
            let end = stops.firstStop(in: bytes, from: position)
            let run = UnsafeBufferPointer(rebasing: bytes[position..<end])
            guard end < bytes.count || isFinal else {
                if end > position { fields.append(run) }
                position = recordStart
                return .needsMore(openQuote: nil, pendingField: fields.pendingLength)
            }
            position = end
            fields.endField(with: run)
            guard position < bytes.count else { return .record }
            let terminator = bytes[position]
            position += 1
            if terminator == delimiter { continue }
            // A CRLF split after its CR reads the same: the LF then
            // starts the next record as an empty line, which is skipped.
            if terminator == Self.carriageReturn, position < bytes.count, bytes[position] == Self.lineFeed {
                position += 1
            }
            return .record
        }
    }

    /// Reads the record at `position` a chunk at a time, when it is one
    /// `CSVRecordScan` answers for, and moves past it.
    private mutating func readPlainRecord<Fields: CSVFields>(into fields: inout Fields) -> Bool {
        let quotedBelow = unclosedQuote.map { $0 - base } ?? .max
        guard let end = CSVRecordScan.readPlainRecord(
            in: bytes, from: position, marks: &chunkMarks, quotedBelow: quotedBelow, into: &fields)
        else { return false }
        position = end + 1
        if bytes[end] == Self.carriageReturn, position < bytes.count, bytes[position] == Self.lineFeed {
            position += 1
        }
        return true
    }

    /// How a quoted field ended.
    private enum QuotedEnd { case closed, unclosed, needsMore }

    /// Reads a quoted field's content, from its opening quote to just
    /// after its closing one.
    private mutating func readQuoted<Fields: CSVFields>(into fields: inout Fields) -> QuotedEnd {
        position += 1
        while position < bytes.count {
            let end = ByteSetSearch.firstIndex(in: bytes, from: position, of: Self.quote, Self.carriageReturn)
            if end > position { fields.append(UnsafeBufferPointer(rebasing: bytes[position..<end])) }
            guard end < bytes.count else { break }
            position = end + 1
            // Whether a quote is doubled, or a CR followed by LF, can
            // only be told with the next byte at hand.
            if position == bytes.count, !isFinal { return .needsMore }
            if bytes[end] == Self.quote {
                guard position < bytes.count, bytes[position] == Self.quote else { return .closed }
                fields.append(Self.quote)
                position += 1
            } else {
                fields.append(Self.lineFeed)
                if position < bytes.count, bytes[position] == Self.lineFeed { position += 1 }
            }
        }
        guard isFinal else { return .needsMore }
        position = bytes.count
        return .unclosed
    }

    /// The 1-based line on which `offset` lies, counting LF, CRLF and lone CR.
    func line(of offset: Int) -> Int {
        var counter = CSVLineCounter()
        counter.count(UnsafeBufferPointer(rebasing: bytes[..<min(offset, bytes.count)]))
        return counter.line
    }
}

/// Counts lines over text that arrives in pieces: LF, CRLF and a lone CR
/// each end one, wherever the pieces are cut.
struct CSVLineCounter {
    /// The 1-based line the text counted so far ends on.
    private(set) var line = 1
    /// The last byte counted was a CR, already counted as a line end.
    private var afterCarriageReturn = false

    mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if !afterCarriageReturn { line += 1 }
                afterCarriageReturn = false
            } else {
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if afterCarriageReturn { line += 1 }
            }
        }
    }
}

/// Where `CSVReader` puts a record's fields: a field arrives as runs of
/// bytes as they stand in the input, with single bytes where a quoted
/// field's escapes or line breaks differ from the input.
protocol CSVFields {
    mutating func append(_ byte: UInt8)
    mutating func append(_ run: UnsafeBufferPointer<UInt8>)
    mutating func endField()
    /// Appends `run` (when not empty) and ends the field: one call for
    /// the common field, so its bytes need not pass through the pending
    /// field in memory.
    mutating func endField(with run: UnsafeBufferPointer<UInt8>)
    mutating func removeAll()
    /// The bytes of the field not yet ended.
    var pendingLength: Int { get }
    /// How a record of unquoted fields may reach these fields when it is
    /// read a chunk at a time (`CSVRecordScan`).
    static var chunkScan: CSVChunkScan { get }
    /// Takes a whole record of `fields` fields, the longest `longest`
    /// bytes long when 64 or more (shorter ones may be under-measured).
    /// Called only when `chunkScan` is `.counts`.
    mutating func takeRecord(fields: Int, longest: Int)
    /// Says that the record's fields, read a chunk at a time, were cut
    /// from `span`, one delimiter between each. Called only when
    /// `chunkScan` is `.runs` or `.spans`.
    mutating func endRecord(span: UnsafeBufferPointer<UInt8>)
    /// Ends a field of a record read a chunk at a time, `offset` bytes
    /// from the record's start. Called only when `chunkScan` is `.spans`.
    mutating func endField(at offset: Int)
}

/// How fields take a record of unquoted fields read a chunk at a time.
enum CSVChunkScan {
    /// Field by field, as the exact reader hands them over.
    case none
    /// Each field as one run (`endField(with:)`).
    case runs
    /// As counts only (`takeRecord`).
    case counts
    /// Each field as where it ends (`endField(at:)`), then the record as
    /// the span its fields were cut from (`endRecord(span:)`).
    case spans
}

extension CSVFields {
    static var chunkScan: CSVChunkScan { .none }
    mutating func takeRecord(fields: Int, longest: Int) {
        preconditionFailure("a record is counted only into fields that count only")
    }
    mutating func endRecord(span: UnsafeBufferPointer<UInt8>) {}
    mutating func endField(at offset: Int) {
        preconditionFailure("a field ends at an offset only in fields that take spans")
    }
}

/// Counts a record's fields, and measures the longest field seen so far,
/// without keeping their text: exactly when it is 64 bytes or more,
/// which is all a field limit needs (records of unquoted fields are
/// counted a chunk at a time, see `CSVRecordScan`).
struct CSVFieldCounter: CSVFields {
    private(set) var count = 0
    private(set) var longestField = 0
    private var length = 0

    var pendingLength: Int { length }

    mutating func append(_ byte: UInt8) { length += 1 }
    mutating func append(_ run: UnsafeBufferPointer<UInt8>) { length += run.count }

    mutating func endField() {
        count += 1
        longestField = max(longestField, length)
        length = 0
    }

    mutating func endField(with run: UnsafeBufferPointer<UInt8>) {
        length += run.count
        endField()
    }

    mutating func removeAll() {
        count = 0
        length = 0
    }

    static var chunkScan: CSVChunkScan { .counts }

    mutating func takeRecord(fields: Int, longest: Int) {
        count = fields
        longestField = max(longestField, longest)
        length = 0
    }
}
