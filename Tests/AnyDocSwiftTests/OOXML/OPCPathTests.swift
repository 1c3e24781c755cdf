import Testing
@testable import AnyDocSwift

@Suite struct OPCPathTests {
    @Test func resolvesRelativeTargetsAgainstTheirFolder() {
        #expect(OPCPackage.resolve("../media/a.png", from: "word/charts") == "word/media/a.png")
        #expect(OPCPackage.resolve("slides/slide1.xml", from: "ppt") == "ppt/slides/slide1.xml")
        #expect(OPCPackage.resolve("./x//y.xml", from: "ppt/slides") == "ppt/slides/x/y.xml")
        #expect(OPCPackage.resolve("/ppt/slides/slide2.xml", from: "ppt/slides") == "ppt/slides/slide2.xml")
        #expect(OPCPackage.resolve("ppt/presentation.xml", from: "") == "ppt/presentation.xml")
    }

    @Test func neverClimbsAboveTheRoot() {
        #expect(OPCPackage.resolve("../../../a.xml", from: "ppt/slides") == "a.xml")
        #expect(OPCPackage.resolve("..", from: "ppt") == "")
        #expect(OPCPackage.resolve("../..", from: "") == "")
    }

    @Test func decodesPercentEscapesAndKeepsOtherScripts() {
        #expect(OPCPackage.resolve("../media/my%20image.png", from: "ppt/slides") == "ppt/media/my image.png")
        #expect(OPCPackage.resolve("../médias/é.png", from: "ppt/slides") == "ppt/médias/é.png")
        #expect(OPCPackage.resolve("../a.png", from: "ppt/diapos/été") == "ppt/diapos/a.png")
    }

    @Test func splitsPartNames() {
        #expect(OPCPackage.folder(of: "ppt/slides/slide1.xml") == "ppt/slides")
        #expect(OPCPackage.folder(of: "document.xml") == "")
        #expect(OPCPackage.folder(of: "ppt/diapos/été.xml") == "ppt/diapos")
    }
}
