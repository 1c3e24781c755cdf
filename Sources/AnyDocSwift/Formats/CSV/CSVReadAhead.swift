/// Reads a table's records on a thread of its own, a batch at a time,
/// while the calling thread writes the batches before: in a big table,
/// cutting records into fields and writing them as rows each take about
/// half the time of the write pass.
///
/// The records are those the stream reads on one thread, in the same
/// order; a failure reading one comes after the records before it. The
/// reading thread is at most one batch ahead, so memory stays bounded.
final class CSVReadAhead {
    /// A batch ends once it holds this many bytes, records or fields
    /// (after the record that reached it), so it stays in cache on its way
    /// between the threads, and a batch of wide rows of empty fields stays
    /// as small.
    static let batchBytes = 1 << 18
    static let batchRecords = 4096
    static let batchFields = 1 << 15
    /// Batches the reading thread may be ahead: one waits while the next
    /// is read. With the one being written, at most three batches are
    /// held, so memory beyond the single-thread path's is about 1 MB, or
    /// three times a record bigger than a batch.
    private static let window = 2

    /// Whether reading ahead pays for a thread, on a text of `textBytes`
    /// bytes: when the document may use a second core and the text is
    /// big enough for the hand-over to cost little beside it.
    static func isWorthwhile(textBytes: Int, input: ConversionInput) -> Bool {
        textBytes >= 1 << 20 && (input.options.ocrWorkers ?? ConversionOptions.defaultOCRWorkers) > 1
    }

    /// The stream, read by the reading thread alone (so its accesses go
    /// unchecked).
    private final class Reader<Raw: CSVRawPieces>: @unchecked Sendable {
        @exclusivity(unchecked) var records: CSVRecordStream<Raw>
        let deadline: Deadline
        var finished = false

        init(_ records: CSVRecordStream<Raw>, deadline: Deadline) {
            self.records = records
            self.deadline = deadline
        }

        func nextBatch() -> CSVRecordBatch {
            var batch = CSVRecordBatch(
                delimiter: records.delimiter, reservingBytes: CSVReadAhead.batchBytes + (CSVReadAhead.batchBytes >> 2),
                records: CSVReadAhead.batchRecords)
            guard !finished else {
                batch.isLast = true
                return batch
            }
            do throws(ConversionError) {
                try deadline.check()
                while batch.byteCount < CSVReadAhead.batchBytes, batch.count < CSVReadAhead.batchRecords,
                    batch.fieldCount < CSVReadAhead.batchFields
                {
                    guard try records.next(into: &batch) else {
                        batch.isLast = true
                        batch.unclosedQuote = records.unclosedQuote
                        break
                    }
                    batch.keepRecord()
                }
            } catch {
                batch.removeAll()
                batch.failure = error
                batch.isLast = true
            }
            finished = batch.isLast
            return batch
        }
    }

    private let work: OrderedParallelWork<CSVRecordBatch>
    private var taken = 0

    /// Starts reading `records` on a thread; nil when none can start.
    init?<Raw: CSVRawPieces>(_ records: CSVRecordStream<Raw>, deadline: Deadline) {
        let reader = Reader(records, deadline: deadline)
        guard let work = OrderedParallelWork<CSVRecordBatch>(
            count: .max, window: Self.window, workers: [{ _ in .success(reader.nextBatch()) }])
        else { return nil }
        self.work = work
    }

    deinit { work.stop() }

    /// The next batch; the one marked `isLast` ends the records.
    func nextBatch() throws(ConversionError) -> CSVRecordBatch {
        defer { taken += 1 }
        return try work.value(at: taken)
    }
}
