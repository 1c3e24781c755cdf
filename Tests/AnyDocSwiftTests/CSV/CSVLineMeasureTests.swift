import Testing
@testable import AnyDocSwift

/// The count pass without a reader against the reader's exact count: on
/// any text it either finds the same width or leaves the text to the
/// reader; on text whose quotes are all well placed (none, or quoted
/// fields with delimiters, line breaks and doubled quotes inside, across
/// chunk and piece edges) it always finds the width itself.
@Suite struct CSVLineMeasureTests {
    /// The width `CSVLineMeasure` finds for `bytes` read in pieces of
    /// `pieceSize` bytes; nil when it leaves the count to the reader.
    static func measured(
        _ bytes: [UInt8], delimiter: UInt8, pieceSize: Int, maxCells: Int = .max, maxField: Int = 1 << 20
    ) throws(ConversionError) -> Int? {
        var measure = CSVLineMeasure(delimiter: delimiter, maxCells: maxCells, maxField: maxField)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + pieceSize)
            let measuredPiece = try bytes[start..<end].withUnsafeBufferPointer { piece throws(ConversionError) in
                try measure.measure(piece)
            }
            guard measuredPiece else { return nil }
            start = end
        }
        return try measure.finish() ? measure.widest : nil
    }

    static func exactWidth(_ bytes: [UInt8], delimiter: UInt8) -> Int {
        CSVRecordScanTests.counted(bytes, delimiter: delimiter).counts.max() ?? 0
    }

    /// A record of fields, each plain or quoted with anything inside.
    static func wellPlacedText(_ generator: inout CSVBlockEdgeTests.Generator, delimiter: UInt8) -> [UInt8] {
        let plain = ["a", "bc", "1.5", "é", "日本", " ", "x y", "", String(repeating: "z", count: 70)]
        let inside = ["a", ",", ";", "\t", "|", "\n", "\r\n", "\r", "\"\"", " ", String(repeating: "q", count: 90)]
        let breaks = ["\n", "\r\n", "\r", "\n\n", "\r\n\r\n"]
        var bytes: [UInt8] = []
        let records = generator.next(40)
        for record in 0..<records {
            for field in 0...generator.next(6) {
                if field > 0 { bytes.append(delimiter) }
                if generator.next(3) == 0 {
                    bytes.append(UInt8(ascii: "\""))
                    for _ in 0..<generator.next(6) { bytes.append(contentsOf: inside[generator.next(inside.count)].utf8) }
                    bytes.append(UInt8(ascii: "\""))
                } else {
                    bytes.append(contentsOf: plain[generator.next(plain.count)].utf8)
                }
            }
            // The last record may end without a line break.
            if record < records - 1 || generator.next(2) == 0 {
                bytes.append(contentsOf: breaks[generator.next(breaks.count)].utf8)
            }
        }
        return bytes
    }

    /// On random text, under a field limit that texts often break: the
    /// measure finds the exact count's width, or leaves the count to the
    /// reader, which it must for a text without quotes only when a field
    /// is over the limit.
    @Test func measuresWhatTheExactCountFindsOrLeavesItToTheReader() throws {
        var generator = SystemRandomNumberGenerator()
        var measuredTexts = 0
        for round in 0..<4000 {
            let bytes = CSVRecordScanTests.randomText(&generator, round: round)
            let delimiter = CSVDelimiter.candidates.randomElement(using: &generator)!
            let maxField = round % 2 == 0 ? 1 << 20 : Int.random(in: 64...260, using: &generator)
            let pieceSize = [1, 7, 63, 64, 65, 1 << 20].randomElement(using: &generator)!
            let exact = CSVRecordScanTests.counted(bytes, delimiter: delimiter)
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            guard let width = try Self.measured(bytes, delimiter: delimiter, pieceSize: pieceSize, maxField: maxField) else {
                #expect(bytes.contains(UInt8(ascii: "\"")) || exact.longest > maxField, "\(text): measured without quotes")
                continue
            }
            measuredTexts += 1
            #expect(exact.longest <= maxField, "\(text) limit \(maxField) pieces \(pieceSize)")
            #expect(width == (exact.counts.max() ?? 0), "\(text) delimiter \(delimiter) pieces \(pieceSize)")
        }
        #expect(measuredTexts > 500)
    }

    @Test func textWhoseQuotesAreWellPlacedIsMeasured() throws {
        var generator = CSVBlockEdgeTests.Generator(state: 7)
        for _ in 0..<2000 {
            let delimiter = CSVDelimiter.candidates[generator.next(CSVDelimiter.candidates.count)]
            let bytes = Self.wellPlacedText(&generator, delimiter: delimiter)
            let pieceSize = [1, 5, 64, 100, 4096][generator.next(5)]
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            #expect(
                try Self.measured(bytes, delimiter: delimiter, pieceSize: pieceSize) == Self.exactWidth(bytes, delimiter: delimiter),
                "\(text) delimiter \(delimiter) pieces \(pieceSize)")
        }
    }

    @Test func misplacedAndUnclosedQuotesAreLeftToTheReader() throws {
        for text in ["ab\"c,d\n1,2\n", "\"ab\"c,d\n", "a,\"b\n", "a,b\"\"\n", "\"a\"\"\n", "x\n\"abc"] {
            #expect(try Self.measured(Array(text.utf8), delimiter: 0x2C, pieceSize: 4096) == nil, "\(text.debugDescription)")
        }
        #expect(try Self.measured(Array("\"a,\"\"b\"\"\",c\r\n\"\",\"\n\",d\n".utf8), delimiter: 0x2C, pieceSize: 3) == 3)
    }

    @Test func theCellLimitFailsAsTheExactCountDoes() throws {
        let bytes = Array(String(repeating: "a,b,\"c\nd\"\n", count: 50).utf8)
        #expect(throws: ConversionError.self) { try Self.measured(bytes, delimiter: 0x2C, pieceSize: 64, maxCells: 149) }
        #expect(try Self.measured(bytes, delimiter: 0x2C, pieceSize: 64, maxCells: 150) == 3)
    }

    /// A last field over the field limit, with no line break after it,
    /// leaves the count to the reader, which fails on it.
    @Test func aLastFieldOverTheLimitIsLeftToTheReader() throws {
        for last in ["x", "\"x", "\"x\"\""] {
            let bytes = Array("a,b\n1,".utf8) + Array(last.utf8) + Array(repeating: UInt8(ascii: "x"), count: 300)
            #expect(try Self.measured(bytes, delimiter: 0x2C, pieceSize: 64, maxField: 200) == nil, "\(last)")
        }
    }

    @Test func aConversionWhoseLastFieldIsTooLongFails() throws {
        let bytes = Array("a,b\n1,".utf8) + Array(repeating: UInt8(ascii: "x"), count: 3 << 19)
        let failure = CSVBlockEdgeTests.Outcome.failed("\(CSVConverter.fieldTooLong(1 << 20))")
        #expect(CSVBlockEdgeTests.whole(bytes) == failure)
        #expect(CSVBlockEdgeTests.pieces(bytes, sizes: [1 << 20], lookAhead: 4 << 20) == failure)
    }
}
