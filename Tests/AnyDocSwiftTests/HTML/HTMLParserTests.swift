import Testing
@testable import AnyDocSwift

/// The libxml2 wrapper: events, encodings, limits.
@Suite struct HTMLParserTests {
    private final class Recorder: HTMLParserDelegate {
        var events: [String] = []
        var text = ""
        var open: [String] = []

        func startElement(_ tag: HTMLTag, attributes: HTMLAttributes) throws(ConversionError) {
            events.append("<" + tag.rawValue + attributes.pairs.map { " \($0.name)=\($0.value)" }.joined() + ">")
            open.append(tag.rawValue)
        }

        func endElement() throws(ConversionError) { events.append("</" + (open.popLast() ?? "?") + ">") }

        func text(_ bytes: [UInt8]) throws(ConversionError) {
            let text = String(decoding: bytes, as: UTF8.self)
            self.text += text
            if let last = events.last, last.hasPrefix("\"") {
                events[events.count - 1] = String(last.dropLast()) + text + "\""
            } else {
                events.append("\"" + text + "\"")
            }
        }
    }

    private func parse(_ bytes: [UInt8], limits: Limits = .default) throws(ConversionError) -> Recorder {
        let recorder = Recorder()
        try HTMLParser.parse(bytes, limits: limits, deadline: Deadline(secondsFromNow: 30), delegate: recorder)
        return recorder
    }

    private func parse(_ html: String, limits: Limits = .default) throws(ConversionError) -> Recorder {
        try parse(Array(html.utf8), limits: limits)
    }

