import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

/// Scans in other scripts than Latin, read with default options: each
/// page's script is detected and read with its own model. The texts are
/// those Scripts/make-ocr-scan-fixtures.py renders.
@Suite("OCR script detection")
struct ScriptOCRTests {
    static let texts: [(file: String, language: String, text: String)] = [
        ("chinese", "chi_sim", "光学字符识别把印刷页面的图片变成可以搜索的文字。今天送来了七箱纸，发票已经付清。河流把山上的水带到大海。"),
        ("traditional-chinese", "chi_tra", "光學字元辨識把印刷頁面的圖片變成可以搜尋的文字。今天送來了七箱紙，發票已經付清。河流把山上的水帶到大海。"),
        ("japanese", "jpn", "光学文字認識は印刷されたページの画像を文字に変えます。今日は紙が七箱届きました。川は山の水を海へ運びます。"),
        ("korean", "kor", "광학 문자 인식은 인쇄된 페이지의 그림을 글자로 바꿉니다. 오늘 종이 일곱 상자가 도착했습니다. 강은 산의 물을 바다로 옮깁니다."),
    ]

    static var installed: Bool {
        ["osd", "chi_sim", "chi_tra", "jpn", "kor"].allSatisfy(OCRLanguage.isInstalled)
    }

    @Test(.enabled(if: installed, "needs tesseract-ocr-osd, -chi-sim, -chi-tra, -jpn and -kor (Scripts/setup.sh)"),
          arguments: texts.indices)
    func aScanInItsOwnScriptIsReadWithoutAFlag(_ index: Int) throws {
        let (file, language, truth) = Self.texts[index]
        let document = try AnyDocConverter().document(Corpus.testDocument("images/ocr-\(file).png"), fileName: "scan.png")
        let text = document.blocks.compactMap { block -> String? in
            if case .paragraph(let inlines) = block { return inlines.plainText }
            return nil
        }.joined(separator: "\n")
        // Korean is written with spaces and counted by words; the others by character.
        let recall = WordRecall.recall(of: truth, in: text)
        #expect(recall >= 0.9, "\(file): \(recall) \(WordRecall.missing(from: truth, in: text))")
        let languages = document.metadata.extra.first { $0.key == "ocr_languages" }?.value ?? ""
        #expect(languages.contains(language), "\(languages)")
        #expect(!document.metadata.extra.contains { $0.key == "ocr_low_confidence_pages" })
    }

    @Test("A page read poorly in the language asked for is flagged, in metadata and as a warning")
    func lowConfidenceIsFlagged() throws {
        var options = ConversionOptions()
        options.ocrDetectsScript = false
        let document = try AnyDocConverter(options: options).document(Corpus.testDocument("images/ocr-chinese.png"), fileName: "scan.png")
        #expect(document.metadata.extra.first { $0.key == "ocr_low_confidence_pages" }?.value == "1")
        #expect(document.warnings.contains { $0.contains("low OCR confidence") })
    }

    @Test("English pages that read well are not read again")
    func englishStaysEnglish() throws {
        let document = try AnyDocConverter().document(Corpus.testDocument("images/ocr-paragraphs.png"), fileName: "scan.png")
        #expect(!document.metadata.extra.contains { $0.key == "ocr_languages" })
        #expect(document.warnings.isEmpty)
    }

    @Test("Korean syllables Tesseract splits are joined into their spaced words")
    func koreanWordsKeepTheirSpaces() {
        let words = [("광학", true), ("문자", true), ("인", true), ("식", false), ("은", false)].map {
            OCRResult.Word(text: $0.0, confidence: 90, spaced: $0.1)
        }
        #expect(OCRText.joinWords(words) == "광학 문자 인식은")
    }

    @Test("A narrow receipt on an A4 page with no text layer is OCRed")
    func narrowReceiptScanIsRead() throws {
        let markdown = try AnyDocConverter().markdown(Corpus.testDocument("pdf/receipt-scan.pdf"), fileName: "receipt.pdf")
        for word in ["CORNER", "BAKERY", "croissant", "TOTAL", "12.50"] {
            #expect(markdown.contains(word), "\(word) missing from: \(markdown)")
        }
    }

    @Test("A scanned page keeps its headings and lists")
    func headingsAndListsComeBackFromAScan() throws {
        let markdown = try AnyDocConverter().markdown(Corpus.testDocument("images/ocr-structured.png"), fileName: "scan.png")
        let expected = """
            # Harbour Report

            The harbour handled more ships this year than ever before. Most of the growth came from ferries and fishing boats.

            ## Key Results

            - Cargo grew by twelve percent
            - Repairs finished before winter

            ## Next Steps

            1. Dredge the northern channel
            2. Build a second crane

            """
        #expect(markdown == expected)
    }
}

@Suite("OCR page structure")
struct OCRStructureTests {
    static func line(_ text: String, height: Int) -> OCRResult.Line {
        OCRResult.Line(words: text.split(separator: " ").map { OCRResult.Word(text: String($0), confidence: 90) }, height: height)
    }

    static func page(_ paragraphs: [[OCRResult.Line]]) -> OCRResult {
        OCRResult(blocks: [OCRResult.TextBlock(paragraphs: paragraphs.map { OCRResult.Paragraph(lines: $0) })])
    }

    @Test func tallShortLinesAreHeadingsRankedBySize() {
        let result = Self.page([
            [Self.line("Annual Report", height: 100)],
            [Self.line("Body text runs on here", height: 50), Self.line("and continues on this line", height: 50)],
            [Self.line("Findings", height: 72)],
            [Self.line("Outlook ahead", height: 76)],
            [Self.line("A tall sentence that is large print and not a title at all.", height: 80)],
        ])
        let blocks = OCRStructure.blocks(of: result)
        #expect(blocks[0] == .heading(Heading(level: 1, content: [.text("Annual Report")])))
        #expect(blocks[1] == .paragraph([.text("Body text runs on here and continues on this line")]))
        #expect(blocks[2] == .heading(Heading(level: 2, content: [.text("Findings")])))
        #expect(blocks[3] == .heading(Heading(level: 2, content: [.text("Outlook ahead")])))
        #expect(blocks[4] == .paragraph([.text("A tall sentence that is large print and not a title at all.")]))
    }

    @Test func markedLinesBecomeListItemsAndLookalikesNeedTwoLines() {
        let result = Self.page([
            [Self.line("• First point", height: 50), Self.line("goes on here", height: 50), Self.line("• Second point", height: 50)],
            [Self.line("3. Third step", height: 50)],
            [Self.line("4. Fourth step", height: 50)],
            [Self.line("¢ Not a list on its own", height: 50)],
            [Self.line("¢ Read as bullets", height: 50), Self.line("¢ when two lines agree", height: 50)],
        ])
        let blocks = OCRStructure.blocks(of: result)
        #expect(blocks.count == 4, "\(blocks)")
        #expect(blocks[0] == .list(List(kind: .bullet, items: [ListItem([.text("First point goes on here")]), ListItem([.text("Second point")])])))
        #expect(blocks[1] == .list(List(kind: .ordered(start: 3), items: [ListItem([.text("Third step")]), ListItem([.text("Fourth step")])])))
        #expect(blocks[2] == .paragraph([.text("¢ Not a list on its own")]))
        #expect(blocks[3] == .list(List(kind: .bullet, items: [ListItem([.text("Read as bullets")]), ListItem([.text("when two lines agree")])])))
    }
}
