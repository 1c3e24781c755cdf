import Testing
@testable import AnyDocSwift

@Suite struct XMLReaderTests {
    private func texts(_ xml: String, limits: Limits = .default) throws(ConversionError) -> [String] {
        let reader = try XMLReader(bytes: Array(xml.utf8), limits: limits)
        var result: [String] = []
        while try reader.read() { if reader.kind == .text { result.append(reader.text) } }
        return result
    }

    @Test func matchesElementsByNamespaceNotPrefix() throws {
        let xml = #"<x:doc xmlns:x="urn:a" xmlns:odd="urn:a"><odd:p odd:val="1">hi</odd:p></x:doc>"#
        let reader = try XMLReader(bytes: Array(xml.utf8), limits: .default)
        var found: [String] = []
        while try reader.read() {
            if reader.kind == .startElement, reader.isElement("p", in: "urn:a") {
                found.append(reader.attribute("val", namespace: "urn:a") ?? "?")
                found.append(try reader.readElementText())
            }
        }
        #expect(found == ["1", "hi"])
    }

    @Test func refusesExternalEntities() throws {
        let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE d [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
        <d>before &secret; after</d>
        """
        let text = try texts(xml).joined()
        #expect(!text.contains("root:"))
        #expect(text.contains("before"))
    }

    @Test func doesNotExpandBillionLaughs() throws {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE d [\n<!ENTITY l0 \"ha\">\n"
        for level in 1...9 {
            let previous = String(repeating: "&l\(level - 1);", count: 10)
            xml += "<!ENTITY l\(level) \"\(previous)\">\n"
        }
        xml += "]>\n<d>&l9;</d>"
        // Either the parser refuses it or it yields no expansion; never 10^9 bytes.
        do throws(ConversionError) {
            let text = try texts(xml).joined()
            #expect(text.utf8.count < 1_000_000)
        } catch {
            #expect(error.kind == .malformed || error.kind == .resourceLimit)
        }
    }

    @Test func stopsAtNestingLimit() throws {
        var limits = Limits()
        limits.maxNestingDepth = 50
        let xml = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(throws: ConversionError.self) { try texts(xml, limits: limits) }
    }

    @Test func reportsMalformedXML() throws {
        do throws(ConversionError) {
            _ = try texts("<a><b></a>")
            Issue.record("malformed XML was accepted")
        } catch {
            #expect(error.kind == .malformed)
        }
    }
}
