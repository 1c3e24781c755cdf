import Testing
@testable import AnyDocSwift

/// A slide part that is not well formed (Scripts/make-unusual-ooxml-fixtures.py)
/// gives what a tolerant parse reads, with the damaged-part warning.
@Suite struct DamagedSlideTests {
    @Test func malformedSlideIsRecoveredWithAWarning() throws {
        let converter = AnyDocConverter(options: ConversionOptions())
        let (markdown, warnings) = try converter.markdownWithWarnings(
            Corpus.testDocument("pptx/damaged-slide.pptx"), fileName: "damaged-slide.pptx")
        #expect(markdown == """
        ## Slide 1: Intact slide

        ## Slide 2: Damaged slide

        - Recovered point

        """)
        #expect(warnings.count == 1 && warnings.allSatisfy(ConversionWarning.isDamagedPart), "\(warnings)")
        #expect(warnings.first?.hasPrefix("damaged part ppt/slides/slide2.xml: XML is not well formed") == true)
    }
}
