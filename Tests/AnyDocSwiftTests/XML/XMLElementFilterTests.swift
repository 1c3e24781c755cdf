import Testing
@testable import AnyDocSwift

@Suite struct XMLElementFilterTests {
    private func filtered(_ xml: String, dropping names: [String] = ["spPr", "defRPr"]) -> String {
        let bytes = XMLElementFilter.removingElements(.named(XMLLocalNames(names)), from: Array(xml.utf8))
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

    @Test func cutsNamedElementsAtAnyDepth() {
        let xml = #"<o:s xmlns:o="urn:o"><o:st n="A"><o:pp a="1"><o:tab/></o:pp><o:tp b="2"/></o:st><o:pp/><o:l><o:pp>x</o:pp></o:l></o:s>"#
        let bytes = XMLElementFilter.removingElements(.named(XMLLocalNames(["pp"])), from: Array(xml.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == #"<o:s xmlns:o="urn:o"><o:st n="A"><o:tp b="2"/></o:st><o:l></o:l></o:s>"#)
        // The root itself is never cut.
        let root = #"<pp><pp/></pp>"#
        #expect(XMLElementFilter.removingElements(.named(XMLLocalNames(["pp"])), from: Array(root.utf8)) == Array("<pp></pp>".utf8))
    }

    @Test func keepsOnlyTheNamedElementsWhenCuttingAllBut() {
        let xml = #"<w:styles xmlns:w="urn:w"><w:style><w:name/><w:rPr><w:b/><w:sz/></w:rPr><w:tblPr/></w:style></w:styles>"#
        let bytes = XMLElementFilter.removingElements(.allBut(XMLLocalNames(["style", "name", "rPr", "b"])), from: Array(xml.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == #"<w:styles xmlns:w="urn:w"><w:style><w:name/><w:rPr><w:b/></w:rPr></w:style></w:styles>"#)
    }

    @Test func stopsAtTheNamedRootChildAndKeepsWhatFollows() {
        let xml = #"<d><styles><pp/><s n="1"><pp/></s></styles><body><pp>kept</pp></body></d>"#
        let bytes = XMLElementFilter.removingElements(
            .named(XMLLocalNames(["pp"])), from: Array(xml.utf8), stoppingAt: XMLLocalNames(["body"]))
        #expect(String(decoding: bytes, as: UTF8.self) == #"<d><styles><s n="1"></s></styles><body><pp>kept</pp></body></d>"#)
    }

    @Test func matchesNamesByTheirBytes() {
        let names = XMLLocalNames(["p", "ext", "extLst"])
        for (name, expected) in [("p", true), ("ext", true), ("extLst", true), ("pPr", false), ("", false), ("extLstX", false)] {
            let bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer { names.contains($0) } == expected)
        }
    }
}
