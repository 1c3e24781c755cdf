import Testing
@testable import AnyDocSwift

/// Records read ahead on a thread of their own are written as one thread
/// writes them: the same Markdown and warnings, a failure after the
/// records before it, and a writer that stops early lets the reader go.
@Suite struct CSVReadAheadTests {
    /// A text of several megabytes, long enough to be read ahead: records
    /// of four to six fields, plain or quoted (with delimiters, line
    /// breaks and doubled quotes inside), some with NUL bytes or cells
    /// that need escaping, the widest near the end, and a quote never
    /// closed.
    static func bigText(seed: UInt64) -> [UInt8] {
        var generator = CSVBlockEdgeTests.Generator(state: seed)
        let plain = ["a", "bc", "1.5", "é", "日本", "😀", "*x*", "x|y", "\\", "<b>", " ", "", "a\0b"]
        let quoted = ["\"a,b\"", "\"line\nbreak\"", "\"say \"\"hi\"\"\"", "\"\"", "\"\r\n\""]
        var bytes: [UInt8] = []
        while bytes.count < 2 << 20 {
            for field in 0..<4 + generator.next(3) {
                if field > 0 { bytes.append(UInt8(ascii: ",")) }
                let token = generator.next(4) == 0 ? quoted[generator.next(quoted.count)] : plain[generator.next(plain.count)]
                bytes.append(contentsOf: token.utf8)
            }
            bytes.append(contentsOf: ["\n", "\r\n", "\n\n"][generator.next(3)].utf8)
        }
        bytes.append(contentsOf: (String(repeating: "w,", count: 9) + "\n\"never closed, 1\n2,3\n").utf8)
        return bytes
    }

    static func input(_ bytes: [UInt8], threads: Int) -> ConversionInput {
        var options = ConversionOptions()
        options.ocrWorkers = threads
        return ConversionInput(bytes: bytes, format: .csv, options: options, deadline: Deadline(secondsFromNow: 120), fileName: "t.csv")
    }

    /// The conversion of `bytes` in pieces, as a file is read, by a
    /// document that may use `threads` threads.
    static func converted(_ bytes: [UInt8], threads: Int) -> CSVBlockEdgeTests.Outcome {
        CSVBlockEdgeTests.run { writer throws(ConversionError) in
            let streamed = try CSVFileConversion.convert(
                head: Array(bytes.prefix(4096)), input: input([], threads: threads), into: writer
            ) { size in CSVByteSlices(bytes, sizes: [size]) }
            #expect(streamed)
        }
    }

    @Test func readingAheadWritesWhatOneThreadWrites() throws {
        for seed: UInt64 in [3] {
            let bytes = Self.bigText(seed: seed)
            #expect(CSVReadAhead.isWorthwhile(textBytes: bytes.count, input: Self.input([], threads: 2)))
            #expect(!CSVReadAhead.isWorthwhile(textBytes: bytes.count, input: Self.input([], threads: 1)))
            let alone = Self.converted(bytes, threads: 1)
            guard case .converted(let markdown, let warnings) = alone else {
                Issue.record("the text did not convert: \(alone)")
                continue
            }
            #expect(markdown.count > 3 << 20)
            #expect(warnings.contains { $0.contains("never closed") })
            #expect(Self.converted(bytes, threads: 2) == alone)
            let whole = CSVBlockEdgeTests.run { writer throws(ConversionError) in
                try CSVConverter.convert(Self.input(bytes, threads: 2), into: writer)
            }
            #expect(whole == alone)
        }
    }

    /// Pieces of a text that fail once `failAfter` bytes have been read.
    struct FailingPieces: CSVRawPieces {
        var slices: CSVByteSlices
        let failAfter: Int
        var read = 0
        var totalBytes: Int { slices.totalBytes }
        var pieceSize: Int { slices.pieceSize }

        mutating func next() throws(ConversionError) -> [UInt8]? {
            guard read < failAfter else { throw .io("the disk went away") }
            let piece = try slices.next()
            read += piece?.count ?? 0
            return piece
        }

        mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ConversionError) -> Int {
            guard read < failAfter else { throw .io("the disk went away") }
            let got = try slices.read(into: buffer)
            read += got
            return got
        }
    }

    static func stream(_ bytes: [UInt8], failAfter: Int) -> CSVRecordStream<FailingPieces> {
        let pieces = FailingPieces(slices: CSVByteSlices(bytes, sizes: [4096]), failAfter: failAfter)
        return CSVRecordStream(CSVTextPieces(pieces), delimiter: 0x2C, maxField: .max)
    }

    @Test func aFailureComesAfterTheRecordsReadBeforeIt() throws {
        let bytes = Array(String(repeating: "alpha,beta,\"gam\nma\",delta\n", count: 60_000).utf8)
        var oneThread = Self.stream(bytes, failAfter: 1 << 20)
        var fields = CSVFieldBuffer(delimiter: 0x2C)
        var before = 0
        var failure: ConversionError?
        do {
            while try oneThread.next(into: &fields) { before += 1 }
        } catch {
            failure = error
        }
        #expect(failure == .io("the disk went away"))
        #expect(before > 30_000)

        let ahead = try #require(CSVReadAhead(Self.stream(bytes, failAfter: 1 << 20), deadline: Deadline(secondsFromNow: 60)))
        var written = 0
        var pointers: [UnsafeBufferPointer<UInt8>] = []
        while true {
            let batch = try ahead.nextBatch()
            try batch.forEachRow(columnCount: 4, padded: &pointers) { row throws(ConversionError) in
                #expect(row.count == 4)
                written += 1
            }
            if batch.isLast {
                #expect(batch.failure == failure)
                break
            }
        }
        #expect(written == before)
    }

    @Test func aWriterThatStopsEarlyLetsTheReaderGo() throws {
        let bytes = Array(String(repeating: "a,b,c\n", count: 400_000).utf8)
        for _ in 0..<20 {
            let ahead = try #require(CSVReadAhead(Self.stream(bytes, failAfter: .max), deadline: Deadline(secondsFromNow: 60)))
            let first = try ahead.nextBatch()
            #expect(first.count == CSVReadAhead.batchRecords)
            #expect(!first.isLast)
        }
    }
}
