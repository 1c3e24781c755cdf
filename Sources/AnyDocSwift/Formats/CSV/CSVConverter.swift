/// Comma-, semicolon-, tab- or pipe-separated values as one table whose
/// first record is the header.
///
/// The text is decoded as `TextDecoder` describes (NUL bytes dropped),
/// the delimiter is sniffed (`.tsv` is always tab-separated), and records
/// are read by `CSVReader`. The table streams: a first pass only counts
/// fields to find the widest record (off chunk marks, `CSVLineMeasure`,
/// unless a quote is out of place), then each record goes to the sink as
/// a row of UTF-8 cells, shorter rows padded with empty cells; a big text
/// is read on a second thread meanwhile (`CSVReadAhead`). A UTF-8 file
/// handed over open is read in blocks throughout (see
/// `CSVFileConversion`), so memory stays flat whatever its size.
enum CSVConverter: FormatConverter {
    /// Records between two looks at the deadline.
    private static let deadlineInterval = 4096

    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        if let file = input.file, file.isRegular, try CSVFileConversion.convert(file, input: input, into: sink) {
            return
        }
        let decoded = try TextDecoder.decode(input.wholeBytes(), nul: .drop)
        sink.setMetadata(decoded.metadata(format: input.format))
        try decoded.utf8.withUnsafeBufferPointer { bytes throws(ConversionError) in
            let delimiter = input.format == .tsv ? CSVDelimiter.tab : CSVDelimiter.sniff(bytes)
            let unclosed = try writeTable(textBytes: bytes.count, input: input, into: sink) {
                CSVRecordStream<CSVByteSlices>(borrowing: bytes, delimiter: delimiter)
            }
            if let unclosed {
                let line = CSVReader(bytes, delimiter: delimiter).line(of: unclosed)
                sink.addWarning(unclosedQuoteWarning(line: line))
            }
        }
    }

    /// What the reader tells of a quote that is never closed.
    static func unclosedQuoteWarning(line: Int) -> String {
        "a quote opened on line \(line) is never closed; from there on quotes were read as ordinary characters"
    }

    /// Writes the table the records of `records()` make (called once to
    /// count, once to write), and returns where its first unclosed quote
    /// is in a text of `textBytes` bytes.
    static func writeTable<Raw>(
        textBytes: Int, input: ConversionInput, into sink: DocumentSink, records: () -> CSVRecordStream<Raw>
    ) throws(ConversionError) -> Int? {
        let columnCount = try countColumns(textBytes: textBytes, input: input, records: records())
        return try writeRows(columnCount: columnCount, textBytes: textBytes, input: input, into: sink, records: records())
    }

    /// The table's width, the field count of the widest of `records`, 0
    /// for no records; enforces the table-cell and field-size limits for
    /// a text of `textBytes` bytes.
    static func countColumns<Raw>(
        textBytes: Int, input: ConversionInput, records: CSVRecordStream<Raw>
    ) throws(ConversionError) -> Int {
        let maxField = longestField(inputBytes: textBytes)
        if let widest = try records.measuredWidth(
            maxCells: input.limits.maxTableCells, maxField: maxField, deadline: input.deadline)
        {
            return widest
        }
        var counting = records
        return try widestRecord(&counting, maxField: maxField, input: input)
    }

    /// Writes the table of `records`, `columnCount` wide (nothing when
    /// 0), and returns where its first unclosed quote is. A text of
    /// `textBytes` bytes worth it is read ahead on a thread of its own
    /// (`CSVReadAhead`).
    static func writeRows<Raw>(
        columnCount: Int, textBytes: Int, input: ConversionInput, into sink: DocumentSink, records: CSVRecordStream<Raw>
    ) throws(ConversionError) -> Int? {
        guard columnCount > 0 else { return nil }
        var table = TableWriter(sink: sink, columnCount: columnCount, deadline: input.deadline)
        try sink.beginTable(columnCount: columnCount)
        if CSVReadAhead.isWorthwhile(textBytes: textBytes, input: input),
            let ahead = CSVReadAhead(records, deadline: input.deadline)
        {
            var pointers: [UnsafeBufferPointer<UInt8>] = []
            while true {
                let batch = try ahead.nextBatch()
                try batch.forEachRow(columnCount: columnCount, padded: &pointers) { row throws(ConversionError) in
                    try table.write(row)
                }
                if let failure = batch.failure { throw failure }
                if batch.isLast {
                    try sink.endTable()
                    return batch.unclosedQuote
                }
            }
        }
        var stream = records
        var fields = CSVFieldBuffer(delimiter: stream.delimiter)
        while try stream.next(into: &fields) {
            try fields.withRow(columnCount: columnCount) { row throws(ConversionError) in try table.write(row) }
        }
        try sink.endTable()
        return stream.unclosedQuote
    }

    /// Hands a table's rows to the sink: the first as the header, the
    /// rest on the sink's byte path, which copies cells that need no
    /// escaping straight into its output.
    private struct TableWriter {
        let sink: DocumentSink
        let columnCount: Int
        let deadline: Deadline
        private var rows = 0

        init(sink: DocumentSink, columnCount: Int, deadline: Deadline) {
            self.sink = sink
            self.columnCount = columnCount
            self.deadline = deadline
        }

        /// Writes `row`, at least `columnCount` cells wide.
        mutating func write(_ row: UTF8TableRow) throws(ConversionError) {
            if rows == 0 {
                try sink.appendTableRow(TableRow(cells: row.texts.map { TableCell(text: $0) }, isHeader: true))
            } else {
                try sink.appendTableRow(utf8Cells: row)
            }
            rows += 1
            if rows % CSVConverter.deadlineInterval == 0 { try deadline.check() }
        }
    }

    /// The longest field a table may hold, in bytes: an eighth of the
    /// input, but at least 1 MB. Writing a cell holds it about five times
    /// over (the field, its text, the escaped cell, the row), so this keeps
    /// a conversion within about twice its input; a file that is one
    /// enormous field fails with `resource limit` instead.
    static func longestField(inputBytes: Int) -> Int { max(1 << 20, inputBytes / 8) }

    /// The failure of a field longer than `longestField`.
    static func fieldTooLong(_ maxField: Int) -> ConversionError {
        .resourceLimit("a field holds more than \(maxField) bytes, too much of the file for one table cell")
    }

    /// The field count of the widest record, 0 for no records; enforces
    /// the table-cell and field-size limits before any row is written.
    private static func widestRecord<Raw>(
        _ records: inout CSVRecordStream<Raw>, maxField: Int, input: ConversionInput
    ) throws(ConversionError) -> Int {
        var counter = CSVFieldCounter()
        var widest = 0, count = 0
        while try records.next(into: &counter) {
            if counter.longestField > maxField { throw fieldTooLong(maxField) }
            widest = max(widest, counter.count)
            count += 1
            try checkCells(widest: widest, records: count, limit: input.limits.maxTableCells)
            if count % deadlineInterval == 0 { try input.deadline.check() }
        }
        return widest
    }

    /// Fails when `records` records, the widest `widest` fields wide,
    /// make a table of more than `limit` cells (checked a record at a
    /// time, so without a division).
    @inline(__always)
    static func checkCells(widest: Int, records: Int, limit: Int) throws(ConversionError) {
        let (cells, overflow) = widest.multipliedReportingOverflow(by: records)
        if overflow || cells > limit {
            throw .resourceLimit("the table has more than \(limit) cells")
        }
    }
}