    @Test func reportsBalancedLowerCaseEvents() throws {
        let recorder = try parse("<HTML><BODY><P CLASS=a Hidden>x &amp; y<BR>z</BODY></HTML>")
        #expect(recorder.events == [
            "<html>", "<body>", "<p class=a hidden=>", "\"x & y\"", "<br>", "</br>", "\"z\"", "</p>", "</body>", "</html>",
        ])
    }

    @Test func namesTagsFromBytesInAnyCase() {
        for tag in HTMLTag.allCases where tag != .other {
            #expect(HTMLTag(tag.rawValue) == tag)
            #expect(HTMLTag(tag.rawValue.uppercased()) == tag)
        }
        #expect(HTMLTag("BlockQuote") == .blockquote)
        #expect(HTMLTag("span") == .other)
        #expect(HTMLTag("other") == .other)
        #expect(HTMLTag("") == .other)
        #expect(HTMLTag("h7") == .other)
        #expect(HTMLTag("blockquotes") == .other)
        #expect(HTMLTag("epub:switch") == .other)
    }

    @Test func closesUnclosedElements() throws {
        let recorder = try parse("<ul><li>one<li>two</ul><p>a<p>b")
        let starts = recorder.events.filter { $0.hasPrefix("<") && !$0.hasPrefix("</") }.count
        let ends = recorder.events.filter { $0.hasPrefix("</") }.count
        #expect(starts == ends)
        #expect(recorder.text == "onetwoab")
    }

    @Test func ignoresStructureBeyondTheDepthLimitButKeepsText() throws {
        var limits = Limits()
        limits.maxNestingDepth = 20
        let html = String(repeating: "<div>", count: 500) + "deep text" + String(repeating: "</div>", count: 500)
        let recorder = try parse(html, limits: limits)
        #expect(recorder.text == "deep text")
        #expect(recorder.events.filter { $0 == "<div>" }.count <= 20)
        // Converting it works too.
        let markdown = try HTMLFixture.converter(limits: limits).markdown(Array(html.utf8))
        #expect(markdown == "deep text\n")
    }

    @Test func stopsAtTheElementLimit() throws {
        var limits = Limits()
        limits.maxXMLNodes = 1000
        let html = String(repeating: "<span>x</span>", count: 2000)
        #expect(throws: ConversionError.self) { try parse(html, limits: limits) }
        do throws(ConversionError) {
            _ = try parse(html, limits: limits)
        } catch {
            #expect(error.kind == .resourceLimit)
        }
    }

    @Test func stopsAtTheDeadline() throws {
        let html = Array(String(repeating: "<p>text</p>", count: 10_000).utf8)
        do throws(ConversionError) {
            try HTMLParser.parse(html, limits: .default, deadline: Deadline(secondsFromNow: 1e-9), delegate: Recorder())
            Issue.record("a passed deadline must stop the parser")
        } catch {
            #expect(error.kind == .resourceLimit)
        }
    }

    @Test func neverLoadsExternalEntities() throws {
        let html = """
        <!DOCTYPE html SYSTEM "file:///etc/passwd" [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
        <p>before &secret; after</p>
        """
        let recorder = try parse(html)
        #expect(!recorder.text.contains("root:"))
        #expect(recorder.text.contains("before"))
    }

    @Test func survivesHostileMarkup() throws {
        let samples = [
            "", "<", "</p></p></div>", "<<<>>>", "<p <p <p", "<!-- unterminated", "<![CDATA[x", "<table><td><tr><th>",
            "\u{0}\u{0}<p>\u{0}nul</p>", "<a href='javascript:alert(1)'>x</a>", String(repeating: "<b><i>", count: 3000),
        ]
        for sample in samples {
            _ = try HTMLFixture.markdown(sample)
        }
        #expect(try HTMLFixture.markdown("\u{0}\u{0}<p>\u{0}nul</p>") == "nul\n")
    }

    // MARK: - Encodings

    @Test func encodingFromMetaCharset() throws {
        let markdown = try HTMLFixture.markdown(bytes: Corpus.testDocument("html/windows-1252.html"))
        #expect(markdown == "# Menü – à la carte\n\n“Café” coûte 3€… naïve señor\n")
        let document = try HTMLFixture.converter().document(Corpus.testDocument("html/windows-1252.html"))
        #expect(document.metadata.title == "Café crème")
        #expect(document.metadata.language == "fr")
    }

    @Test func undeclaredLegacyText() throws {
        let markdown = try HTMLFixture.markdown(bytes: Corpus.testDocument("html/windows-1252-undeclared.html"))
        #expect(markdown == "Grüße aus Köln – Été à Paris\n")
    }

    @Test func undeclaredUTF8() throws {
        let document = try HTMLFixture.converter().document(Corpus.testDocument("html/utf8-undeclared.html"))
        #expect(document.metadata.title == "日本語")
        #expect(document.blocks == [.paragraph([.text("日本語のテキスト — Русский — עברית — café 🦆")])])
    }

    @Test func sniffsEncodings() {
        func sniff(_ bytes: [UInt8]) -> HTMLEncoding { HTMLEncoding.sniff(bytes).encoding }
        #expect(HTMLEncoding.sniff([0xEF, 0xBB, 0xBF, 0x3C]) == (.utf8, 3))
        #expect(HTMLEncoding.sniff([0xFF, 0xFE, 0x3C, 0x00]).encoding == .utf16LittleEndian)
        #expect(HTMLEncoding.sniff([0xFE, 0xFF, 0x00, 0x3C]).encoding == .utf16BigEndian)
        #expect(sniff(Array("<meta charset=\"ISO-8859-2\"><p>".utf8) + [0xB1]) == .other("iso-8859-2"))
        #expect(sniff(Array("<meta http-equiv=Content-Type content='text/html; charset=Shift_JIS'>".utf8) + [0x82, 0xA0])
            == .other("CP932"))
        #expect(sniff(Array("<?xml version=\"1.0\" encoding=\"windows-1251\"?><p>".utf8) + [0xE0]) == .other("windows-1251"))
        // A declaration inside a comment does not count; a declared UTF-16 reads as UTF-8.
        #expect(sniff(Array("<!-- <meta charset=koi8-r> --><p>é</p>".utf8)) == .utf8)
        #expect(sniff(Array("<meta charset=utf-16><p>x</p>".utf8)) == .utf8)
        // UTF-8 bytes under a stale legacy declaration are UTF-8.
        #expect(sniff(Array("<meta charset=iso-8859-1><p>café</p>".utf8)) == .utf8)
        #expect(sniff(Array("<meta charset=iso-8859-1><p>caf".utf8) + [0xE9]) == .windows1252)
        #expect(sniff(Array("<meta charset=no-such-thing><p>caf".utf8) + [0xE9, 0x20, 0x63, 0xE0]) == .windows1252)
        // Good UTF-8 with one damaged byte stays UTF-8.
        #expect(sniff(Array("<p>日本語 — naïve — ".utf8) + [0xFF]) == .utf8)
    }

    @Test func decodesUTF16() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<html><body><p>Grüße 🦆</p></body></html>".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try HTMLFixture.markdown(bytes: bytes) == "Grüße 🦆\n")
        var unmarked: [UInt8] = []
        for unit in "<html><body><p>Hello UTF-16</p></body></html>".utf16 { unmarked += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(try HTMLFixture.markdown(bytes: unmarked) == "Hello UTF-16\n")
    }

    @Test func repairsInvalidBytesInUTF8() throws {
        let bytes = Array("<p>naïve café, déjà vu ".utf8) + [0xC3] + Array(" fin</p>".utf8)
        #expect(try HTMLFixture.markdown(bytes: bytes) == "naïve café, déjà vu \u{FFFD} fin\n")
    }

    @Test func decodesDataURIs() {
        #expect(HTMLDataURI("data:text/plain;base64,SGVsbG8=")?.bytes == Array("Hello".utf8))
        #expect(HTMLDataURI("data:Image/PNG;base64,AA==")?.mediaType == "image/png")
        #expect(HTMLDataURI("data:image/png;base64,iVBO Rw0K\nGgo")?.bytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(HTMLDataURI("data:,a%20b")?.bytes == Array("a b".utf8))
        #expect(HTMLDataURI("data:,a%20b")?.mediaType == "text/plain")
        #expect(HTMLDataURI("data:image/png;base64,!!!") == nil)
        #expect(HTMLDataURI("https://example.com/a.png") == nil)
        #expect(HTMLDataURI("data:image/png;base64") == nil)
    }
}
