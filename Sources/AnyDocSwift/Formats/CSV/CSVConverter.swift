/// Comma-, semicolon-, tab- or pipe-separated values as one table whose
/// first record is the header.
///
/// The text is decoded as `TextDecoder` describes (NUL bytes dropped),
/// the delimiter is sniffed (`.tsv` is always tab-separated), and records
/// are read by `CSVReader`. The table streams: a first pass only counts
/// fields to find the widest record, then each record goes to the sink as
/// a row of plain-text cells, shorter rows padded with empty cells.
enum CSVConverter: FormatConverter {
    /// Records between two looks at the deadline.
    private static let deadlineInterval = 4096

    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let decoded = try TextDecoder.decode(input.bytes, nul: .drop)
        sink.setMetadata(decoded.metadata(format: input.format))
        try decoded.utf8.withUnsafeBufferPointer { bytes throws(ConversionError) in
            let delimiter = input.format == .tsv ? CSVDelimiter.tab : CSVDelimiter.sniff(bytes)
            try writeTable(bytes, delimiter: delimiter, input: input, into: sink)
        }
    }

    private static func writeTable(
        _ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, input: ConversionInput, into sink: DocumentSink
    ) throws(ConversionError) {
        let columnCount = try widestRecord(bytes, delimiter: delimiter, input: input)
        guard columnCount > 0 else { return }
        var reader = CSVReader(bytes, delimiter: delimiter)
        var fields = CSVFieldBuffer()
        var records = 0
        try sink.beginTable(columnCount: columnCount)
        var texts: [String] = []
        texts.reserveCapacity(columnCount)
        while reader.readRecord(into: &fields) {
            texts.removeAll(keepingCapacity: true)
            for index in 0..<fields.count { texts.append(fields.text(at: index)) }
            while texts.count < columnCount { texts.append("") }
            if records == 0 {
                try sink.appendTableRow(TableRow(cells: texts.map { TableCell(text: $0) }, isHeader: true))
            } else {
                // Body rows take the sink's plain-text path, which writes
                // cells that need no escaping as they are.
                try sink.appendTableRow(texts: texts)
            }
            records += 1
            if records % deadlineInterval == 0 { try input.deadline.check() }
        }
        try sink.endTable()
        if let quote = reader.unclosedQuote {
            sink.addWarning("a quote opened on line \(reader.line(of: quote)) is never closed; from there on quotes were read as ordinary characters")
        }
    }

    /// The longest field a table may hold, in bytes: an eighth of the
    /// input, but at least 1 MB. Writing a cell holds it about five times
    /// over (the field, its text, the escaped cell, the row), so this keeps
    /// a conversion within about twice its input; a file that is one
    /// enormous field fails with `resource limit` instead.
    static func longestField(inputBytes: Int) -> Int { max(1 << 20, inputBytes / 8) }

    /// The field count of the widest record, 0 for no records; enforces
    /// the table-cell and field-size limits before any row is written.
    private static func widestRecord(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, input: ConversionInput) throws(ConversionError) -> Int {
        var reader = CSVReader(bytes, delimiter: delimiter)
        var counter = CSVFieldCounter()
        var widest = 0, records = 0
        let maxCells = input.limits.maxTableCells
        let maxField = longestField(inputBytes: bytes.count)
        while reader.readRecord(into: &counter) {
            if counter.longestField > maxField {
                throw .resourceLimit("a field holds more than \(maxField) bytes, too much of the file for one table cell")
            }
            widest = max(widest, counter.count)
            records += 1
            if widest > maxCells / records {
                throw .resourceLimit("the table has more than \(maxCells) cells")
            }
            if records % deadlineInterval == 0 { try input.deadline.check() }
        }
        return widest
    }
}
