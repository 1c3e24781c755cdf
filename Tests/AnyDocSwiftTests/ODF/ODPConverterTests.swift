import Testing
@testable import AnyDocSwift

/// Presentations: slides with titles from the title placeholder, shapes in
/// reading order, outline lists, tables, pictures, notes and footers.
@Suite struct ODPConverterTests {
    private func markdown(markdown markdownOptions: MarkdownOptions = .default) throws -> String {
        try AnyDocConverter().markdown(Corpus.testDocument("odf/slides.odp"), fileName: "slides.odp", options: markdownOptions)
    }

    @Test func slidesInReadingOrderWithNotes() throws {
        #expect(try markdown() == """
        ## Slide 1: Quarterly Review

        Second quarter

        - Point one
        - Point two
          1. Step 1
          2. Step 2
        - Point three

        Shape text

        Company logo

        | Region | Total |
        | --- | --- |
        | North | 42 |

        ACME confidential

        > **Notes:**
        >
        > Speak slowly.
        >
        > Mention **growth**.

        ## Slide 2

        Top box

        Left box

        Right box

        Group A

        Group B[^1]

        ## Slide 3: Backup (hidden)

        - Only point

        Master footer

        [^1]: **Reviewer:** Fix the layout.

        """)
    }

    @Test func slideBoundariesCarryTitlesAndCount() throws {
        let document = try AnyDocConverter().document(Corpus.testDocument("odf/slides.odp"), fileName: "slides.odp")
        let boundaries = document.blocks.compactMap { block -> Provenance? in
            if case .boundary(let provenance) = block { return provenance }
            return nil
        }
        #expect(boundaries == [
            .slide(number: 1, title: "Quarterly Review"), .slide(number: 2, title: nil),
            .slide(number: 3, title: "Backup (hidden)"),
        ])
        #expect(document.metadata.pageCount == 3)
        #expect(document.metadata.sourceFormat == .odp)
        #expect(document.assets.map(\.name) == ["logo.png"])
    }

    @Test func markersCanBeLeftOut() throws {
        let output = try markdown(markdown: MarkdownOptions(provenanceMarkers: false))
        #expect(output.hasPrefix("## Quarterly Review\n\nSecond quarter\n"))
        #expect(!output.contains("Slide 2"))
    }
}
