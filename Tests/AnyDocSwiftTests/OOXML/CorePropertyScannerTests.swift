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

    @Test("Properties in the three namespaces, with references decoded")
    func readsProperties() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n" + Self.root + """
            <dc:title>Q&amp;A &#x263A; &#65;</dc:title><dc:creator>Ann\nLee</dc:creator>\
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
            <subject xmlns="http://purl.org/dc/elements/1.1/">default</subject></r>
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
        "<r><q:title xmlns:q=\"http://purl.org/dc/elements/1.1/\">in scope</q:title><q:subject>unbound</q:subject></r>",
        "<r a=\"1\" a=\"2\"/>",
        "<?xml version=\"1.0\" encoding\"UTF-8\"?><r/>",
        "<r><!-- a -- b --></r>",
        "<r>]]></r>",
        "<r xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>a\r\nb</dc:title></r>",
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

    @Test("UTF-16 is left to the parser")
    func leavesUTF16() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><r xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>Ü</dc:title></r>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in xml.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(CorePropertyScanner.properties(in: bytes, namespaces: Self.namespaces, maxTags: 100) == nil)
    }

    @Test("More tags than allowed are left to the parser, which enforces the limit")
    func boundsTags() {
        let xml = "<r>" + String(repeating: "<a/>", count: 50) + "</r>"
        #expect(CorePropertyScanner.properties(in: Array(xml.utf8), namespaces: Self.namespaces, maxTags: 10) == nil)
    }
}

@Suite("Core property scan against the parser")
struct CorePropertyScannerDifferentialTests {
    private static let sample = Array("""
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
        xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Q&amp;A &#x263A;</dc:title>\
        <dc:subject>Sub<![CDATA[ <x> ]]>ject</dc:subject><dc:creator>Ann Lee</dc:creator>\
        <cp:keywords>a, b; c</cp:keywords><!-- c --><dcterms:created xsi:type="dcterms:W3CDTF">2024-01-02T03:04:05Z</dcterms:created>\
        <cp:lastModifiedBy>Bo</cp:lastModifiedBy></cp:coreProperties>
        """.utf8)

    /// What the parser path reads from `bytes`.
    private func parsed(_ bytes: [UInt8]) -> [CorePropertyScanner.Property] {
        guard let reader = try? XMLReader(bytes: bytes, limits: Limits()) else { return [] }
        return CoreProperties.parsedProperties(reader)
    }

    @Test("Whenever the scan answers, it answers what the parser reads, on thousands of damaged copies")
    func agreesWithTheParser() {
        var generator = SplitMix64(seed: 0x5EED)
        var answered = 0
        for _ in 0..<3000 {
            var bytes = Self.sample
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(Array("<>&;\"'/:= \r\nx".utf8).randomElement(using: &generator)!, at: position)
                default:
                    let end = min(bytes.count, position + Int.random(in: 1...24, using: &generator))
                    bytes.insert(contentsOf: bytes[position..<end], at: position)
                }
            }
            guard let scanned = CorePropertyScanner.properties(in: bytes, namespaces: CoreProperties.namespaces, maxTags: 1000)
            else { continue }
            answered += 1
            let expected = parsed(bytes)
            #expect(scanned == expected, "input: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if scanned != expected { return }
        }
        // Most damaged copies still hold a well-formed part the scan reads.
        #expect(answered > 300)
    }

    @Test("The sample itself reads the same both ways")
    func sampleAgrees() {
        #expect(CorePropertyScanner.properties(in: Self.sample, namespaces: CoreProperties.namespaces, maxTags: 1000)
            == parsed(Self.sample))
    }
}

/// A small deterministic generator, so the damaged copies are the same on
/// every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
