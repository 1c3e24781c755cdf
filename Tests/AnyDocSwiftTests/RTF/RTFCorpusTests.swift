import Testing
@testable import AnyDocSwift

/// Every RTF file of the shared corpus converts to clean Markdown.
@Suite struct RTFCorpusTests {
    static let files = Corpus.entries(inFolder: "rtf")

    /// Text read off the files themselves (and checked against
    /// `pandoc -f rtf -t plain` where pandoc reads the file correctly).
    static let knownContent: [String: [String]] = [
        "rtf/kreuzberg_extraction_test.rtf": [
            "# Comprehensive Extraction Test Document\n", "### Subsection 1.1\n",
            "| Header 1 | Header 2 | Header 3 |", "| Banana | $0.50 | 20 |",
        ],
        "rtf/kreuzberg_word_sample.rtf": [
            "# Let’s swim!\n", "- You can relax and look around\n", "2. Don’t forget to drink water\n",
            "| Berries | Blueberry, Strawberry, Cranberry | 150 |",
        ],
        "rtf/pandoc_footnote.rtf": [
            "amply annotated.[^1] It was her work", "[^2]: A complete bibliography will be found at the end of this chapter.",
        ],
        "rtf/pandoc_list_complex.rtf": [
            "1. One\n2. Two\n   1. Three\n   2. Four\n      1. Five", "               - Eleven\n", "7. Seven Start\n8. Eight Continue",
        ],
        "rtf/pandoc_unicode.rtf": ["\u{201C}hi\u{201D}\u{2018}hi\u{2019}\u{F0B7}αä"],
        "rtf/pandoc_link.rtf": ["[pandoc](http://pandoc.org)"],
        "rtf/pandoc_heading.rtf": ["# Heading 1\n\n## Heading 2\n\n### Heading 3\n\nParagraph"],
        "rtf/tika_testRTF-ms932.rtf": ["こんにちは", "テスト"],
        "rtf/tika_testRTFJapanese.rtf": ["ゾルゲと尾崎、淡々と最期", "古書店で処刑記録見つかる"],
        "rtf/tika_testRTFWindowsCodepage1250.rtf": ["zażółć gęślą jaźń", "ZAŻÓŁĆ GĘŚLĄ JAŹŃ"],
        "rtf/tika_testRTFWord2010CzechCharacters.rtf": ["Článek týdne", "Svitky od Mrtvého moře jsou starověké"],
        "rtf/tika_testRTFUnicodeGothic.rtf": ["𐌲𐌿𐍄𐌹𐍃𐌺"],
        "rtf/tika_testRTFHexEscapeInsideWord.rtf": ["ESPÍRITO SANTO"],
        "rtf/tika_testRTFUmlautSpaces.rtf": ["Übersicht"],
        "rtf/tika_testRTFTableCellSeparation.rtf": ["| a | b |", "| ä | ë |", "| ö | ü |"],
        "rtf/tika_testRTFListMicrosoftWord.rtf": ["1. one\n2. two\n3. three", "- first\n- second", "1. a\n   - aa\n   - ab\n2. b"],
        "rtf/tika_testRTFHyperlink.rtf": ["[frequently asked questions](http://r.office.microsoft.com/r/rlidwelcomeFAQ?clid=1033)"],
        "rtf/pandoc_table_simple.rtf": ["| A | B | C | D |", "| E | F | G | H |"],
    ]

    /// Strings that must not survive: fallback text and hidden text.
    static let absentContent: [String: [String]] = [
        "rtf/pandoc_table_nested.rtf": ["FALLBACK"],
        "rtf/pandoc_formatting.rtf": ["secret"],
        "rtf/tika_testRTFListMicrosoftWord.rtf": ["Aufz"],
    ]

    @Test func corpusHasRTF() {
        #expect(Self.files.count >= 20 || Corpus.entries.isEmpty)
    }

    @Test(arguments: files)
    func convertsCleanly(_ entry: Corpus.Entry) throws {
        let bytes = try entry.read()
        let document = try RTFFixture.converter().document(bytes, fileName: entry.path)
        let markdown = try RTFFixture.converter().markdown(bytes, fileName: entry.path)
        let hasText = document.blocks.contains { block in
            var found = false
            block.forEachInlineRun { if !$0.plainText.allSatisfy(\.isWhitespace) { found = true } }
            return found
        }
        if hasText { #expect(!markdown.isEmpty, "\(entry.path) produced nothing") }
        let prose = Self.withoutCode(markdown)
        #expect(Self.controlWord(in: prose) == nil, "\(entry.path): control word \(Self.controlWord(in: prose) ?? "")")
        #expect(!markdown.contains("\u{FFFD}"), "\(entry.path): replacement characters")
        for expected in Self.knownContent[entry.path] ?? [] {
            #expect(markdown.contains(expected), "\(entry.path): missing \(expected)")
        }
        for unexpected in Self.absentContent[entry.path] ?? [] {
            #expect(!markdown.contains(unexpected), "\(entry.path): still has \(unexpected)")
        }
    }

    @Test func readsCorpusMetadata() throws {
        guard let entry = Self.files.first(where: { $0.path == "rtf/tika_testRTF-ms932.rtf" }) else { return }
        let document = try RTFFixture.converter().document(try entry.read(), fileName: entry.path)
        #expect(document.metadata.title == "タイトル")
        #expect(document.metadata.authors == ["shinsuke"])
        #expect(document.metadata.created == "2010-10-08T14:18:00")
    }

    @Test func hostileFilesConvertWithoutCrashing() throws {
        for entry in Corpus.entries(inFolder: "hostile") where entry.fileExtension == "rtf" {
            let markdown = try RTFFixture.converter().markdown(try entry.read(), fileName: entry.path)
            if entry.path.contains("deep-nesting") { #expect(markdown.contains("deep")) }
            #expect(Self.controlWord(in: markdown) == nil, "\(entry.path)")
        }
    }

    /// The first `\word` or `\word12` in `text`, if any.
    static func controlWord(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index + 1 < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "\\", ("a"..."z").contains(scalars[index + 1]) else { continue }
            var end = index + 1
            while end < scalars.count, ("a"..."z").contains(scalars[end]) { end += 1 }
            var word = ""
            word.unicodeScalars.append(contentsOf: scalars[index..<end])
            return word
        }
        return nil
    }

    /// Markdown without fenced code blocks and code spans.
    static func withoutCode(_ markdown: String) -> String {
        var kept: [Substring] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.drop(while: { $0 == " " }).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if inFence { continue }
            var text = ""
            var inCode = false
            for character in line {
                if character == "`" { inCode.toggle(); continue }
                if !inCode { text.append(character) }
            }
            kept.append(Substring(text))
        }
        return kept.joined(separator: "\n")
    }
}
