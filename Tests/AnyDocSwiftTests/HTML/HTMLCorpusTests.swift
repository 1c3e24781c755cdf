import Testing
@testable import AnyDocSwift

/// Every HTML file of the shared corpus converts to clean Markdown.
@Suite struct HTMLCorpusTests {
    static let files = Corpus.entries(inFolder: "html")

    /// HTML the serializer writes itself: breaks, sub/superscripts,
    /// anchors, and tables (with their cell content) it cannot write as
    /// pipe tables.
    static let serializerTags: Set<String> = [
        "br", "sup", "sub", "a", "table", "caption", "tr", "th", "td", "ul", "ol", "li",
        "strong", "em", "del", "code", "pre", "img", "blockquote", "hr",
    ]

    /// Text that only scripts and style sheets in these files contain.
    static let scriptAndStyleMarkers = [
        "RLCONF", "RLSTATE", "mw.config", "document.documentElement", "window.", "function(", "@font-face",
        "mso-style", "font-family", "text-align:", "border-collapse", "panose-1",
    ]

    /// Strings known to be in a file's output, read off the file itself.
    static let knownContent: [String: [String]] = [
        "html/kreuzberg_complex_table.html": [
            "# Quarterly Sales Report", "| USA | $150 | $180 | $165 | $200 | $695 |", "## Performance Metrics",
        ],
        "html/docling_wiki_duck.html": [
            "## Etymology", "| Kingdom: | [Animalia](/wiki/Animal) |",
            "[Anatidae](/wiki/Anatidae)", "- [Rubber duck](/wiki/Rubber_duck)",
            // A citation links to its reference, which carries the target.
            "<sup>[\\[1\\]](#cite_note-1)</sup>", "1. <a id=\"cite_note-1\"></a>",
        ],
        "html/markitdown_test_blog.html": [
            "# Does Model and Inference Parameter Matter in LLM Applications? - A Case Study for MATH",
            "- [Research paper about the tuning technique](https://arxiv.org/abs/2303.04673)",
            "## Experiment Setup\n",
        ],
        "html/pandoc_html-reader.html": [
            "## Level 2 with an [embedded link](/url)", "## Colspans and Rowspans", "| X | Y | Z |",
            "> Code in a block quote:", "- **Violin**: Stringed musical instrument.",
        ],
        "html/docling_html_code_snippets.html": [
            "```\nfrom docling.document_converter import DocumentConverter\n", "`docling-tools models download`",
        ],
        "html/tika_testXHTML.html": [
            "This document tests the ability of Apache Tika to extract content from an [XHTML document](http://www.w3.org/TR/xhtml1/).",
        ],
        // Charset-less and misdeclared pages decode to their own script.
        "html/chardet_big5_no_charset.html": ["台北看守所"],
        "html/chardet_shift_jis_no_charset.html": ["衆院議院運営委員会"],
        "html/chardet_windows-1255_hebrew_no_charset.html": ["במקביל לישיבת הקבינט"],
        "html/tika_testArabicMisleadingCharset.html": ["في قرية من القرى"],
        "html/tika_testHTMLNoisyMetaEncoding_1.html": ["وأعرب الاتحاد الجزائري"],
        "html/tika_testHTML_charset_utf16le.html": ["This is a sample text"],
    ]

    /// Strings that must not survive: page chrome.
    static let absentContent: [String: [String]] = [
        "html/docling_wiki_duck.html": ["[Afrikaans]", "Jump to content", "From Wikipedia, the free encyclopedia"],
        "html/markitdown_test_blog.html": ["Skip to main content", "](#experiment-setup)"],
        "html/markitdown_test_wikipedia.html": ["Jump to content", "[Deutsch]"],
    ]

    @Test func corpusHasHTML() {
        #expect(Self.files.count >= 20 || Corpus.entries.isEmpty)
    }

    @Test(arguments: files)
    func convertsCleanly(_ entry: Corpus.Entry) throws {
        let bytes = try entry.read()
        let markdown = try HTMLFixture.converter().markdown(bytes, fileName: entry.path)
        #expect(!markdown.isEmpty, "\(entry.path) produced nothing")
        let prose = Self.withoutCode(markdown)
        for tag in Self.tags(in: prose) {
            #expect(Self.serializerTags.contains(tag), "\(entry.path): leftover <\(tag)>")
        }
        for marker in Self.scriptAndStyleMarkers {
            #expect(!prose.contains(marker), "\(entry.path): script or style text \(marker)")
        }
        #expect(!markdown.contains("\u{FFFD}"), "\(entry.path): replacement characters")
        for expected in Self.knownContent[entry.path] ?? [] {
            #expect(markdown.contains(expected), "\(entry.path): missing \(expected)")
        }
        for unexpected in Self.absentContent[entry.path] ?? [] {
            #expect(!markdown.contains(unexpected), "\(entry.path): still has \(unexpected)")
        }
    }

    @Test func readsCorpusMetadata() throws {
        guard let entry = Self.files.first(where: { $0.path == "html/tika_testXHTML.html" }) else { return }
        let document = try HTMLFixture.converter().document(try entry.read(), fileName: entry.path)
        #expect(document.metadata.title == "XHTML test document")
        #expect(document.metadata.authors == ["Tika Developers"])
    }

    /// Markdown without fenced code blocks and code spans, where markup is
    /// legitimate text.
    static func withoutCode(_ markdown: String) -> String {
        var result: [Substring] = []
        var fence: Substring?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " || $0 == ">" })
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") {
                fence = trimmed.prefix(while: { $0 == "`" })
                continue
            }
            var kept = ""
            var inCode = false
            for character in line {
                if character == "`" { inCode.toggle(); continue }
                if !inCode { kept.append(character) }
            }
            result.append(Substring(kept))
        }
        return result.joined(separator: "\n")
    }

    /// Names of the tags in `text`, escaped `\<` excluded.
    static func tags(in text: String) -> Set<String> {
        var names: Set<String> = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "<", index == 0 || scalars[index - 1] != "\\" else { continue }
            var cursor = index + 1
            if cursor < scalars.count, scalars[cursor] == "/" { cursor += 1 }
            var name = ""
            while cursor < scalars.count, scalars[cursor].properties.isAlphabetic || ("0"..."9").contains(scalars[cursor]) {
                name.unicodeScalars.append(scalars[cursor])
                cursor += 1
            }
            guard !name.isEmpty, cursor < scalars.count, [">", " ", "/"].contains(scalars[cursor]) else { continue }
            names.insert(name.lowercased())
        }
        return names
    }
}
