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

    @Test func onlyPartsThatMayHoldTextOutsidePlaceholdersAreParsed() {
        func part(_ shapes: String) -> [UInt8] {
            Array("<p:sldLayout><p:cSld><p:spTree>\(shapes)</p:spTree></p:cSld></p:sldLayout>".utf8)
        }
        let placeholder = "<p:sp><p:nvSpPr><p:nvPr><p:ph type=\"title\"/></p:nvPr></p:nvSpPr><p:txBody><a:p><a:r><a:t>Title</a:t></a:r></a:p></p:txBody></p:sp>"
        let box = "<p:sp><p:nvSpPr><p:nvPr/></p:nvSpPr><p:txBody><a:p><a:r><a:t>Confidential</a:t></a:r></a:p></p:txBody></p:sp>"
        #expect(!LayoutShapeText.mayHoldOwnText(part(placeholder)))
        #expect(!LayoutShapeText.mayHoldOwnText(part("<p:sp><p:nvSpPr><p:nvPr/></p:nvSpPr></p:sp>")))
        #expect(LayoutShapeText.mayHoldOwnText(part(placeholder + box)))
        #expect(LayoutShapeText.mayHoldOwnText(part("<p:graphicFrame/>" + placeholder)))
        // Another prefix is parsed to be sure.
        #expect(LayoutShapeText.mayHoldOwnText(Array("<x:spTree><x:sp><a:t>Text</a:t></x:sp></x:spTree>".utf8)))
    }
}
