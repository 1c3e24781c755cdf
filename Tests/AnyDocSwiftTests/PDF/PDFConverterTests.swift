import Testing
@testable import AnyDocSwift

/// Exact Markdown for the PDFs in TestDocuments/pdf, which
/// Scripts/make-pdf-fixtures.py writes line by line.
@Suite struct PDFConverterTests {
    private func markdown(_ name: String, options: MarkdownOptions = .default) throws -> String {
        try AnyDocConverter().markdown(Corpus.testDocument("pdf/\(name).pdf"), fileName: "\(name).pdf", options: options)
    }

    private func document(_ name: String) throws -> Document {
        try AnyDocConverter().document(Corpus.testDocument("pdf/\(name).pdf"), fileName: "\(name).pdf")
    }

    @Test func headingsFromFontSizeTiersAndBoldLines() throws {
        #expect(try markdown("headings") == """
        <!-- page 1 -->

        # Annual Field Report

        This report summarises the work of the field team during the year.

        ## Introduction

        The survey covered every international site and used state-of-the-art equipment supplied by Jean-Paul and his colleagues in the north.

        ### Methods

        We measured the final flow rates at every site, twice a day.

        #### Sampling notes

        Samples were kept cold and shipped within a day. Some were labelled by hand, which is why a few are marked as uncertain.

        """)
    }

    @Test func metadataFromTheDocumentInformation() throws {
        let metadata = try document("headings").metadata
        #expect(metadata.title == "Annual Field Report")
        #expect(metadata.authors == ["Field Team", "Data Desk"])
        #expect(metadata.subject == "Survey results")
        #expect(metadata.keywords == ["survey", "field work"])
        #expect(metadata.created == "2024-03-01T09:30:00Z")
        #expect(metadata.sourceFormat == .pdf)
        #expect(metadata.pageCount == 1)
        #expect(metadata.extra.isEmpty)
    }

    @Test func twoColumnsReadColumnByColumn() throws {
        #expect(try markdown("two-columns") == """
        <!-- page 1 -->

        # Two Column Newsletter

        The first column starts the story with a few plain sentences that run across several lines of text in a narrow block. It keeps going for a while so that the layout looks like a real newsletter.

        A second paragraph follows after a gap and ends the first column of the page.

        The second column continues the story and must be read only after the first column has been read from top to the bottom, never line by line across the gutter that separates both columns.

        Its last paragraph closes the article with one more sentence for the reader.

        This closing line spans the full width of the page below both columns.

        """)
    }

    @Test func bulletedNestedAndNumberedLists() throws {
        #expect(try markdown("lists") == """
        <!-- page 1 -->

        Shopping list:

        - Apples
        - Pears
          - Green pears
          - Red pears
        - Plums with a long description that wraps onto a second line with a hanging indent

        Steps to follow:

        1. Open the box
        2. Remove the device
        3. Plug it in

        Options:

        1. First option
        2. Second option

        """)
    }

    @Test func tableContinuedOnTheNextPageIsJoined() throws {
        #expect(try markdown("table") == """
        <!-- page 1 -->

        Measurements by site:

        | Site | Depth (m) | Temperature |
        | --- | --- | --- |
        | North Bay | 12 | 8.5 |
        | South Point | 30 | 6.1 |
        | East Ridge | 7 | 9.9 |
        | West Cove | 18 | 7.2 |
        | Old Harbour | 4 | 11.0 |

        <!-- page 2 -->

        End of measurements.

        """)
    }

    @Test func runningHeaderAndPageNumbersRemoved() throws {
        let output = try markdown("running-header")
        #expect(output == """
        <!-- page 1 -->

        # Spring Season

        The first page opens the quarterly notes with a short summary of what happened in the field during the spring season.

        <!-- page 2 -->

        The second page describes the weather, which was mild and dry for most of the weeks we spent outside.

        <!-- page 3 -->

        The third page lists what we will do differently next time and thanks everyone who helped.

        """)
        #expect(!output.contains("Quarterly"))
    }

    @Test func linkAnnotationsBecomeLinksOnTheWordsTheyCover() throws {
        // The second line's link points inside the document: plain text.
        #expect(try markdown("links") == """
        <!-- page 1 -->

        Read the full guide on the [project website](https://example.org/guide) before you start.

        Back to the top of this page.

        """)
    }

    @Test func outlineEntriesMakeHeadingsAtTheirDepth() throws {
        #expect(try markdown("outline") == """
        <!-- page 1 -->

        # Background

        The background is told in one plain paragraph of body text.

        ## Earlier work

        Earlier work is summarised in a sentence as well.

        <!-- page 2 -->

        # Details

        The details come last and finish the document.

        """)
    }

    @Test func pagesWithoutTextLayerAreNamedWhenOCRIsOff() throws {
        var options = ConversionOptions()
        options.ocrMode = .never
        let result = try AnyDocConverter(options: options).document(Corpus.testDocument("pdf/scanned.pdf"), fileName: "scanned.pdf")
        #expect(result.warnings == ["page 2 has no text layer and OCR is off, so it is blank"])
        #expect(result.metadata.extra.contains { $0.key == "pages_needing_ocr" && $0.value == "2" })
        #expect(result.blocks == [
            .boundary(.page(1)), .paragraph([.text("This page has a text layer.")]), .boundary(.page(2)),
        ])
    }

    @Test func pagesWithoutTextLayerAreRecognisedByDefault() throws {
        let result = try document("scanned")
        #expect(result.warnings.isEmpty)
        #expect(!result.metadata.extra.contains { $0.key == "pages_needing_ocr" })
        // The scanned page of this fixture is a blank image: OCR finds no words.
        #expect(result.blocks == [
            .boundary(.page(1)), .paragraph([.text("This page has a text layer.")]), .boundary(.page(2)),
        ])
    }

    @Test func noMarkersDropsPageComments() throws {
        var options = MarkdownOptions.default
        options.provenanceMarkers = false
        let output = try markdown("links", options: options)
        #expect(!output.contains("<!--"))
    }
}
