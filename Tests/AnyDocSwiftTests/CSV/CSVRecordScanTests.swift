import Testing
@testable import AnyDocSwift

/// The chunk-at-a-time record reading against the reader's exact path,
/// on text with quoted fields, quotes inside fields, every line break,
/// unclosed quotes and runs long enough to cross chunks: the counting
/// pass finds the same records, field counts, unclosed quote and longest
/// field (from 64 bytes up); the writing pass the same fields.
@Suite struct CSVRecordScanTests {
    /// Keeps every field's bytes, through the reader's exact path (it
    /// takes no record a chunk at a time).
    struct ExactFields: CSVFields {
        var records: [[[UInt8]]] = []
        var record: [[UInt8]] = []
        var field: [UInt8] = []
        var pendingLength: Int { field.count }
        mutating func append(_ byte: UInt8) { field.append(byte) }
        mutating func append(_ run: UnsafeBufferPointer<UInt8>) { field.append(contentsOf: run) }
        mutating func endField() {
            record.append(field)
            field = []
        }
        mutating func endField(with run: UnsafeBufferPointer<UInt8>) {
            append(run)
            endField()
        }
        mutating func removeAll() {
            record = []
            field = []
        }
    }

    struct Reading: Equatable {
        var records: [[[UInt8]]] = []
        var unclosed: Int?
    }

