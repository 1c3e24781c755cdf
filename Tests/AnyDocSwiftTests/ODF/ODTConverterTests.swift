import Testing
@testable import AnyDocSwift

/// Exact Markdown for the text documents in TestDocuments/odf, which
/// Scripts/make-odf-fixtures.py writes.
@Suite struct ODTConverterTests {
    private func markdown(
        _ name: String, options: ConversionOptions = ConversionOptions(), markdown markdownOptions: MarkdownOptions = .default
    ) throws -> String {
        try AnyDocConverter(options: options).markdown(Corpus.testDocument("odf/\(name)"), fileName: name, options: markdownOptions)
    }

    @Test func headingsAndFormattingFromAutomaticAndNamedStyles() throws {
        #expect(try markdown("headings-formatting.odt") == """
        # Document Title

        # Introduction

        Plain, **bold**, *italic*, ~~struck~~ and E=mc<sup>2</sup> H<sub>2</sub>O, x<sub>i</sub>.

        ## Custom chapter

        ### Outline level three

        #### Named heading four

        ## Heading with *bold* style

        ***Body text under a heading style***

        **Styled bold,** not bold

        Nested **strong and** normal and ***inherited*** and *named style* not struck.

        Collapsed white space,    three spaces,\ttab and\\
        break.

        Shown text with 3 * 4 and snake_case.

        """)
    }

    @Test func headersAndFootersFromMasterPagesWhenAskedFor() throws {
        var options = ConversionOptions()
        options.includeHeadersAndFooters = true
        let output = try markdown("headings-formatting.odt", options: options)
        #expect(output.hasPrefix("Running header\n\n# Document Title\n"))
        #expect(output.hasSuffix("snake_case.\n\nPage 1\n"))
        #expect(!(try markdown("headings-formatting.odt")).contains("Running header"))
    }

    @Test func listsNumberedAsAReaderSeesThem() throws {
        #expect(try markdown("lists.odt") == """
        1. First
        2. Second
           1. Nested a
           2. Nested b
        3. Third

        Between lists.

        A list header

        - Bullet one
          - Bullet nested
        - Bullet two
          - Deeper item continues the bullet above
        - Bullet three

        Level style starts at three:

        3. Three
        4. Four

        Interrupting paragraph.

        5. Continues at five

        Another interruption.

        6. Continues the named list at six

        3) Restarts at three

        10. Jumps to ten
        11. Eleven

        Unnumbered level reads as a paragraph

        - but its sublist is bulleted

        1. Style from the paragraph
        2. Second numbered

        ## Numbered heading

        """)
    }

    @Test func tablesWithSpansHeaderRowsRepeatsLayoutAndNesting() throws {
        #expect(try markdown("tables.odt") == """
        Quarterly

        | Name | Q1 | Q2 |
        | --- | --- | --- |
        | Alpha | 1 | 2 |
        |  | 3 | 4 |
        | Total \\| all |  | 10 |
        | same | row |  |
        | same | row |  |

        After.

        Only cell text

        <table><tr><th>Outer</th><th>Holds a table:<br><table><tr><th>in1</th><th>in2</th></tr><tr><td>in3</td><td>in4</td></tr></table></th></tr>
        <tr><td>a</td><td>b</td></tr>
        </table>

        | Key | Value |
        | --- | --- |
        | Lines | one<br>two<br>three |

        """)
    }

    @Test func tableSpansAndHeaderRowsInTheModel() throws {
        let document = try AnyDocConverter().document(Corpus.testDocument("odf/tables.odt"), fileName: "tables.odt")
        guard case .table(let table)? = document.blocks.first(where: { if case .table = $0 { true } else { false } }) else {
            Issue.record("no table")
            return
        }
        #expect(table.rows[0].isHeader)
        #expect(!table.rows[1].isHeader)
        #expect(table.rows[1].cells[0].rowSpan == 2)
        // The covered cell is dropped: the second body row starts at Q1.
        #expect(table.rows[2].cells.count == 2)
        #expect(table.rows[3].cells[0].columnSpan == 2)
        #expect(table.rows.count == 6)
    }

    @Test func linksBookmarksNotesCommentsChangesImagesAndIndexes() throws {
        #expect(try markdown("links-notes.odt") == """
        **Contents**

