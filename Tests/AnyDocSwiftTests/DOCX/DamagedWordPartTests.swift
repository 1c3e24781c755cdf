import Testing
@testable import AnyDocSwift

/// Word documents with damaged parts (Scripts/make-unusual-ooxml-fixtures.py):
/// a main part that is not well formed is recovered, damaged auxiliary
/// parts are skipped, and each says so in one kind of warning.
@Suite struct DamagedWordPartTests {
    private func document(_ name: String) throws -> (markdown: String, warnings: [String]) {
        let converter = AnyDocConverter(options: ConversionOptions())
        let result = try converter.markdownWithWarnings(Corpus.testDocument("docx/\(name).docx"), fileName: "\(name).docx")
        return (result.markdown, result.warnings)
    }

    @Test func malformedMainPartIsRecoveredWithAWarning() throws {
        let (markdown, warnings) = try document("malformed-body")
        #expect(markdown == """
        # Quarterly report

        The first paragraph is intact.

        A run whose end tag is wrong.

        Text after the damage is kept.

        The last paragraph is never closed.

        """)
        #expect(warnings.count == 1)
        #expect(warnings.allSatisfy(ConversionWarning.isDamagedPart))
        #expect(warnings.first?.hasPrefix("damaged part word/document.xml: XML is not well formed") == true, "\(warnings)")
    }

    @Test func mainPartWithNothingToRecoverStillFails() throws {
        let error = #expect(throws: ConversionError.self) { try document("unreadable-body") }
        #expect(error?.kind == .malformed)
    }

    @Test func damagedAuxiliaryPartsAreSkippedWithWarnings() throws {
        let (markdown, warnings) = try document("damaged-parts")
        #expect(markdown == """
        Damaged parts

        Item with lost numbering

        Body text with a comment

        """)
        #expect(warnings.map { String($0.prefix(while: { $0 != ":" })) } == [
            "damaged part word/styles.xml", "damaged part word/numbering.xml", "damaged part word/comments.xml",
        ], "\(warnings)")
        #expect(warnings[0].hasSuffix("skipped, default formatting is used"))
    }
}