    static func exact(_ bytes: [UInt8], delimiter: UInt8) -> Reading {
        var fields = ExactFields()
        var reading = Reading()
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(buffer, delimiter: delimiter)
            while reader.readRecord(into: &fields) { reading.records.append(fields.record) }
            reading.unclosed = reader.unclosedQuote
        }
        return reading
    }

    static func lent(_ bytes: [UInt8], delimiter: UInt8) -> Reading {
        var fields = CSVFieldBuffer(delimiter: delimiter)
        var reading = Reading()
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(buffer, delimiter: delimiter)
            while reader.readRecord(into: &fields) {
                try? fields.withRow(columnCount: 0) { row throws(ConversionError) in
                    reading.records.append((0..<row.count).map { Array(row[$0]) })
                }
            }
            reading.unclosed = reader.unclosedQuote
        }
        return reading
    }

    /// The records as a batch holds them (spans and field ends), read
    /// as the read-ahead thread reads them.
    static func batched(_ bytes: [UInt8], delimiter: UInt8) -> Reading {
        var batch = CSVRecordBatch(delimiter: delimiter, reservingBytes: 16, records: 2)
        var reading = Reading()
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(buffer, delimiter: delimiter)
            while reader.readRecord(into: &batch) { batch.keepRecord() }
            reading.unclosed = reader.unclosedQuote
        }
        var padded: [UnsafeBufferPointer<UInt8>] = []
        try? batch.forEachRow(columnCount: 0, padded: &padded) { row throws(ConversionError) in
            reading.records.append((0..<row.count).map { Array(row[$0]) })
            if let span = row.span {
                #expect(Array(span.bytes) == Array(row.cells.map(Array.init).joined(separator: [span.separator])))
            }
        }
        return reading
    }

    static func counted(_ bytes: [UInt8], delimiter: UInt8) -> (counts: [Int], longest: Int, unclosed: Int?) {
        var counter = CSVFieldCounter()
        var counts: [Int] = []
        var unclosed: Int?
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(buffer, delimiter: delimiter)
            while reader.readRecord(into: &counter) { counts.append(counter.count) }
            unclosed = reader.unclosedQuote
        }
        return (counts, counter.longestField, unclosed)
    }

    static func randomText(_ generator: inout SystemRandomNumberGenerator, round: Int) -> [UInt8] {
        // Every fourth text has few stops and is long, so fields cross chunks.
        let sparse = round % 4 == 1
        let letters = sparse ? 200 : 9
        let alphabet: [UInt8] = Array(String(repeating: "ab", count: letters).utf8) + Array(",,;\t|\"\"\n\r xy".utf8)
            + [0xE4, 0xB8, 0xAD]
        let long = sparse || round % 3 == 0
        let length = long ? Int.random(in: 0...400, using: &generator) : Int.random(in: 0...60, using: &generator)
        return (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
    }

    @Test func countsWhatTheExactPathReads() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<3000 {
            let bytes = Self.randomText(&generator, round: round)
            let delimiter = CSVDelimiter.candidates.randomElement(using: &generator)!
            let exact = Self.exact(bytes, delimiter: delimiter)
            let counted = Self.counted(bytes, delimiter: delimiter)
            let longest = exact.records.joined().map(\.count).max() ?? 0
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            #expect(counted.counts == exact.records.map(\.count), "\(text) delimiter \(delimiter)")
            #expect(counted.unclosed == exact.unclosed, "\(text)")
            #expect(longest >= 64 || counted.longest >= 64 ? counted.longest == longest : true, "\(text)")
        }
    }

    /// The field buffer the write pass reads into, and the batch the
    /// read-ahead thread fills, hold what the exact path reads.
    @Test func lendsAndBatchesWhatTheExactPathReads() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<3000 {
            let bytes = Self.randomText(&generator, round: round)
            let delimiter = CSVDelimiter.candidates.randomElement(using: &generator)!
            let exact = Self.exact(bytes, delimiter: delimiter)
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            #expect(Self.lent(bytes, delimiter: delimiter) == exact, "\(text) delimiter \(delimiter)")
            #expect(Self.batched(bytes, delimiter: delimiter) == exact, "\(text) delimiter \(delimiter)")
        }
    }

    /// A delimiter on or near a chunk's last byte, followed by a quoted
    /// field, a lone quote or a line break, with the record starting at
    /// every offset before it: the field after it starts in the next chunk.
    @Test func aFieldStartingAcrossAChunkEdgeReadsAsTheExactPathReadsIt() {
        let tails = ["\"q,\"\"x\",y\n", "\"\n", "\r\n\"q\"\n", "z\"\n", ",\"\"\n"]
        for delimiterAt in 60...68 {
            for start in [0, 1, 30, 59] where start < delimiterAt {
                for tail in tails {
                    let head = Array(repeating: UInt8(ascii: "\n"), count: start)
                    let body = Array(repeating: UInt8(ascii: "a"), count: delimiterAt - start) + [UInt8(ascii: ",")]
                    let bytes = head + body + Array(tail.utf8) + Array("1,2\n".utf8)
                    let exact = Self.exact(bytes, delimiter: 0x2C)
                    let text = String(decoding: bytes, as: UTF8.self).debugDescription
                    #expect(Self.lent(bytes, delimiter: 0x2C) == exact, "\(text)")
                    #expect(Self.batched(bytes, delimiter: 0x2C) == exact, "\(text)")
                    #expect(Self.counted(bytes, delimiter: 0x2C).counts == exact.records.map(\.count), "\(text)")
                }
            }
        }
    }

    @Test func aRecordOfUnquotedFieldsIsLentWithItsSpan() {
        let bytes = Array("id,name,amount,note\n1,alpha beta gamma,12.5,x\n2,\"q\",3,y\nlast,row,without,break".utf8)
        var spans: [String?] = []
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(buffer, delimiter: 0x2C)
            var fields = CSVFieldBuffer(delimiter: 0x2C)
            while reader.readRecord(into: &fields) {
                try? fields.withRow(columnCount: 4) { row throws(ConversionError) in
                    spans.append(row.span.map { String(decoding: $0.bytes, as: UTF8.self) + " \($0.separator)" })
                }
            }
        }
        // The quoted field breaks the run; the last record, read the
        // exact way, is still one run of unquoted fields.
        #expect(spans == ["id,name,amount,note 44", "1,alpha beta gamma,12.5,x 44", nil, "last,row,without,break 44"])
    }
}
