import Testing
@testable import AnyDocSwift

@Suite("Core property scan")
struct CorePropertyScannerTests {
    private static let namespaces = [
        OOXMLNamespace.dublinCore, OOXMLNamespace.dublinCoreTerms, OOXMLNamespace.coreProperties,
    ]

    private func scan(_ xml: String) -> [CorePropertyScanner.Property]? {
        CorePropertyScanner.properties(in: Array(xml.utf8), namespaces: Self.namespaces, maxTags: 1000)
    }

    private static let root = """
        <cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
        xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
        """

    @Test("Properties in the three namespaces, with references decoded and line ends normalised")
    func readsProperties() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n" + Self.root + """
            <dc:title>Q&amp;A &#x263A; &#65;</dc:title><dc:creator>Ann\r\nLee</dc:creator>\
            <cp:keywords><![CDATA[a <b>]]></cp:keywords><!-- note -->\
            <dcterms:created xsi:type="dcterms:W3CDTF">2024-01-02T03:04:05Z</dcterms:created>\
            <cp:lastModifiedBy/><other xmlns="urn:x"><title>ignored</title></other></cp:coreProperties>
            """
        #expect(scan(xml) == [
            .init(localName: "title", text: "Q&A ☺ A"),
            .init(localName: "creator", text: "Ann\nLee"),
            .init(localName: "keywords", text: "a <b>"),
            .init(localName: "created", text: "2024-01-02T03:04:05Z"),
        ])
    }

    @Test("Prefixes resolve through declarations in scope, including a default namespace")
    func resolvesPrefixes() {
        let xml = """
            <r xmlns:p="urn:other"><p:title>no</p:title>\
            <q:title xmlns:q="http://purl.org/dc/elements/1.1/">yes</q:title>\
            <subject xmlns="http://purl.org/dc/elements/1.1/">default</subject><q:subject>undeclared</q:subject></r>
            """
        #expect(scan(xml) == [.init(localName: "title", text: "yes"), .init(localName: "subject", text: "default")])
    }

    @Test("Text of nested elements joins the property that holds them")
    func joinsNestedText() {
        let xml = Self.root + "<dc:title>a<x>b</x>c</dc:title></cp:coreProperties>"
        #expect(scan(xml) == [.init(localName: "title", text: "abc")])
    }

    @Test("What only a parser handles is left to it", arguments: [
        "<!DOCTYPE r [<!ENTITY e \"x\">]><r xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>&e;</dc:title></r>",
        "<?xml version=\"1.0\" encoding=\"windows-1252\"?><r/>",
        "<r xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>&unknown;</dc:title></r>",
        "<r xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>open</r>",
        "<r xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>unclosed</dc:title>",
        "<r a=unquoted/>",
        "text before <r/>",
        "<r/><second/>",
    ])
    func fallsBack(xml: String) {
        #expect(scan(xml) == nil)
    }

    @Test("Bytes that are not UTF-8 are left to the parser")
    func refusesInvalidUTF8() {
        var bytes = Array("<r xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("</dc:title></r>".utf8)
        #expect(CorePropertyScanner.properties(in: bytes, namespaces: Self.namespaces, maxTags: 100) == nil)
    }

    @Test("UTF-16 with a byte-order mark is read")
    func readsUTF16() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><r xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>Ü</dc:title></r>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in xml.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(CorePropertyScanner.properties(in: bytes, namespaces: Self.namespaces, maxTags: 100)
            == [.init(localName: "title", text: "Ü")])
    }

    @Test("More tags than allowed are left to the parser, which enforces the limit")
    func boundsTags() {
        let xml = "<r>" + String(repeating: "<a/>", count: 50) + "</r>"
        #expect(CorePropertyScanner.properties(in: Array(xml.utf8), namespaces: Self.namespaces, maxTags: 10) == nil)
    }
}
