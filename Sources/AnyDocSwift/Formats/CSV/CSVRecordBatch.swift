/// Records read ahead of the table writer (`CSVReadAhead`): the reader
/// puts their fields straight into storage of the batch's own, and the
/// writer has them lent back as rows.
///
/// Every field is followed by one byte, the delimiter. So a record of
/// unquoted fields read a chunk at a time lies in the batch as it lay in
/// the text, and is lent back with that span (`UTF8TableRow.span`): the
/// writer's whole-row test still applies. A field's start is one byte
/// past the end of the field before it.
///
/// The batch belongs to one thread at a time: the reading thread fills
/// it, and hands it over, whole, to the writing one.
final class CSVRecordBatch: CSVFields, @unchecked Sendable {
    private let delimiter: UInt8
    @exclusivity(unchecked) private var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var byteCapacity: Int
    /// The bytes held.
    @exclusivity(unchecked) private(set) var byteCount = 0
    /// Where each field ends in `bytes`.
    @exclusivity(unchecked) private var fieldEnds: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var fieldCapacity: Int
    @exclusivity(unchecked) private var fieldCount = 0
    /// Each record's end in `fieldEnds`, times two, plus one when it was
    /// cut from one run of the text (lent with its span).
    @exclusivity(unchecked) private var records: [Int] = []

    /// Where the record being read starts, in `bytes` and in `fieldEnds`,
    /// and where its field being read starts in `bytes`.
    @exclusivity(unchecked) private var recordStart = 0
    @exclusivity(unchecked) private var recordFieldStart = 0
    @exclusivity(unchecked) private var fieldStart = 0
    /// Whether the record being read was cut from one run of the text.
    @exclusivity(unchecked) private var recordIsRun = false

    /// The failure that ended the text after this batch's records.
    var failure: ConversionError?
    /// Whether no record follows this batch's.
    var isLast = false
    /// Once `isLast`, where the text's first unclosed quote is.
    var unclosedQuote: Int?

    /// An empty batch of records whose fields `delimiter` separates,
    /// with room for about `bytes` bytes of `records` records.
    init(delimiter: UInt8, reservingBytes bytes: Int, records: Int) {
        self.delimiter = delimiter
        byteCapacity = max(bytes, 64)
        self.bytes = .allocate(capacity: byteCapacity)
        fieldCapacity = max(4 * records, 16)
        fieldEnds = .allocate(capacity: fieldCapacity)
        self.records.reserveCapacity(records)
    }

    deinit {
        bytes.deallocate()
        fieldEnds.deallocate()
    }

    /// The number of records held.
    var count: Int { records.count }

    // MARK: - Filled by the reader

    var pendingLength: Int { byteCount - fieldStart }

    static var chunkScan: CSVChunkScan { .runs }

    func append(_ byte: UInt8) {
        reserve(1)
        bytes[byteCount] = byte
        byteCount += 1
    }

    func append(_ run: UnsafeBufferPointer<UInt8>) {
        guard let source = run.baseAddress, !run.isEmpty else { return }
        reserve(run.count)
        ShortCopy.copy(source, to: bytes + byteCount, count: run.count)
        byteCount += run.count
    }

    func endField() {
        reserve(1)
        bytes[byteCount] = delimiter
        if fieldCount == fieldCapacity { growFields() }
        fieldEnds[fieldCount] = byteCount
        fieldCount += 1
        byteCount += 1
        fieldStart = byteCount
    }

    func endField(with run: UnsafeBufferPointer<UInt8>) {
        append(run)
        endField()
    }

    func endRecord(span: UnsafeBufferPointer<UInt8>) { recordIsRun = true }

    /// Forgets the fields of the record being read, to read it again.
    func removeAll() {
        byteCount = recordStart
        fieldCount = recordFieldStart
        fieldStart = recordStart
        recordIsRun = false
    }

    /// Keeps the record just read as the batch's next.
    func keepRecord() {
        records.append(fieldCount << 1 | (recordIsRun ? 1 : 0))
        recordStart = byteCount
        recordFieldStart = fieldCount
        recordIsRun = false
    }

    // MARK: - Lent to the writer

    /// Lends each record in turn to `body` as a row of at least
    /// `columnCount` cells, the missing ones empty; `pointers` is storage
    /// the caller reuses from batch to batch.
    func forEachRow(
        columnCount: Int, pointers: inout [UnsafeBufferPointer<UInt8>],
        _ body: (UTF8TableRow) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        var widest = columnCount, firstField = 0
        for record in records {
            widest = max(widest, (record >> 1) - firstField)
            firstField = record >> 1
        }
        if pointers.count < widest {
            pointers.append(contentsOf: repeatElement(UnsafeBufferPointer(start: nil, count: 0), count: widest - pointers.count))
        }
        try pointers.withUnsafeMutableBufferPointer { pointers throws(ConversionError) in
            var firstField = 0
            for record in records {
                try lend(fields: firstField..<record >> 1, isRun: record & 1 == 1, columnCount: columnCount, through: pointers, body)
                firstField = record >> 1
            }
        }
    }

    /// Lends the record of `fields` to `body` through `pointers`, which
    /// hold enough cells for it.
    @inline(__always)
    private func lend(
        fields: Range<Int>, isRun: Bool, columnCount: Int, through pointers: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>,
        _ body: (UTF8TableRow) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        let width = max(fields.count, columnCount)
        let recordStart = fields.lowerBound == 0 ? 0 : fieldEnds[fields.lowerBound - 1] + 1
        var start = recordStart
        for (cell, field) in fields.enumerated() {
            pointers[cell] = UnsafeBufferPointer(start: bytes + start, count: fieldEnds[field] - start)
            start = fieldEnds[field] + 1
        }
        for cell in fields.count..<width { pointers[cell] = UnsafeBufferPointer(start: nil, count: 0) }
        let row = UnsafeBufferPointer(rebasing: pointers[..<width])
        if isRun, width == fields.count {
            let span = UnsafeBufferPointer(start: bytes + recordStart, count: start - 1 - recordStart)
            try body(UTF8TableRow(cells: row, span: span, separator: delimiter))
        } else {
            try body(UTF8TableRow(cells: row))
        }
    }

    // MARK: - Storage

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        guard byteCount + extra > byteCapacity else { return }
        let grown = max(2 * byteCapacity, byteCount + extra)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = larger
        byteCapacity = grown
    }

    private func growFields() {
        let grown = 2 * fieldCapacity
        let larger = UnsafeMutablePointer<Int>.allocate(capacity: grown)
        larger.initialize(from: fieldEnds, count: fieldCount)
        fieldEnds.deallocate()
        fieldEnds = larger
        fieldCapacity = grown
    }
}
