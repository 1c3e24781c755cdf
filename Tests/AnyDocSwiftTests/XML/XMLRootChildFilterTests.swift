import Testing
@testable import AnyDocSwift

@Suite struct XMLRootChildFilterTests {
    private func filtered(_ xml: String, dropping names: Set<String> = ["latent"]) -> String {
        let bytes = XMLRootChildFilter.removingRootChildren(from: Array(xml.utf8), where: { names.contains($0) })
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func cutsRootChildrenByLocalNameWhateverThePrefix() {
        let xml = #"<?xml version="1.0"?><w:s xmlns:w="urn:w"><w:a/><w:latent n="1"><w:x/><w:x>t</w:x></w:latent><w:b>k</w:b></w:s>"#
        #expect(filtered(xml) == #"<?xml version="1.0"?><w:s xmlns:w="urn:w"><w:a/><w:b>k</w:b></w:s>"#)
    }

    @Test func cutsSelfClosingChildrenAndLeavesDeeperNamesAlone() {
        let xml = #"<s><latent a="x>y"/><b><latent>kept</latent></b></s>"#
        #expect(filtered(xml) == "<s><b><latent>kept</latent></b></s>")
    }

    @Test func ignoresTagsInsideCommentsCDATAAndQuotedValues() {
        let xml = #"<s><latent v='</latent>'><!-- </latent> --><![CDATA[</latent>]]></latent><b/></s>"#
        #expect(filtered(xml) == "<s><b/></s>")
    }

    @Test func keepsOnlyWhatAKeepListAccepts() {
        let xml = "<styleSheet><numFmts/><fonts><font/></fonts><cellXfs><xf/></cellXfs><dxfs/></styleSheet>"
        let bytes = XMLRootChildFilter.removingRootChildren(from: Array(xml.utf8), where: { $0 != "numFmts" && $0 != "cellXfs" })
        #expect(String(decoding: bytes, as: UTF8.self) == "<styleSheet><numFmts/><cellXfs><xf/></cellXfs></styleSheet>")
    }

    @Test func leavesAnythingButPlainXMLUnchanged() {
        let doctype = #"<!DOCTYPE s [<!ENTITY e "x">]><s><latent/></s>"#
        let unbalanced = "<s><latent><x></latent></s>"
        let unfinished = "<s><latent>"
        let utf16 = [UInt8]([0xFF, 0xFE]) + Array("<s><latent/></s>".utf8)
        for xml in [doctype, unbalanced, unfinished] {
            #expect(filtered(xml) == xml)
        }
        #expect(XMLRootChildFilter.removingRootChildren(from: utf16, where: { _ in true }) == utf16)
    }

    @Test func acceptsAByteOrderMark() {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("<s><latent/><b/></s>".utf8)
        let result = XMLRootChildFilter.removingRootChildren(from: bytes, where: { $0 == "latent" })
        #expect(result == [0xEF, 0xBB, 0xBF] + Array("<s><b/></s>".utf8))
    }

    @Test func findsMarkers() {
        #expect(XMLRootChildFilter.contains("latent>", in: Array("<s></w:latent></s>".utf8)))
        #expect(!XMLRootChildFilter.contains("latent>", in: Array("<s><w:latent/></s>".utf8)))
    }
}
