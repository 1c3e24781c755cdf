/// Reads the records of a CSV text that arrives in pieces, exactly as
/// `CSVReader` reads the whole text at once.
///
/// The text from the start of the record being read sits in a
/// `CSVTextWindow`. A record that runs past the window's end is read
/// again once more text is in; the window at least doubles each time, so
/// a long record costs linear time. A quoted field that keeps going asks
/// the rest of the text (read ahead, not kept) whether its quote ever
/// closes: when not, it is read as an ordinary character, as the whole
/// reader does, without the rest of the file in memory; a field that
/// grows past `maxField` fails as soon as that is certain.
struct CSVRecordStream<Raw: CSVRawPieces> {
    let delimiter: UInt8
    private var text: CSVTextPieces<Raw>?
    private let window: CSVTextWindow
    private var reader: CSVReader
    private let maxField: Int
    /// The opening quote last found to close, so it is asked only once.
    private var closingQuote: Int?

    /// How much of one record the window holds before an open quote is
    /// checked for a close further on.
    private let lookAhead: Int

    /// Records of the pieces of `text`, failing on a field longer than
    /// `maxField`; a record longer than `lookAhead` inside a quoted field
    /// has the quote checked.
    init(_ text: CSVTextPieces<Raw>, delimiter: UInt8, maxField: Int, lookAhead: Int = 4 << 20) {
        self.text = text
        self.delimiter = delimiter
        self.maxField = maxField
        self.lookAhead = lookAhead
        window = CSVTextWindow()
        reader = CSVReader(window.bytes, delimiter: delimiter, isFinal: false)
    }

    /// Records of a whole text held in memory, which must outlive the stream.
    init(borrowing bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        text = nil
        self.delimiter = delimiter
        maxField = .max
        lookAhead = .max
        window = CSVTextWindow(borrowing: bytes)
        reader = CSVReader(bytes, delimiter: delimiter)
    }

    /// The offset in the text of the first quote that is never closed.
    var unclosedQuote: Int? { reader.unclosedQuote }

    /// Reads the next record into `fields`; false at the end of the text.
    mutating func next<Fields: CSVFields>(into fields: inout Fields) throws(ConversionError) -> Bool {
        while true {
            switch reader.step(into: &fields) {
            case .record: return true
            case .end: return false
            case .needsMore(let openQuote, let pendingField):
                let keep = reader.recordStart
                var unclosed = reader.unclosedQuote
                if let openQuote, openQuote != closingQuote,
                    pendingField > maxField || window.bytes.count - keep > lookAhead
                {
                    if try quoteCloses(openedAt: openQuote) {
                        closingQuote = openQuote
                    } else {
                        unclosed = openQuote
                    }
                }
                if pendingField > maxField, openQuote == nil || openQuote == closingQuote {
                    throw CSVConverter.fieldTooLong(maxField)
                }
                window.drop(keep)
                if unclosed == reader.unclosedQuote { try load() }
                reader = CSVReader(
                    window.bytes, delimiter: delimiter, base: window.base, isFinal: window.isFinal, unclosedQuote: unclosed)
            }
        }
    }

    /// The field count of the widest record from where the stream
    /// stands, measured without a reader (`CSVLineMeasure`); nil when the
    /// reader must count it. The stream is not moved.
    func measuredWidth(maxCells: Int, maxField: Int, deadline: Deadline) throws(ConversionError) -> Int? {
        var measure = CSVLineMeasure(delimiter: delimiter, maxCells: maxCells, maxField: maxField)
        guard var pieces = text else {
            guard try measure.measure(window.bytes), try measure.finish() else { return nil }
            return measure.widest
        }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(pieces.pieceSize, 3))
        defer { buffer.deallocate() }
        while case let got = try pieces.read(into: buffer), got > 0 {
            guard try measure.measure(UnsafeBufferPointer(rebasing: buffer[..<got])) else { return nil }
            try deadline.check()
        }
        return try measure.finish() ? measure.widest : nil
    }

    /// Reads at least as much text as the window holds (one piece at
    /// least) into it, or marks the window final at the end of the text.
    private mutating func load() throws(ConversionError) {
        guard var pieces = text else {
            window.isFinal = true
            return
        }
        let wanted = max(pieces.pieceSize, window.bytes.count)
        let added = try window.fill(from: &pieces, atLeast: wanted)
        text = pieces
        if added < wanted { window.isFinal = true }
    }

    /// Whether the quote at offset `opening` is closed anywhere later in
    /// the text: whether a run of an odd number of quotes follows it
    /// (pairs stand for one quote each; a lone one closes).
    private func quoteCloses(openedAt opening: Int) throws(ConversionError) -> Bool {
        var run = 0
        func closes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for byte in bytes {
                if byte == UInt8(ascii: "\"") {
                    run += 1
                } else if run % 2 == 1 {
                    return true
                } else {
                    run = 0
                }
            }
            return false
        }
        if closes(UnsafeBufferPointer(rebasing: window.bytes[(opening - window.base + 1)...])) { return true }
        var ahead = text
        while let piece = try ahead?.next() {
            if piece.withUnsafeBufferPointer(closes) { return true }
        }
        return run % 2 == 1
    }
}
