/// Keeps a record's fields as UTF-8 without copying what it need not: a
/// field that is one run of the input (any unquoted field, a quoted one
/// without doubled quotes or line breaks) points into the input, which
/// must stay as it is until the next record is read; only the others
/// are put together in a reused scratch buffer.
///
/// The fields are kept as the cells `withRow` lends, in storage reused
/// from record to record (only ever grown), so a record of plain fields
/// is lent as it was read, without a copy or an allocation.
struct CSVFieldBuffer: CSVFields {
    private var scratch: [UInt8] = []
    /// The first `count` are the record's fields; a field in `scratch`
    /// is empty here until `withRow` lends it.
    private var cells: [UnsafeBufferPointer<UInt8>] = []
    /// The fields held in `scratch`: their index and bytes there.
    private var scratchFields: [(index: Int, bytes: Range<Int>)] = []
    private var pending = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Where the pending field starts in `scratch`, once moved there.
    private var pendingStart: Int?

    /// The number of fields in the record.
    private(set) var count = 0
    /// The bytes the record's fields were cut from, when the reader said.
    private var recordSpan: UnsafeBufferPointer<UInt8>?

    /// The delimiter between fields, when known: a record of unquoted
    /// fields is then lent with its span (`UTF8TableRow.span`).
    private let delimiter: UInt8?

    /// Fields of records whose delimiter is `delimiter`, if known.
    init(delimiter: UInt8? = nil) {
        self.delimiter = delimiter
    }

    var pendingLength: Int {
        if let pendingStart { return scratch.count - pendingStart }
        return pending.count
    }

    mutating func append(_ byte: UInt8) {
        moveToScratch()
        scratch.append(byte)
    }

    mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
        if pendingStart == nil, pending.isEmpty {
            pending = run
            return
        }
        moveToScratch()
        scratch.append(contentsOf: run)
    }

    mutating func endField() {
        var field = pending
        if let start = pendingStart {
            scratchFields.append((count, start..<scratch.count))
            field = UnsafeBufferPointer(start: nil, count: 0)
        }
        if count < cells.count { cells[count] = field } else { cells.append(field) }
        count += 1
        pending = UnsafeBufferPointer(start: nil, count: 0)
        pendingStart = nil
    }

    mutating func endField(with run: UnsafeBufferPointer<UInt8>) {
        guard pendingStart == nil, pending.isEmpty else {
            if !run.isEmpty { append(run) }
            return endField()
        }
        if count < cells.count { cells[count] = run } else { cells.append(run) }
        count += 1
    }

    static var chunkScan: CSVChunkScan { .runs }

    mutating func endRecord(span: UnsafeBufferPointer<UInt8>) { recordSpan = span }

    mutating func removeAll() {
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        if !scratchFields.isEmpty { scratchFields.removeAll(keepingCapacity: true) }
        count = 0
        recordSpan = nil
        pending = UnsafeBufferPointer(start: nil, count: 0)
        pendingStart = nil
    }

    /// Copies the pending field into the scratch buffer, to be added to.
    private mutating func moveToScratch() {
        guard pendingStart == nil else { return }
        pendingStart = scratch.count
        scratch.append(contentsOf: pending)
    }

    /// Lends the record as a row of at least `columnCount` cells, the
    /// missing ones empty; the row is valid only inside `body`.
    mutating func withRow(
        columnCount: Int, _ body: (UTF8TableRow) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        let width = max(count, columnCount)
        while cells.count < width { cells.append(UnsafeBufferPointer(start: nil, count: 0)) }
        for index in count..<width { cells[index] = UnsafeBufferPointer(start: nil, count: 0) }
        let scratchFields = scratchFields
        try scratch.withUnsafeBufferPointer { scratch throws(ConversionError) in
            for (index, bytes) in scratchFields { cells[index] = UnsafeBufferPointer(rebasing: scratch[bytes]) }
            try cells.withUnsafeBufferPointer { cells throws(ConversionError) in
                let row = UnsafeBufferPointer(rebasing: cells[..<width])
                if let span = scratchFields.isEmpty && width == count ? recordSpan ?? Self.span(of: row) : nil, let delimiter {
                    try body(UTF8TableRow(cells: row, span: span, separator: delimiter))
                } else {
                    try body(UTF8TableRow(cells: row))
                }
            }
        }
    }

    /// The bytes `cells` were cut from, when each starts one byte after
    /// the one before ends: unquoted fields, with a delimiter between
    /// each (a quoted field starts two bytes after, past its quote).
    private static func span(of cells: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) -> UnsafeBufferPointer<UInt8>? {
        guard let first = cells.first?.baseAddress, var end = cells.first.map({ first + $0.count }) else { return nil }
        for cell in cells.dropFirst() {
            guard cell.baseAddress == end + 1 else { return nil }
            end += 1 + cell.count
        }
        return UnsafeBufferPointer(start: first, count: end - first)
    }

    /// The text of field `index`. Fields split valid UTF-8 at ASCII
    /// bytes, so each is valid UTF-8 on its own.
    func text(at index: Int) -> String {
        guard let bytes = scratchFields.first(where: { $0.index == index })?.bytes else {
            return String(decoding: cells[index], as: UTF8.self)
        }
        return scratch.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[bytes]), as: UTF8.self) }
    }
}
