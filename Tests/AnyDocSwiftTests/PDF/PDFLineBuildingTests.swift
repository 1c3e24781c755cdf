import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

/// Words gathered in buffers kept for a whole page, lines encoded in
/// place, list markers split off, and image areas read with the text.
@Suite struct PDFLineBuildingTests {
    private static func words(_ lines: [PDFTextLine]) -> [String] {
        lines.flatMap { $0.words.map(\.text) }
    }

    @Test func wordsDoNotCarryTheStyleOrDirectionOfTheWordBefore() {
        var layout = SyntheticLayout.layout("Bold plain \u{05E9}\u{05DC}\u{05D5}\u{05DD} ok")
        layout.styles.append(PDFTextStyle(fontName: "Arial-Bold", fontSize: 10))
        for index in 0..<4 { layout.characters[index].style = 1 }
        var builder = PDFLineBuilder()
        let words = builder.lines(from: layout, links: []).lines.flatMap(\.words)
        #expect(words.map(\.text) == ["Bold", "plain", "\u{05E9}\u{05DC}\u{05D5}\u{05DD}", "ok"])
        let byText = Dictionary(uniqueKeysWithValues: words.map { ($0.text, $0) })
        #expect(byText["Bold"]?.isBold == true)
        #expect(byText["plain"]?.isBold == false)
        #expect(byText["\u{05E9}\u{05DC}\u{05D5}\u{05DD}"]?.isRightToLeft == true)
        #expect(byText["ok"]?.isRightToLeft == false)
    }

    @Test func asciiLigaturesAndOtherScriptsKeepTheirTextInOneWord() {
        var builder = PDFLineBuilder()
        let (lines, _) = builder.lines(from: SyntheticLayout.layout("\u{FB01}ne na\u{EF}ve \u{65E5}\u{672C}\u{8A9E}x inter\u{AD}\nnational"), links: [])
        #expect(Self.words(lines) == ["fine", "naïve", "日本語x", "inter", "national"])
        #expect(lines.first?.text == "fine naïve 日本語x inter")
        #expect(lines.first?.words.last?.endsWithSoftHyphen == true)
        #expect(lines.first?.words.first?.endsWithSoftHyphen == false)
        #expect(lines.first?.characterCount == 18)
    }

    @Test func characterCountsAreGraphemesWhateverTheBytes() {
        #expect(PDFTextLine.characterCount(of: "") == 0)
        #expect(PDFTextLine.characterCount(of: "plain") == 5)
        #expect(PDFTextLine.characterCount(of: "a-word-longer-than-fifteen-bytes") == 32)
        #expect(PDFTextLine.characterCount(of: "na\u{EF}ve") == 5)
        #expect(PDFTextLine.characterCount(of: "e\u{301}t\u{E9}") == 3)
        #expect(PDFTextLine.characterCount(of: "a\r\nb") == 3)
        #expect(PDFTextLine.characterCount(of: "\u{1F44D}\u{1F3FD}") == 1)
    }

    @Test func aLineRecordFollowsWhatTheBufferAlreadyHolds() {
        var first = SyntheticLayout.line("a-word-longer-than-fifteen-bytes Straße 😀", x: 10.5, y: 20.25, size: 9.5)
        first.words[2].link = 4
        first.words[0].endsWithSoftHyphen = true
        var second = SyntheticLayout.line("\u{0627}\u{0644}\u{0639}\u{0631}\u{0628}\u{064A}\u{0629} 42", x: 300, y: 40, bold: true)
        second.words[0].isRightToLeft = true
        second.isTabular = true
        let lines = [first, second, PDFTextLine(words: [])]
        var bytes: [UInt8] = [7, 7, 7]
        PDFLineCoding.encode(lines, into: &bytes)
        let firstEnd = bytes.count
        PDFLineCoding.encode([], into: &bytes)
        #expect(bytes.prefix(3) == [7, 7, 7])
        #expect(bytes.count == firstEnd + 4)
        let decoded = bytes.withUnsafeBytes { PDFLineCoding.decode(UnsafeRawBufferPointer(rebasing: $0[3..<firstEnd])) }
        #expect(decoded.map(\.text) == lines.map(\.text))
        #expect(decoded.map(\.isTabular) == [false, true, false])
        #expect(decoded.map(\.box) == lines.map(\.box))
        #expect(decoded.flatMap { $0.words.map(\.link) } == lines.flatMap { $0.words.map(\.link) })
        #expect(decoded[0].words[0].endsWithSoftHyphen && decoded[1].words[0].isRightToLeft && decoded[1].words[1].isBold)
        #expect(bytes.withUnsafeBytes { PDFLineCoding.decode(UnsafeRawBufferPointer(rebasing: $0[firstEnd...])) }.isEmpty)
    }

    @Test func onlyLinesThatOpenWithAMarkerAreSplit() throws {
        func split(_ text: String) -> (marker: PDFListMarker, rest: String)? {
            PDFListMarker.split(SyntheticLayout.line(text, x: 0, y: 0)).map { ($0.marker, $0.rest.text) }
        }
        #expect(split("Plain running text")?.rest == nil)
        #expect(split("1.")?.rest == nil)
        #expect(split("-dash")?.rest == nil)
        #expect(split("•")?.rest == nil)
        let numbered = try #require(split("1. First item"))
        #expect(numbered.rest == "First item" && numbered.marker.x == 0 && numbered.marker.textX > 0)
        let bullet = try #require(split("• Item"))
        #expect(bullet.rest == "Item")
        let glued = try #require(split("•Glued item"))
        #expect(glued.rest == "Glued item" && glued.marker.textX > glued.marker.x)
    }

    @Test func imageAreasAreReadWithTheTextAndCharactersKeptOnlyUnderImages() throws {
        let document = try PDFDocument(data: Corpus.testDocument("pdf/text-with-receipt-image.pdf"))
        let page = try #require(document.page(at: 0))
        let kept = try PDFPageText(page, keepsCharacters: true)
        let areas = try #require(kept.imageAreas)
        #expect(!areas.isEmpty)
        #expect(areas == page.imageAreas())
        #expect(kept.characters?.characters.isEmpty == false)
        #expect(try PDFPageText(page, keepsCharacters: false).imageAreas == nil)
        let textOnly = try #require(try PDFDocument(data: TextPDF.make(pages: 1, lines: 3)).page(at: 0))
        let withoutImages = try PDFPageText(textOnly, keepsCharacters: true)
        #expect(withoutImages.imageAreas == [])
        #expect(withoutImages.characters == nil)
    }
}
