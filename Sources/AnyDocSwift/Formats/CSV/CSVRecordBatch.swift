#if canImport(Glibc)
import Glibc
#endif

/// Records read ahead of the table writer (`CSVReadAhead`): the reader
/// puts their fields straight into storage of the batch's own, and the
/// writer has them lent back as rows.
///
/// Every field is followed by one byte, the delimiter. So a record of
/// unquoted fields read a chunk at a time is copied as it lay in the text,
/// at once, and is lent back with that span (`UTF8TableRow.span`): the
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
    /// The fields held.
    @exclusivity(unchecked) private(set) var fieldCount = 0
    /// Each field's bytes, once `makeCells()` has made them.
    @exclusivity(unchecked) private var cells = UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>.allocate(capacity: 0)
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
        cells.deallocate()
    }

    /// The number of records held.
    var count: Int { records.count }

    // MARK: - Filled by the reader

    var pendingLength: Int { byteCount - fieldStart }

    static var chunkScan: CSVChunkScan { .spans }

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

    func endField(at offset: Int) {
        if fieldCount == fieldCapacity { growFields() }
        fieldEnds[fieldCount] = recordStart + offset
        fieldCount += 1
    }

    /// Takes the record whose fields ended at offsets from its start: its
    /// span, and the delimiter after its last field.
    func endRecord(span: UnsafeBufferPointer<UInt8>) {
        reserve(span.count + 1)
        if let source = span.baseAddress { memcpy(bytes + recordStart, source, span.count) }
        byteCount = recordStart + span.count
        bytes[byteCount] = delimiter
        byteCount += 1
        fieldStart = byteCount
        recordIsRun = true
    }

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

    /// Makes each field's cell, once the batch is full.
    private func makeCells() {
        cells.deallocate()
        cells = .allocate(capacity: fieldCount)
        var start = 0
        for field in 0..<fieldCount {
            cells[field] = UnsafeBufferPointer(start: bytes + start, count: fieldEnds[field] - start)
            start = fieldEnds[field] + 1
        }
    }

    /// Lends each record in turn to `body` as a row of at least
    /// `columnCount` cells, the missing ones empty; `padded` is storage
    /// the caller reuses for rows that need padding.
    func forEachRow(
        columnCount: Int, padded: inout [UnsafeBufferPointer<UInt8>],
        _ body: (UTF8TableRow) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        makeCells()
        if padded.count < columnCount {
            padded.append(contentsOf: repeatElement(UnsafeBufferPointer(start: nil, count: 0), count: columnCount - padded.count))
        }
        var firstField = 0
        for record in records {
            let fields = UnsafeBufferPointer(start: cells + firstField, count: (record >> 1) - firstField)
            firstField = record >> 1
            if fields.count < columnCount {
                try lend(padding: fields, to: columnCount, in: &padded, body)
            } else if record & 1 == 1, let first = fields.first?.baseAddress, let last = fields.last {
                let span = UnsafeBufferPointer(start: first, count: last.baseAddress! + last.count - first)
                try body(UTF8TableRow(cells: fields, span: span, separator: delimiter))
            } else {
                try body(UTF8TableRow(cells: fields))
            }
        }
    }

    /// Lends `fields` to `body` as a row of `width` cells, padded with
    /// empty ones in `padded`.
    private func lend(
        padding fields: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, to width: Int,
        in padded: inout [UnsafeBufferPointer<UInt8>], _ body: (UTF8TableRow) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        try padded.withUnsafeMutableBufferPointer { padded throws(ConversionError) in
            _ = padded.update(fromContentsOf: fields)
            for cell in fields.count..<width { padded[cell] = UnsafeBufferPointer(start: nil, count: 0) }
            try body(UTF8TableRow(cells: UnsafeBufferPointer(rebasing: padded[..<width])))
        }
    }

    // MARK: - Storage

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        guard byteCount + extra > byteCapacity else { return }
        ManualStorage.grow(&bytes, capacity: &byteCapacity, count: byteCount, needed: byteCount + extra)
    }

    private func growFields() {
        ManualStorage.grow(&fieldEnds, capacity: &fieldCapacity, count: fieldCount, needed: fieldCount + 1)
    }
}
