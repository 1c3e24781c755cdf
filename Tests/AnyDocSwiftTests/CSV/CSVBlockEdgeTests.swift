import Foundation
import Testing
@testable import AnyDocSwift

/// A CSV read in pieces converts exactly as the whole text does, wherever
/// the pieces are cut: inside a quoted field, between the CR and LF of a
/// line break, inside a byte order mark or a multi-byte character.
@Suite struct CSVBlockEdgeTests {
    /// The Markdown and warnings of a conversion, or how it failed.
    enum Outcome: Equatable {
        case converted(String, [String])
        case failed(String)
    }

    /// A repeatable pseudo-random source (SplitMix64).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    static let tokens: [String] = [
        "a", "bc", "1.5", "é", "日本", "😀", ",", ",", ";", "\t", "|", "\"", "\"", "\"\"", "\r\n", "\n", "\n", "\r",
        " ", "\0", "*x*", "x|y", "\\", "<b>",
    ]

    /// A CSV of random tokens, sometimes with a UTF-8 byte order mark.
    static func generated(_ generator: inout Generator) -> [UInt8] {
        var bytes: [UInt8] = generator.next(4) == 0 ? [0xEF, 0xBB, 0xBF] : []
        for _ in 0..<generator.next(80) { bytes.append(contentsOf: tokens[generator.next(tokens.count)].utf8) }
        return bytes
    }

    static func input(_ bytes: [UInt8], format: DocumentFormat) -> ConversionInput {
        ConversionInput(
            bytes: bytes, format: format, options: ConversionOptions(), deadline: Deadline(secondsFromNow: 60),
            fileName: "t.\(format.rawValue)")
    }

    static func run(_ body: (MarkdownWriter) throws(ConversionError) -> Void) -> Outcome {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output)
        do {
            try body(writer)
            try writer.finish()
        } catch {
            return .failed("\(error)")
        }
        return .converted(output.text, writer.warnings)
    }

    /// The conversion of the whole text at once.
    static func whole(_ bytes: [UInt8], format: DocumentFormat = .csv) -> Outcome {
        run { writer throws(ConversionError) in try CSVConverter.convert(input(bytes, format: format), into: writer) }
    }

    /// The conversion of the text in pieces of `sizes` bytes; nil when the
    /// text is left to the whole-text decoder.
    static func pieces(_ bytes: [UInt8], sizes: [Int], lookAhead: Int, format: DocumentFormat = .csv) -> Outcome? {
        var streamed = true
        let outcome = run { writer throws(ConversionError) in
            streamed = try CSVFileConversion.convert(
                head: Array(bytes.prefix(4096)), input: input([], format: format), into: writer, lookAhead: lookAhead
            ) { _ in CSVByteSlices(bytes, sizes: sizes) }
        }
        return streamed ? outcome : nil
    }

    static let cuts: [[Int]] = [[1], [2], [3], [5], [7], [1, 2, 3, 4, 5, 6, 7], [4096]]

    @Test func generatedTextsConvertAlikeInPiecesOfEverySize() throws {
        var generator = Generator(state: 24)
        var compared = 0
        for _ in 0..<400 {
            let bytes = Self.generated(&generator)
            let expected = Self.whole(bytes)
            for sizes in Self.cuts {
                for lookAhead in [4, 1 << 20] {
                    guard let outcome = Self.pieces(bytes, sizes: sizes, lookAhead: lookAhead) else { continue }
                    #expect(outcome == expected, "\(Array(bytes)) in pieces of \(sizes)")
                    compared += 1
                }
            }
        }
        #expect(compared > 4000)
    }

    @Test func edgeCasesConvertAlike() throws {
        let texts = [
            "a,b\r\n\"x\r\ny\",\"say \"\"hi\"\"\"\r\n", "\u{FEFF}h1;h2\n1;2\n", "a,b\n\n\n1,2\r\r\n3\n", "a,b,c\n1\n1,2,3,4\n",
            "a\n\"never closed\nb,c\n\"x\"", "\"\"\"\"", "h\n\"\"", "é,日本\n😀,ö\n", "a\tb\n1\t\"2\t3\"\n", "",
            "\n\r\n", "a,\0b\n\"c\0\",d\r\0\n",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            for format in [DocumentFormat.csv, .tsv] {
                let expected = Self.whole(bytes, format: format)
                for sizes in Self.cuts {
                    let outcome = Self.pieces(bytes, sizes: sizes, lookAhead: 2, format: format)
                    #expect(outcome == expected, "\(text.debugDescription) as \(format) in pieces of \(sizes)")
                }
            }
        }
    }

    @Test func textInOtherEncodingsIsLeftToTheWholeTextDecoder() throws {
        let utf16: [UInt8] = [0xFF, 0xFE] + "a,b\n1,2\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(Self.pieces(utf16, sizes: [3], lookAhead: 8) == nil)
        let latin1: [UInt8] = Array("name,city\nJos".utf8) + [0xE9] + Array(",Montr".utf8) + [0xE9, 0x61, 0x6C, 0x0A]
        #expect(Self.pieces(latin1, sizes: [3], lookAhead: 8) == nil)
        let badMark: [UInt8] = [0xEF, 0xBB, 0xBF, 0x61, 0xFF, 0x0A]
        #expect(Self.pieces(badMark, sizes: [2], lookAhead: 8) == Self.whole(badMark))
    }

    @Test func aLongFieldFailsAndAnUnclosedQuoteDoesNotWhenReadInPieces() throws {
        let long = Array(("h\n\"" + String(repeating: "x", count: (1 << 20) + 10) + "\"\n").utf8)
        let expected = Self.whole(long)
        guard case .failed = expected else {
            Issue.record("a field over the limit converted")
            return
        }
        #expect(Self.pieces(long, sizes: [65536], lookAhead: 1 << 16) == expected)
        #expect(Self.pieces(long, sizes: [65536], lookAhead: 4 << 20) == expected)
        let unclosed = Array(("h\n\"" + String(repeating: "y,", count: 600_000) + "\n1\n").utf8)
        let reread = Self.whole(unclosed)
        guard case .converted(_, let warnings) = reread else {
            Issue.record("an unclosed quote failed: \(reread)")
            return
        }
        #expect(warnings.contains(CSVConverter.unclosedQuoteWarning(line: 2)))
        #expect(Self.pieces(unclosed, sizes: [65536], lookAhead: 1 << 16) == reread)
    }

    @Test func corpusFilesConvertAlikeInPieces() throws {
        let folder = Corpus.root.appendingPathComponent("csv")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var streamed = 0
        for name in names where name.hasSuffix(".csv") || name.hasSuffix(".tsv") {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            let format: DocumentFormat = name.hasSuffix(".tsv") ? .tsv : .csv
            let expected = Self.whole(bytes, format: format)
            for sizes in [[1], [7], [4096]] {
                guard let outcome = Self.pieces(bytes, sizes: sizes, lookAhead: 4, format: format) else { continue }
                #expect(outcome == expected, "\(name) in pieces of \(sizes)")
                streamed += 1
            }
        }
        #expect(streamed > 30)
    }

    @Test func aLargeFileConvertsAsItsBytesDo() throws {
        var generator = Generator(state: 25)
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        while bytes.count < 3 << 20 { bytes.append(contentsOf: Self.tokens[generator.next(Self.tokens.count)].utf8) }
        let path = NSTemporaryDirectory() + "anydoc-csv-blocks-\(UUID().uuidString).csv"
        try #require(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let converter = AnyDocConverter()
        let fromFile = try converter.markdown(fileAt: path)
        #expect(fromFile == (try converter.markdown(bytes, fileName: path)))
    }
}
