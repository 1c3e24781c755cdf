import Testing
@testable import AnyDocSwift

/// Exact Markdown for the Word documents in TestDocuments/docx, which
/// Scripts/make-docx-fixtures.py writes.
@Suite struct DOCXConverterTests {
    private func markdown(_ name: String, options: ConversionOptions = ConversionOptions()) throws -> String {
        try AnyDocConverter(options: options).markdown(Corpus.testDocument("docx/\(name).docx"), fileName: "\(name).docx")
    }

    @Test func headingsFromStylesOutlineLevelsAndBasedOn() throws {
        let output = try markdown("headings-formatting")
        #expect(output.hasPrefix("""
        # Document Title

        # Introduction

        Plain, **bold**, *italic*, ~~struck~~ and E=mc<sup>2</sup> H<sub>2</sub>O.

        ## Custom chapter

        ### Outline level three

        """))
        // A heading's style bold is not repeated as emphasis.
        #expect(output.contains("\n## Heading with bold style\n"))
    }

    @Test func runFormattingTogglesAndCharacterStyles() throws {
        let output = try markdown("headings-formatting")
        // Bold from the paragraph style; direct w:b="0" turns it off; a bold
        // character style toggles the bold paragraph style off.
        #expect(output.contains("**Styled bold,** direct not bold<strong>,</strong> toggled off\n"))
        #expect(output.contains("Char style *emphasis* and 3 * 4 with snake_case.\n"))
        #expect(output.contains("Tab\tseparated\\\nnext lineα symbol\n"))
        #expect(output.contains("Hidden text.\n"))
        #expect(!output.contains("secret"))
    }

    @Test func listsNumberedAsWordShowsThem() throws {
        #expect(try markdown("lists") == """
        1. First
        2. Second
           1. Nested a
           2. Nested b
        3. Third

        Between lists.

        - Bullet one
          - Bullet nested
        - Bullet two

        3. Starts at three
        4. Four

        Interrupting paragraph.

        5. Continues at five

        1) Restarted at one

        """)
    }

    @Test func tablesWithMergesHeadersLayoutAndNesting() throws {
        #expect(try markdown("tables") == """
        Quarterly

        | Name | Q1 | Q2 |
        | --- | --- | --- |
        | Alpha | 1 | 2 |
        |  | 3 | 4 |
        | Total \\| all |  | 10 |

        After.

        Only cell text

        <table><tr><th>Outer</th><th>Holds a table:<br><table><tr><th>in1</th><th>in2</th></tr><tr><td>in3</td><td>in4</td></tr></table></th></tr>
        <tr><td>a</td><td>b</td></tr>
        </table>

        | Key | Value |
        | --- | --- |
        | Lines | one<br>two |

        """)
    }

    @Test func verticalMergeBecomesRowSpanInTheModel() throws {
        let document = try AnyDocConverter().document(Corpus.testDocument("docx/tables.docx"), fileName: "tables.docx")
        guard case .table(let table)? = document.blocks.first(where: { if case .table = $0 { true } else { false } }) else {
            Issue.record("no table")
            return
        }
        #expect(table.rows[1].cells[0].rowSpan == 2)
        #expect(table.rows[2].cells.count == 2)
        #expect(table.rows[3].cells[0].columnSpan == 2)
        #expect(table.rows[0].isHeader)
    }

    @Test func linksFieldsNotesCommentsChangesAndImages() throws {
        #expect(try markdown("links-notes-changes") == """
        See [the site](https://example.com/a_b?x=1) and [details](#details-here).

        Field link: [field text](https://example.org/f) and page 7

        Noted[^1] and ended[^2] with a remark[^3].

        Kept inserted text.

        Inside a content control.

        Sales chart

        Before box.

        Text box content

        ## Details here

        No anchor for unused bookmarks.

        Math $\\frac{a}{b}$ inline.

        [^1]: A footnote with *style*.

        [^2]: An endnote.

        [^3]: **Grace:** Check this.

        """)
    }

    @Test func optionsHideCommentsAndShowDeletions() throws {
        var options = ConversionOptions()
        options.includeComments = false
        options.showTrackedDeletions = true
        let output = try markdown("links-notes-changes", options: options)
        #expect(output.contains("Kept inserted ~~deleted~~ text."))
        #expect(output.contains("with a remark."))
        #expect(!output.contains("Grace"))
    }

    @Test func imagesKeepTheirBytesAndLinkWhenAssetsAreWritten() throws {
        let converter = AnyDocConverter()
        let bytes = try Corpus.testDocument("docx/links-notes-changes.docx")
        let document = try converter.document(bytes, fileName: "x.docx")
        #expect(document.assets.map(\.name) == ["chart.png"])
        #expect(document.assets.first?.mediaType == "image/png")
        let linked = try converter.markdown(bytes, fileName: "x.docx", options: MarkdownOptions(embeddedImages: .link(prefix: "assets")))
        #expect(linked.contains("![Sales chart](assets/chart.png)"))
    }

    @Test func imageBytesAreReadOnlyWhenAsked() throws {
        let bytes = try Corpus.testDocument("docx/links-notes-changes.docx")
        var options = ConversionOptions()
        options.readsImageBytes = false
        let converter = AnyDocConverter(options: options)
        let document = try converter.document(bytes, fileName: "x.docx")
        #expect(document.assets.map(\.name) == ["chart.png"])
        #expect(document.assets.first?.bytes.isEmpty == true)
        #expect(try converter.markdown(bytes, fileName: "x.docx") == AnyDocConverter().markdown(bytes, fileName: "x.docx"))
    }

    @Test func corePropertiesBecomeMetadata() throws {
        let document = try AnyDocConverter().document(Corpus.testDocument("docx/lists.docx"), fileName: "lists.docx")
        #expect(document.metadata.title == "Fixture lists")
        #expect(document.metadata.authors == ["Ada Lovelace"])
        #expect(document.metadata.language == "en-GB")
        #expect(document.metadata.created == "2024-05-01T10:00:00Z")
        #expect(document.metadata.sourceFormat == .docx)
    }
}
