import Testing
@testable import AnyDocSwift

/// Text boxes on a slide's layout and master are text the slide shows:
/// written once, with the first slide that shows them.
@Suite struct LayoutTextTests {
    static let expected = """
        ## Slide 1

        Confidential: internal use only

        Acme Research

        ## Slide 2

        ## Slide 3

        Chapter opener

        """

    @Test(arguments: ["layout-text.pptx", "layout-text.ppsx"])
    func layoutAndMasterTextBoxes(_ name: String) throws {
        let markdown = try AnyDocConverter().markdown(Corpus.testDocument("pptx/" + name), fileName: name)
        #expect(markdown == Self.expected)
    }
}

/// An ODP master page's text shapes (not its placeholders) likewise.
@Suite struct ODPMasterTextTests {
    @Test func masterTextBoxesOnce() throws {
        let markdown = try AnyDocConverter().markdown(Corpus.testDocument("odf/master-text.odp"), fileName: "master-text.odp")
        #expect(markdown == """
            ## Slide 1

            Acme Research

            Draft

            ## Slide 2

            """)
    }
}
