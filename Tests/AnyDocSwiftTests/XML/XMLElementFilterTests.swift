import Testing
@testable import AnyDocSwift

@Suite struct XMLElementFilterTests {
    private func filtered(_ xml: String, dropping names: [String] = ["spPr", "defRPr"]) -> String {
        let bytes = XMLElementFilter.removingElements(named: XMLLocalNames(names), from: Array(xml.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func cutsNamedElementsAtAnyDepthWhateverThePrefix() {
        let xml = #"<p:sld xmlns:p="urn:p" xmlns:a="urn:a"><p:sp><p:spPr><a:off x="1"/></p:spPr><a:lvl1pPr><a:defRPr sz="9"/><a:buNone/></a:lvl1pPr></p:sp></p:sld>"#
        #expect(filtered(xml) == #"<p:sld xmlns:p="urn:p" xmlns:a="urn:a"><p:sp><a:lvl1pPr><a:buNone/></a:lvl1pPr></p:sp></p:sld>"#)
    }

    @Test func keepsTheRootAndNamesThatOnlyShareAPrefix() {
        let xml = #"<spPr><spPrX a="1"/><x:spPr2/><spPr b=">"/></spPr>"#
        #expect(filtered(xml) == #"<spPr><spPrX a="1"/><x:spPr2/></spPr>"#)
    }

    @Test func cutsAWholeSubtreeOnceEvenWhenItHoldsTheNameAgain() {
        let xml = "<r><spPr><spPr><defRPr/></spPr>text</spPr><b>kept</b></r>"
        #expect(filtered(xml) == "<r><b>kept</b></r>")
    }

    @Test func leavesAnythingButPlainXMLUnchanged() {
        for xml in [#"<!DOCTYPE r [<!ENTITY e "x">]><r><spPr/></r>"#, "<r><spPr><x></spPr></r>", "<r><spPr>"] {
            #expect(filtered(xml) == xml)
        }
    }

    @Test func matchesNamesByTheirBytes() {
        let names = XMLLocalNames(["p", "ext", "extLst"])
        for (name, expected) in [("p", true), ("ext", true), ("extLst", true), ("pPr", false), ("", false), ("extLstX", false)] {
            let bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer { names.contains($0) } == expected)
        }
    }
}
