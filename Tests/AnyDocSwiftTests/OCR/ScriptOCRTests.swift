import Testing
@testable import AnyDocSwift

/// Scans in other scripts than Latin, read with default options: each
/// page's script is detected and read with its own model. The texts are
/// those Scripts/make-script-ocr-fixtures.py renders.
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
}
