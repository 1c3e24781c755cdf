import Testing
@testable import AnyDocSwift

@Suite struct TextConverterTests {
    let converter = AnyDocConverter()

    private func markdown(_ bytes: [UInt8], fileName: String) throws -> String {
        try converter.markdown(bytes, fileName: fileName)
    }

    @Test(arguments: ["note.txt", "note.md"])
    func passesUTF8ThroughByteForByte(_ fileName: String) throws {
        let source = "# Title\r\n\r\nLine *one*  \r\nsnake_case <b>tag</b> | pipe\r\n\r\n\r\n"
        let output = try markdown(Array(source.utf8), fileName: fileName)
        #expect(Array(output.utf8) == Array(source.utf8))
    }

    @Test func keepsAMissingFinalNewline() throws {
        #expect(try markdown(Array("last line".utf8), fileName: "a.txt") == "last line")
    }

    @Test func keepsClassicMacLineEnds() throws {
        #expect(try markdown(Array("one\rtwo\r".utf8), fileName: "a.txt") == "one\rtwo\r")
    }

    @Test func dropsALeadingUTF8ByteOrderMark() throws {
        #expect(try markdown([0xEF, 0xBB, 0xBF] + Array("héllo\n".utf8), fileName: "a.md") == "héllo\n")
    }

    @Test func emptyFileGivesEmptyMarkdown() throws {
        #expect(try markdown([], fileName: "empty.txt") == "")
    }

    @Test func recordsFormatAndOnlyANonUTF8Encoding() throws {
        let utf8 = try converter.document(Array("plain".utf8), fileName: "a.md")
        #expect(utf8.metadata.sourceFormat == .md)
        #expect(utf8.metadata.extra.isEmpty)
        #expect(utf8.blocks == [.markdown("plain")])

        let koi8 = try converter.document(Corpus.testDocument("text/russian-koi8-r.txt"), fileName: "russian-koi8-r.txt")
        #expect(koi8.metadata.sourceFormat == .txt)
        #expect(koi8.metadata.extra.map(\.key) == ["encoding"])
        #expect(koi8.metadata.extra.map(\.value) == ["KOI8-R"])
    }

    @Test(arguments: [
        ("russian-koi8-r.txt", "KOI8-R", "Однажды весною, в час небывало жаркого заката, в Москве, на Патриарших прудах, появились два гражданина.\n"),
        ("japanese-euc-jp.txt", "EUC-JP", "東京は日本の首都であり、世界で最も人口の多い都市圏の一つです。\n毎年たくさんの観光客が訪れます。\n"),
        ("polish-windows-1250.txt", "windows-1250", "Wczoraj poszliśmy do sklepu, żeby kupić chleb i mleko.\r\nPogoda była piękna, więc spacerowaliśmy długo po mieście.\r\n"),
        ("arabic-windows-1256.txt", "windows-1256", "اللغة العربية هي أكثر اللغات السامية تحدثا، وإحدى أكثر اللغات انتشارا في العالم.\n"),
        ("greek-windows-1253.txt", "windows-1253", "Η Ελλάδα είναι χώρα της νοτιοανατολικής Ευρώπης. Το Άργος είναι από τις αρχαιότερες πόλεις της.\n"),
    ])
    func decodesLegacyFixtures(_ name: String, _ encoding: String, _ expected: String) throws {
        let document = try converter.document(Corpus.testDocument("text/" + name), fileName: name)
        #expect(document.metadata.extra.first { $0.key == "encoding" }?.value == encoding)
        #expect(try markdown(Corpus.testDocument("text/" + name), fileName: name) == expected)
    }

    @Test func markdownFixtureKeepsCRLFAndNoFinalNewline() throws {
        let bytes = try Corpus.testDocument("text/crlf-no-final-newline.md")
        let output = try markdown(bytes, fileName: "crlf-no-final-newline.md")
        #expect(output == "# Notes\r\n\r\nCRLF line ends, no final newline: café")
        #expect(Array(output.utf8) == bytes)
    }

    @Test func refusesBinaryFixture() throws {
        let error = #expect(throws: ConversionError.self) {
            try markdown(Corpus.testDocument("text/binary-controls.txt"), fileName: "binary-controls.txt")
        }
        #expect(error?.kind == .unsupported)
        #expect(error?.file == "binary-controls.txt")
    }

    @Test func refusesNULBytes() {
        let error = #expect(throws: ConversionError.self) {
            try markdown(Array("text".utf8) + [0] + Array("more".utf8), fileName: "a.txt")
        }
        #expect(error?.kind == .unsupported)
    }

    @Test func transcodesUTF16() throws {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("Zoë\r\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let document = try converter.document(bytes, fileName: "a.txt")
        #expect(document.blocks == [.markdown("Zoë\r\n")])
        #expect(document.metadata.extra.first?.value == "UTF-16LE")
    }
}
