@testable import AnyDocSwift

/// The word-at-a-time scans of the CSV path against byte-by-byte loops:
/// the stop search from starts in any order (it remembers its last
/// word), the plain-cell test from every offset, and the row the field
/// buffer lends against its fields' texts, and the count passes (with
/// and without a reader) and the read-ahead batch against the fields read.
enum CSVScanDifferential {
    static func run(_ bytes: [UInt8]) {
        let delimiter = CSVDelimiter.candidates[Int(bytes.last ?? 0) % CSVDelimiter.candidates.count]
        bytes.withUnsafeBufferPointer { buffer in
            stops(buffer, delimiter: delimiter)
            plainCells(buffer)
            rows(buffer, delimiter: delimiter)
            counts(buffer, delimiter: delimiter)
        }
    }

    /// The count pass and the write pass (both of which read records of
    /// unquoted fields a chunk at a time) against the byte-by-byte
    /// reference: the same records, field counts and fields, the same
    /// longest field from 64 bytes up.
    private static func counts(_ buffer: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        let expected = CSVReferenceReader.records(Array(buffer), delimiter: delimiter)
        var counting = CSVReader(buffer, delimiter: delimiter)
        var reading = CSVReader(buffer, delimiter: delimiter)
        var counter = CSVFieldCounter()
        var fields = CSVFieldBuffer(delimiter: delimiter)
        var read: [[String]] = []
        var counts: [Int] = []
        var longest = 0
        while counting.readRecord(into: &counter) { counts.append(counter.count) }
        while reading.readRecord(into: &fields) {
            try? fields.withRow(columnCount: 0) { row throws(ConversionError) in
                read.append(row.texts)
                for index in 0..<row.count { longest = max(longest, row[index].count) }
            }
        }
        if read != expected { fatalError("the write pass read \(read), expected \(expected)") }
        if batched(buffer, delimiter: delimiter) != expected { fatalError("the read-ahead batch differs from \(expected)") }
        measured(buffer, delimiter: delimiter, widest: expected.map(\.count).max() ?? 0)
        if counts != expected.map(\.count) { fatalError("the count pass counted \(counts)") }
        // Fields as bytes (the reference gives strings, repaired where
        // the input is not UTF-8); they are checked as strings above.
        if (longest >= 64 || counter.longestField >= 64) && longest != counter.longestField {
            fatalError("longest field counted \(counter.longestField), read \(longest)")
        }
    }

    /// The records as the read-ahead thread batches them (spans copied
    /// whole, fields by where they end), as texts.
    private static func batched(_ buffer: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> [[String]] {
        var batch = CSVRecordBatch(delimiter: delimiter, reservingBytes: 16, records: 2)
        var reader = CSVReader(buffer, delimiter: delimiter)
        while reader.readRecord(into: &batch) { batch.keepRecord() }
        var read: [[String]] = []
        var padded: [UnsafeBufferPointer<UInt8>] = []
        try? batch.forEachRow(columnCount: 0, padded: &padded) { row throws(ConversionError) in
            if let span = row.span, Array(span.bytes) != Array(row.cells.map(Array.init).joined(separator: [span.separator])) {
                fatalError("a batched row's span is not its cells")
            }
            read.append(row.texts)
        }
        return read
    }

    /// The count pass without a reader, over pieces cut where the input
    /// says: the widest record, or nothing when it leaves the count to
    /// the reader; never anything else.
    private static func measured(_ buffer: UnsafeBufferPointer<UInt8>, delimiter: UInt8, widest: Int) {
        var measure = CSVLineMeasure(delimiter: delimiter, maxCells: .max, maxField: .max)
        let pieceSize = Int(buffer.first ?? 0) % 97 + 1
        var start = 0
        while start < buffer.count {
            let end = min(buffer.count, start + pieceSize)
            guard (try? measure.measure(UnsafeBufferPointer(rebasing: buffer[start..<end]))) == true else { return }
            start = end
        }
        guard (try? measure.finish()) == true else { return }
        if measure.widest != widest { fatalError("measured \(measure.widest) fields, the widest record has \(widest)") }
    }

    private static func stops(_ buffer: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        var scan = CSVStopScan(delimiter: delimiter)
        var start = 0
        for step in 0..<min(buffer.count, 512) {
            // Forward, repeated and backward starts, taken from the input.
            start = (start + Int(buffer[step]) % 19 - 4 + buffer.count + 1) % (buffer.count + 1)
            let expected = buffer[start...].firstIndex { $0 == delimiter || $0 == 0x0A || $0 == 0x0D } ?? buffer.count
            let found = scan.firstStop(in: buffer, from: start)
            if found != expected { fatalError("stop from \(start) at \(found), expected \(expected)") }
        }
    }

    private static func plainCells(_ buffer: UnsafeBufferPointer<UInt8>) {
        let stoppers = Set(Array("\\`*_~[]<&!$|".utf8)).union(0..<32).union([127])
        for start in 0..<min(buffer.count, 64) {
            for end in start...min(buffer.count, start + 40) {
                let cell = UnsafeBufferPointer(rebasing: buffer[start..<end])
                if PlainCellScan.hasNoStopper(cell) != !cell.contains(where: stoppers.contains) {
                    fatalError("plain-cell test wrong on \(Array(cell))")
                }
            }
        }
    }

    private static func rows(_ buffer: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        var reader = CSVReader(buffer, delimiter: delimiter)
        var fields = CSVFieldBuffer()
        let columnCount = Int(buffer.first ?? 0) % 9
        while reader.readRecord(into: &fields) {
            let texts = (0..<fields.count).map(fields.text(at:))
            var lent: [String] = []
            try? fields.withRow(columnCount: columnCount) { row throws(ConversionError) in lent = row.texts }
            let padded = texts + [String](repeating: "", count: max(0, columnCount - texts.count))
            if lent != padded { fatalError("lent \(lent), fields \(padded)") }
        }
    }
}
