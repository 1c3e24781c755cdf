import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

@Suite("Choosing a language per line")
struct LineLanguageChoiceTests {
    private typealias Box = PageReading.Box

    private static func line(_ top: Int, _ words: [(String, Double)], left: Int = 100) -> PageReading.Line {
        PageReading.Line(box: Box(left: left, top: top, right: left + 800, bottom: top + 40),
                         words: words.map { OCRResult.Word(text: $0.0, confidence: $0.1) })
    }

    private static func reading(_ paragraphs: [(block: Int, lines: [PageReading.Line])]) -> PageReading {
        PageReading(paragraphs: paragraphs.map { paragraph in
            let top = paragraph.lines.map(\.box.top).min() ?? 0
            let bottom = paragraph.lines.map(\.box.bottom).max() ?? 0
            return PageReading.Paragraph(block: paragraph.block, box: Box(left: 100, top: top, right: 900, bottom: bottom),
                                         lines: paragraph.lines)
        })
    }

    @Test("Each line comes from the reading most confident of it")
    func choosesPerLine() {
        let japanese = Self.reading([
            (1, [Self.line(100, [("长度3.5米,", 90), ("信格", 40)]), Self.line(160, [("结论", 60)])]),
            (2, [Self.line(300, [("東京都千代田区", 92)])]),
        ])
        // The same page as another model read it, its boxes a few pixels off.
        let chinese = Self.reading([
            (1, [Self.line(102, [("长度3.5米，", 88), ("价格", 86)], left: 103), Self.line(158, [("结论", 60)])]),
            (2, [Self.line(301, [("东京都千代田区", 70)])]),
        ])
        let merged = LineLanguageChoice.merge([japanese, chinese]).result
        // Line one: 88·7 + 86·2 over 9 characters beats 90·7 + 40·2; line
        // two is a tie, which the first reading keeps.
        #expect(merged.paragraphTexts == ["长度3.5米，价格结论", "東京都千代田区"])
        #expect(merged.blocks.count == 2)
        #expect(LineLanguageChoice.merge([chinese, japanese]).result.paragraphTexts == ["长度3.5米，价格结论", "東京都千代田区"])
    }

    @Test("A line the first reading missed is not added; one it found is kept when the other reading has nothing there")
    func layoutComesFromTheFirstReading() {
        let first = Self.reading([(1, [Self.line(100, [("本文", 50)])])])
        let second = Self.reading([(1, [Self.line(500, [("余分", 99)])])])
        #expect(LineLanguageChoice.merge([first, second]).result.paragraphTexts == ["本文"])
        #expect(LineLanguageChoice.merge([first]) == first)
        #expect(LineLanguageChoice.merge([]).paragraphs.isEmpty)
    }

    @Test("Confidence weighs each word by its characters; a reading without text has none")
    func confidence() {
        let lines = [Self.line(0, [("abc", 90), ("d", 10)])]
        #expect(PageReading.confidence(of: lines) == 70)
        #expect(PageReading.confidence(of: [Self.line(0, [])]) == nil)
    }

    @Test("Only combinations with a CJK model are read once per language")
    func separateReadings() {
        #expect(OCRLanguage.separateReadings(of: "jpn+chi_sim") == ["jpn", "chi_sim"])
        #expect(OCRLanguage.separateReadings(of: "chi_sim+eng") == ["chi_sim", "eng"])
        #expect(OCRLanguage.separateReadings(of: "chi_sim") == nil)
        #expect(OCRLanguage.separateReadings(of: "eng+deu") == nil)
        #expect(OCRLanguage.separateReadings(of: "eng") == nil)
    }
}
