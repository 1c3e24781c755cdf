import Testing
@testable import AnyDocSwift

/// Every OpenDocument file of the shared corpus converts, leaves no markup
/// behind, and shows its text; a few are checked for content read from
/// their `content.xml`.
@Suite struct ODFCorpusTests {
    static var documents: [Corpus.Entry] {
        Corpus.entries.filter { ["odt", "ods", "odp"].contains($0.format) }
    }

    /// Markup that must never reach the output.
    static let leftovers = [
        "<text:", "</text:", "<office:", "<draw:", "<table:", "<style:", "<svg:", "<presentation:",
        "xmlns", "&lt;text:", "urn:oasis:names",
    ]

    @Test func corpusHasOpenDocumentFiles() {
        #expect(Self.documents.count >= 40, "the shared corpus must sit beside the project at ../shared/corpus")
    }

    @Test(arguments: documents)
    func converts(_ entry: Corpus.Entry) throws {
        let bytes = try entry.read()
        let converter = AnyDocConverter()
        let detected = converter.detect(bytes, fileName: entry.path)
        let markdown = try converter.markdown(bytes, fileName: entry.path)
        for leftover in Self.leftovers {
            #expect(!markdown.contains(leftover), "\(entry.path) has \(leftover) in its output")
        }
        guard let format = detected.format, [.odt, .ods, .odp].contains(format) else {
            // A file named .odp that is really PPTX is another converter's.
            return
        }
        if try Self.hasBodyText(bytes) {
            let shown = markdown.split(separator: "\n").filter { !$0.hasPrefix("## ") && !$0.isEmpty }
            #expect(!shown.isEmpty, "\(entry.path) has text but its Markdown shows none")
        }
    }

    /// Whether the document's body (or a master page of a presentation)
    /// holds any text at all.
    static func hasBodyText(_ bytes: [UInt8]) throws -> Bool {
        let archive = try ZipArchive(bytes)
        let reader = try XMLReader(bytes: try archive.read("content.xml"), limits: .default)
        var inBody = false
        while try reader.read() {
            if reader.kind == .startElement, reader.localName == "body" { inBody = true }
            if inBody, reader.kind == .text, !ODFText.trimmed(reader.text).isEmpty { return true }
        }
        return false
    }

    private func convert(_ path: String) throws -> String {
        let url = Corpus.root.appendingPathComponent(path)
        return try AnyDocConverter().markdown(fileAt: url.path)
    }

    @Test func textDocumentWithHeadingsListsAndFormatting() throws {
        let output = try convert("odt/docling_text_document_01.odt")
        #expect(output.hasPrefix("# Title\n\nSubtitle\n\n# heading level 1.0\n\nLorem Ipsum\u{A0}is simply dummy text"))
        #expect(output.contains("""
        1. numbered list 1
        2. numbered list 2
           - bullet list 2.1
           - bullet list 2.2
             - bullet list 2.2.1
           - bullet list 2.3

        - numbered list 3
          - bullet list 3.0.1

        ## Heading level 2: B
        """))
        #expect(output.contains("Contrary to popular belief, **Lorem Ipsum is not simply random text**. Richard McClintock, *a Latin professor"))
        #expect(output.contains("(~~The Extremes of Good and Evil~~)"))
        #expect(output.hasSuffix("X<sup>2</sup> + Y<sub>2</sub> = Z\n"))
    }

    @Test func textDocumentTableSpansAndNotes() throws {
        #expect(try convert("odt/pandoc_tableWithSpans.odt").contains("""
        | H1 Rowspan 2 | H1-2 | H1-3 |
        | --- | --- | --- |
        |  | H2-2/3 |  |
        | B1-1 | B1-2 | Rowspan 3 |
        | B2-1 | B2-2 |  |
        | Columnspan 2 |  |  |
        | B4-1 | Columnspan & Rowspan 2 |  |
        | B5-1 |  |  |
        """))
        #expect(try convert("odt/pandoc_footnote.odt") == "Some text[^1] with a footnote.\n\n[^1]: Footnote text\n")
        #expect(try convert("odt/pandoc_endnote.odt") == "Some text[^1] with an endnote.\n\n[^1]: Endnote text\n")
        #expect(try convert("odt/pandoc_formula.odt") == "$E=m\\cdot c^2$\n")
        #expect(try convert("odt/pandoc_trackedChanges.odt") == "Some text with  and inserted text.\n")
    }

    @Test func spreadsheetsDropTrailingRepeatsAndKeepDisplayedValues() throws {
        // A first row of dates and numbers is data, under an empty header.
        #expect(try convert("ods/calamine_date.ods") == """
        ## Sheet1

        |  |  |
        | --- | --- |
        | 01/01/2021 | 15 |
        | 01/01/2021 10:10 AM | 16 |
        | 10:10:10 | 17 |
        | 10:10:10.12 | 18 |

        """)
        #expect(try convert("ods/calamine_with-annotation.ods") == """
        ## table1

        | cell a.1[^1] |
        | --- |

        [^1]: **Marc Schreiber:** This is annotation of a.1

        """)
        let sheets = try convert("ods/calamine_any_sheets.ods")
        #expect(sheets.hasPrefix("## Visible\n\n|  |  |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4 |\n"))
        #expect(!sheets.contains("## Hidden"))
    }

    @Test func presentationsWithTitlesListsTablesNotesAndMasterFooters() throws {
        #expect(try convert("odp/odfpy_ol.odp").hasPrefix("""
        ## Slide 1: OL

        1. Eins
        2. Tsvey
           1. Dray
           2. Fir
        3. Finf
        """))
        let deck = try convert("odp/docling_odf_presentation_01.odp")
        #expect(deck.contains("## Slide 1: Test Table Slide\n\nWith footnote\n\n|  | Class1 |  |  | Class2 |  |  |\n"))
        #expect(deck.contains("| R1 | True | False |  | False | True | True |\n"))
        #expect(deck.contains("## Slide 2: Second slide title\n\nLet’s introduce a list\n\n- With foo\n- Bar\n- And baz things\n"))
        #expect(deck.contains("> **Notes:**\n>\n> Some notes on the second slide.\n"))
        #expect(try convert("odp/tika_testMasterFooter.odp") == "## Slide 1\n\nMaster footer is here\n")
    }

    @Test func encryptedCorpusFileIsRefused() throws {
        do {
            _ = try convert("hostile/tika_testODTEncrypted.odt")
            Issue.record("converted an encrypted document")
        } catch let error as ConversionError {
            #expect(error.kind == .encrypted)
        }
    }
}