        [Details here](#details-here)

        [1.2 Second chapter](#12-second-chapter)

        See [the site](https://example.com/a_b?x=1), [the details](#details), [the second chapter](#12-second-chapter), [the spot](#spot) and a dead link.

        # Details here

        <a id="details"></a>Noted[^1] and ended[^2] with a remark[^3].

        Kept inserted text at the <a id="spot"></a>spot.

        Inside a section.

        Chart: Sales chart and ![Remote logo](https://example.org/logo.png).

        Before box.

        Text box content

        - Box item

        Formula $x^2+\\frac{1}{y}=\\sqrt{\\alpha}$ inline.

        # 1.2 Second chapter

        [^1]: A footnote.

        [^2]: An endnote.

        [^3]: **Grace Hopper:** Check this.

        """)
    }

    @Test func commentsCanBeLeftOut() throws {
        var options = ConversionOptions()
        options.includeComments = false
        let output = try markdown("links-notes.odt", options: options)
        #expect(output.contains("Noted[^1] and ended[^2] with a remark.\n"))
        #expect(!output.contains("Grace Hopper"))
    }

    @Test func trackedDeletionsShownWhenAskedFor() throws {
        var options = ConversionOptions()
        options.showTrackedDeletions = true
        #expect(try markdown("links-notes.odt", options: options).contains("Kept~~removed words~~ inserted text at the"))
        #expect(!(try markdown("links-notes.odt")).contains("removed words"))
    }

    @Test func embeddedPicturesBecomeAssets() throws {
        let document = try AnyDocConverter().document(Corpus.testDocument("odf/links-notes.odt"), fileName: "links-notes.odt")
        #expect(document.assets.map(\.name) == ["chart.png"])
        #expect(document.assets.first?.mediaType == "image/png")
        let linked = try markdown("links-notes.odt", markdown: MarkdownOptions(embeddedImages: .link(prefix: "media")))
        #expect(linked.contains("Chart: ![Sales chart](media/chart.png) and ![Remote logo](https://example.org/logo.png)."))
    }

    @Test func metadataFromMetaXML() throws {
        let document = try AnyDocConverter().document(Corpus.testDocument("odf/lists.odt"), fileName: "lists.odt")
        let metadata = document.metadata
        #expect(metadata.title == "Fixture lists.odt")
        #expect(metadata.authors == ["Ada Lovelace", "Charles Babbage"])
        #expect(metadata.created == "2024-05-01T10:00:00")
        #expect(metadata.modified == "2024-06-02T11:30:00")
        #expect(metadata.language == "en-GB")
        #expect(metadata.sourceFormat == .odt)
    }

    @Test func encryptedPackageIsRefused() throws {
        let bytes = try Corpus.testDocument("odf/encrypted.odt")
        #expect(AnyDocConverter().detect(bytes, fileName: "encrypted.odt").isEncrypted)
        var options = ConversionOptions()
        options.format = .odt  // past detection, the converter itself refuses
        for converter in [AnyDocConverter(), AnyDocConverter(options: options)] {
            do {
                _ = try converter.markdown(bytes, fileName: "encrypted.odt")
                Issue.record("converted an encrypted package")
            } catch {
                #expect(error.kind == .encrypted)
            }
        }
    }

    @Test func missingContentIsAMissingPart() throws {
        let bytes = try Corpus.testDocument("odf/missing-content.odt")
        do {
            _ = try AnyDocConverter().markdown(bytes, fileName: "missing-content.odt")
            Issue.record("converted without content.xml")
        } catch {
            #expect(error.kind == .missingPart)
            #expect(error.reason.contains("content.xml"))
        }
    }

    @Test func theMimetypeDecidesTheReader() throws {
        var options = ConversionOptions()
        options.format = .odt
        let converter = AnyDocConverter(options: options)
        let bytes = try Corpus.testDocument("odf/sheets.ods")
        #expect(try converter.markdown(bytes, fileName: "sheets.ods").hasPrefix("## Data\n\n| Item | Value | Shown as |\n"))
        #expect(try converter.document(bytes, fileName: "sheets.ods").metadata.sourceFormat == .ods)
    }
}
