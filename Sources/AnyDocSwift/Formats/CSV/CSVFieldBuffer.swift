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

    mutating func removeAll() {
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        if !scratchFields.isEmpty { scratchFields.removeAll(keepingCapacity: true) }
        count = 0
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
                try body(UTF8TableRow(cells: UnsafeBufferPointer(rebasing: cells[..<width])))
            }
        }
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
