@testable import AnyDocSwift

/// The word-at-a-time scans of the CSV path against byte-by-byte loops:
/// the stop search from starts in any order (it remembers its last
/// word), the plain-cell test from every offset, and the row the field
/// buffer lends against its fields' texts, and the count pass against
/// the fields read.
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
        if counts != expected.map(\.count) { fatalError("the count pass counted \(counts)") }
        // Fields as bytes (the reference gives strings, repaired where
        // the input is not UTF-8); they are checked as strings above.
        if (longest >= 64 || counter.longestField >= 64) && longest != counter.longestField {
            fatalError("longest field counted \(counter.longestField), read \(longest)")
        }
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
