import Testing
@testable import AnyDocSwift

/// Exact Markdown for the decks in TestDocuments/pptx, which
/// Scripts/make-pptx-fixtures.py writes.
@Suite struct PPTXConverterTests {
    private func converter() -> AnyDocConverter {
        var options = ConversionOptions()
        options.format = .pptx
        return AnyDocConverter(options: options)
    }

    private func markdown(_ name: String, options: MarkdownOptions = .default) throws -> String {
        try converter().markdown(Corpus.testDocument("pptx/\(name).pptx"), fileName: "\(name).pptx", options: options)
    }

    @Test func slidesFollowTheListOrderWithTitlesFromPlaceholders() throws {
        // Parts are slide1…slide4; the presentation lists them 3, 1, 4, 2.
        #expect(try markdown("titles-order") == """
        ## Slide 1: Welcome

        A small deck

        ## Slide 2: Agenda for today

        - First point
        - Second point

        ## Slide 3: Part two

        Section text is not a list

        ## Slide 4

        Closing words

        """)
    }

    @Test func slideCountAndFormatInMetadata() throws {
        let document = try converter().document(Corpus.testDocument("pptx/titles-order.pptx"), fileName: "titles-order.pptx")
        #expect(document.metadata.pageCount == 4)
        #expect(document.metadata.sourceFormat == .pptx)
        #expect(document.blocks.first == .boundary(.slide(number: 1, title: "Welcome")))
    }

    @Test func corePropertiesBecomeMetadata() throws {
        let document = try converter().document(Corpus.testDocument("pptx/titles-order.pptx"), fileName: "titles-order.pptx")
        #expect(document.metadata.title == "Fixture titles-order")
        #expect(document.metadata.authors == ["Grace Hopper"])
        #expect(document.metadata.language == "en-US")
        #expect(document.metadata.created == "2024-05-01T10:00:00Z")
    }

    @Test func bulletsLevelsAndNumbering() throws {
        #expect(try markdown("lists") == """
        ## Slide 1: Lists

        - Level one
          - Level two
            - Level three
        - Back to one

        Plain paragraph

        3. Third
        4. Fourth
           1. Sub a
        5. Fifth

        - Bullet again

        Text box paragraph

        - Box bullet
          - Box nested

        1. Box number

        Closing

        """)
    }

    @Test func tableSpansAndHeaderRow() throws {
        #expect(try markdown("table") == """
        ## Slide 1: Table

        | Region | Sales |  |
        | --- | --- | --- |
        | North | Q1 | Q2 |
        |  | **10** | 20 |
        | South | 30 \\| 40 | a<br>b |

        """)
        let document = try converter().document(Corpus.testDocument("pptx/table.pptx"), fileName: "table.pptx")
        // The covered positions are dropped; spans sit on the origin cells.
        guard case .table(let table)? = document.blocks.last else {
            Issue.record("expected a table")
            return
        }
        #expect(table.rows.map(\.cells.count) == [2, 3, 2, 3])
        #expect(table.rows[0].isHeader)
        #expect(table.rows[0].cells[1].columnSpan == 2)
        #expect(table.rows[1].cells[0].rowSpan == 2)
        // The second table on the slide has no text and is left out.
        #expect(document.blocks.filter { if case .table = $0 { true } else { false } }.count == 1)
    }

    @Test func formattingLinksFieldsAndPictures() throws {
        #expect(try markdown("text-links-pictures") == """
        ## Slide 1: Text and pictures

        Plain, **bold**, *italic*, ~~struck~~ and x<sup>2</sup> H<sub>2</sub>O.

        Visit [the example **site**](https://example.com/).

        Next slide and slide two are not links.

        Line one\\
        line two

        Field text

        Go → there

        A red square

        Logo title

        ## Slide 2: Second

        """)
    }

    @Test func picturesAreAssetsWithAltText() throws {
        let bytes = try Corpus.testDocument("pptx/text-links-pictures.pptx")
        let document = try converter().document(bytes, fileName: "text-links-pictures.pptx")
        // Two pictures show the same image part: one asset.
        #expect(document.assets.map(\.name) == ["image1.png"])
        #expect(document.assets.first?.mediaType == "image/png")
        #expect(document.assets.first?.bytes.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        #expect(document.blocks.contains(.image(Image(source: "image1.png", altText: "A red square"))))
        let linked = try markdown("text-links-pictures", options: MarkdownOptions(embeddedImages: .link(prefix: "media")))
        #expect(linked.contains("\n![A red square](media/image1.png)\n\n![Logo title](media/image1.png)\n"))
        #expect(!linked.contains("Hidden picture"))
    }

    @Test func pictureBytesAreReadOnlyWhenAsked() throws {
        let bytes = try Corpus.testDocument("pptx/text-links-pictures.pptx")
        var options = ConversionOptions()
        options.readsImageBytes = false
        let document = try AnyDocConverter(options: options).document(bytes, fileName: "text-links-pictures.pptx")
        #expect(document.assets.map(\.name) == ["image1.png"])
        #expect(document.assets.first?.bytes.isEmpty == true)
        #expect(document.blocks.contains(.image(Image(source: "image1.png", altText: "A red square"))))
    }

    @Test func notesHiddenSlidesAndFooters() throws {
        // The footer shows once for the deck; slide numbers never.
        #expect(try markdown("notes-hidden") == """
        ## Slide 1: Visible

        Slide body

        Company Confidential

        > **Notes:**
        >
        > Speaker **notes** here.
        >
        > - A noted point

        ## Slide 2: Secret (hidden)

        Still converted

        ## Slide 3: (hidden)

        Hidden text

        """)
    }

    @Test func groupsAndPositionsSetTheReadingOrder() throws {
        // Placeholders first; then by rows top to bottom, each left to
        // right; a group's members together, in the same order.
        #expect(try markdown("groups") == """
        ## Slide 1: Groups

        - Placeholder first

        Top left

        Top right

        Group left

        Group right

        Inner first

        Inner second

        Bottom

        """)
    }

    @Test func chartsSmartArtAndMath() throws {
        #expect(try markdown("charts-smartart-math") == """
        ## Slide 1: Chart

        Chart: Sales by region — 2023, 2024

        |  | 2023 | 2024 |
        | --- | --- | --- |
        | North | 8.2 | 9.5 |
        | South | 3 | -0.3 |

        ## Slide 2: SmartArt

        - Plan
          - Research
          - Design
        - Build

        ## Slide 3: Math

        $$
        y
        $$

        Inline $z$

        """)
    }

    @Test func slideHeadingsWithoutMarkers() throws {
        let output = try markdown("notes-hidden", options: MarkdownOptions(provenanceMarkers: false))
        #expect(output.hasPrefix("## Visible\n\nSlide body\n"))
        #expect(output.contains("\n## Secret (hidden)\n"))
    }

    @Test func chartNumbersLoseBinaryNoiseOnly() {
        #expect(ChartSummary.displayNumber("8.200000000000001") == "8.2")
        #expect(ChartSummary.displayNumber("2.9999999999999996") == "3")
        #expect(ChartSummary.displayNumber("-0.30000000000000004") == "-0.3")
        #expect(ChartSummary.displayNumber("99.99999999999999") == "100")
        #expect(ChartSummary.displayNumber("0.1234") == "0.1234")
        #expect(ChartSummary.displayNumber("12345678901234567") == "12345678901234567")
        #expect(ChartSummary.displayNumber("1.5E-7") == "1.5E-7")
        #expect(ChartSummary.displayNumber("North") == "North")
    }

    @Test func slidePartsInListOrder() throws {
        let package = try OPCPackage(bytes: Corpus.testDocument("pptx/titles-order.pptx"), limits: .default)
        let slides = try PresentationPart.slideParts(of: "ppt/presentation.xml", in: package)
        #expect(slides == ["ppt/slides/slide3.xml", "ppt/slides/slide1.xml", "ppt/slides/slide4.xml", "ppt/slides/slide2.xml"])
    }
}
