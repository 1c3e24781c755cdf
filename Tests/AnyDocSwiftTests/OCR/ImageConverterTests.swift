import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

@Suite("Image OCR")
struct ImageConverterTests {
    private func markdown(_ name: String, options: ConversionOptions = ConversionOptions()) throws -> String {
        try AnyDocConverter(options: options).markdown(Corpus.testDocument("images/" + name), fileName: name)
    }

    @Test("PNG: paragraphs come out separately with the known words")
    func png() throws {
        let document = try AnyDocConverter().document(Corpus.testDocument("images/ocr-paragraphs.png"), fileName: "a.png")
        let paragraphs = document.blocks.compactMap { block -> String? in
            if case .paragraph(let inlines) = block { return inlines.plainText }
            return nil
        }
        #expect(paragraphs.count == 2, "\(paragraphs)")
        let text = paragraphs.joined(separator: "\n")
        #expect(WordRecall.recall(of: OCRFixtureText.paragraph + "\n" + OCRFixtureText.second, in: text) >= 0.95,
                "\(WordRecall.missing(from: OCRFixtureText.paragraph, in: text))")
        #expect(paragraphs.first?.hasPrefix("The quick brown fox") == true)
        #expect(document.metadata.sourceFormat == .png)
        let confidence = document.metadata.extra.first { $0.key == "ocr_confidence" }.flatMap { Double($0.value) }
        #expect((confidence ?? 0) > 80)
    }

    @Test("JPEG: the same page through lossy compression")
    func jpeg() throws {
        let text = try markdown("ocr-paragraphs.jpg")
        let truth = OCRFixtureText.paragraph + "\n" + OCRFixtureText.second
        #expect(WordRecall.recall(of: truth, in: text) >= 0.95, "\(WordRecall.missing(from: truth, in: text))")
    }

    @Test("Two-page TIFF: a page boundary before each page, text in page order")
    func multipageTIFF() throws {
        let document = try AnyDocConverter().document(Corpus.testDocument("images/ocr-two-pages.tiff"), fileName: "t.tiff")
        #expect(document.metadata.pageCount == 2)
        var pages: [Int: String] = [:]
        var current = 0
        for block in document.blocks {
            switch block {
            case .boundary(.page(let number)): current = number
            case .paragraph(let inlines): pages[current, default: ""] += inlines.plainText + "\n"
            default: break
            }
        }
        #expect(pages.keys.sorted() == [1, 2])
        #expect(WordRecall.recall(of: OCRFixtureText.pageOne, in: pages[1] ?? "") >= 0.95, "\(pages)")
        #expect(WordRecall.recall(of: OCRFixtureText.pageTwo, in: pages[2] ?? "") >= 0.95, "\(pages)")
        let markdown = try self.markdown("ocr-two-pages.tiff")
        #expect(markdown.contains("<!-- page 2 -->"))
    }

    @Test("WebP, GIF and 1-bit BMP decode through Leptonica", arguments: ["ocr-line.webp", "ocr-line.gif", "ocr-line.bmp"])
    func otherFormats(name: String) throws {
        let text = try markdown(name)
        #expect(WordRecall.recall(of: OCRFixtureText.pageOne, in: text) >= 0.95, "\(text)")
    }

    @Test("A language that is not installed names the package to install")
    func missingLanguage() throws {
        var options = ConversionOptions()
        options.ocrLanguage = "deu"
        let error = #expect(throws: ConversionError.self) { try markdown("ocr-line.webp", options: options) }
        #expect(error?.kind == .unsupported)
        #expect(error?.reason == "OCR language 'deu' is not installed: apt-get install tesseract-ocr-deu")
        #expect(throws: ConversionError.self) { try OCREngine(language: "chi_sim+xyz_abc") }
        #expect(OCRLanguage.debianPackage(for: "chi_sim") == "tesseract-ocr-chi-sim")
        #expect(throws: ConversionError.self) { try OCREngine(language: "../eng") }
    }

    @Test("Damaged and unknown bytes fail cleanly")
    func damaged() throws {
        var png = try Corpus.testDocument("images/ocr-paragraphs.png")
        png.removeSubrange(200...)
        var options = ConversionOptions()
        options.format = .png
        let truncated = #expect(throws: ConversionError.self) { try AnyDocConverter(options: options).markdown(png) }
        #expect(truncated?.kind == .malformed)
        let unknown = #expect(throws: ConversionError.self) {
            try AnyDocConverter(options: options).markdown([UInt8](repeating: 7, count: 64))
        }
        #expect(unknown?.kind == .unsupported)
    }

    @Test("A blank image gives no paragraphs and a warning")
    func blank() throws {
        let white = try #require(GrayImage(width: 600, height: 400, pixels: .init(repeating: 255, count: 240_000), resolution: 300))
        let engine = try OCREngine()
        let result = try engine.recognize(white, deadline: Deadline(secondsFromNow: 60))
        #expect(result.modelBlocks.isEmpty)
        #expect(result.meanConfidence == nil)
    }
}

@Suite("OCR text joining")
struct OCRTextTests {
    @Test func joining() {
        #expect(OCRText.join(["docu-", "ments are"], hyphenation: true) == "documents are")
        #expect(OCRText.join(["mid-", "19th century"], hyphenation: true) == "mid- 19th century")
        #expect(OCRText.join(["well-", "Known"], hyphenation: true) == "well- Known")
        #expect(OCRText.join(["数据", "转换"], hyphenation: true) == "数据转换")
        #expect(OCRText.join(["DOCX", "转换"], hyphenation: false) == "DOCX 转换")
        #expect(OCRText.join(["a", " ", "b"], hyphenation: false) == "a b")
        #expect(OCRText.joinWords(["温度", "2", "5", "℃", "DOCX", "XLSX"]) == "温度25℃DOCX XLSX")
        #expect(OCRText.joinWords(["plain", "2", "5"]) == "plain 2 5")
    }

    @Test func recallHelper() {
        #expect(WordRecall.tokens("Hello, World-wide ２５℃ 数据") == ["hello", "world", "wide", "25", "c", "数", "据"])
        #expect(WordRecall.recall(of: "a a b", in: "a b") == 2.0 / 3.0)
    }
}
