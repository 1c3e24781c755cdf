import Foundation
import Testing
@testable import AnyDocSwift

/// Exact Markdown for the unusual but valid packages that
/// Scripts/make-unusual-ooxml-fixtures.py writes: Strict namespaces,
/// parts at non-default paths, decks without masters or layouts.
@Suite struct UnusualPackageTests {
    private func converted(
        _ path: String, options: ConversionOptions = ConversionOptions()
    ) throws -> (markdown: String, warnings: [String]) {
        try AnyDocConverter(options: options).markdownWithWarnings(
            Corpus.testDocument(path), fileName: (path as NSString).lastPathComponent)
    }

    private func markdown(_ path: String, options: ConversionOptions = ConversionOptions()) throws -> String {
        try converted(path, options: options).markdown
    }

    @Test func strictPresentationReadsLikeTransitional() throws {
        #expect(try markdown("pptx/strict.pptx") == """
        ## Slide 1: Strict deck

        - Namespaces under purl.oclc.org

        > **Notes:**
        >
        > Strict notes

        ## Slide 2: Second slide

        Plain text box

        """)
    }

    /// A Strict deck at non-default paths whose only text is its slide
    /// titles: the titles are text, so no warning says the deck had none.
    @Test func strictDeckOfTitlesAtOddPathsHasText() throws {
        let (markdown, warnings) = try converted("pptx/strict-titles.pptx")
        #expect(markdown == """
        ## Slide 1: Opening

        ## Slide 2: Closing

        """)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func strictWorkbookReadsLikeTransitional() throws {
        #expect(try markdown("xlsx/strict-excel.xlsx") == """
        ## Strict sheet

        | Item | Count |
        | --- | --- |
        | Apples | 3 |
        | Pears | -1.5 |

        """)
    }

    @Test func partsAtOddPathsAreFoundThroughRelationships() throws {
        #expect(try markdown("pptx/odd-paths.pptx") == """
        ## Slide 1: Found by relationship

        - deck/s/one.xml

        > **Notes:**
        >
        > Notes at an odd path

        ## Slide 2: Second part

        - deck/s/two.xml

        """)
    }

    /// No master, layout or theme; a text box and an OLE frame before the
    /// title placeholder in the shape tree.
    @Test func deckWithoutMastersOrLayoutsKeepsReadingOrder() throws {
        let (markdown, warnings) = try converted("pptx/minimal.pptx")
        #expect(markdown == """
        ## Slide 1: Minimal deck

        Text box written first

        Embedded object: Excel.Sheet.12 (Quarterly figures)

        ## Slide 2

        Only a text box

        """)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func embeddedWorkbookOnASlideIsReadWhenAsked() throws {
        var options = ConversionOptions()
        options.includeEmbeddedObjects = true
        #expect(try markdown("pptx/minimal.pptx", options: options) == """
        ## Slide 1: Minimal deck

        Text box written first

        Embedded object: Excel.Sheet.12 (Quarterly figures)

        > ## Figures
        >
        > | Quarter | Total |
        > | --- | --- |
        > | Q1 | 42 |

        ## Slide 2

        Only a text box

        """)
    }
}
