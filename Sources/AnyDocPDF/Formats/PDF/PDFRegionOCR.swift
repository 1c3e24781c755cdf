internal import AnyDocSwift
/// OCR of the image regions of text pages (`PDFImageRegions`): each region
/// is rendered on its own and recognised on the OCR workers, and its text
/// is kept only when the reading is confident, so photos add no noise.
enum PDFRegionOCR {
    struct Region {
        /// 1-based.
        var page: Int
        /// Points, top-left origin.
        var area: PDFRect
    }

    /// Below this mean word confidence a region's reading is dropped.
    static let minConfidence = 70.0
    /// Fewer words than this are a caption or a stray mark, not text.
    static let minWords = 3

    /// Whether `region` of `page` is worth recognising: a low-resolution
    /// rendering of it must look like text (`PDFTextLikeness`).
    static func isWorthReading(_ region: PDFRect, of page: PDFPage) -> Bool {
        guard let preview = try? page.render(dpi: PDFTextLikeness.dpi, region: region) else { return false }
        return PDFTextLikeness.looksLikeText(preview)
    }

    /// The readings of `regions`, in the same order; nil where the reading
    /// is not confident or holds too few words.
    static func recognize(_ regions: [Region], of document: PDFDocument, input: ConversionInput) throws(ConversionError) -> [OCRResult?] {
        // A text page converts as before when the models are missing.
        guard !regions.isEmpty, (try? OCRLanguage.validate(input.options.ocrLanguage)) != nil else {
            return regions.map { _ in nil }
        }
        try TesseractLibrary.load()
        let recognizer = try PageRecognizer(
            language: input.options.ocrLanguage, detectsScript: input.options.ocrDetectsScript,
            workers: input.options.ocrWorkers ?? PageRecognizer.defaultWorkerCount)
        var remaining = regions.makeIterator()
        let results = try recognizer.recognize(deadline: input.deadline, maxWorkers: regions.count) { () throws(ConversionError) -> GrayImage? in
            guard let region = remaining.next() else { return nil }
            guard let page = document.page(at: region.page - 1) else {
                throw .malformed("page \(region.page) cannot be opened for OCR")
            }
            return try page.render(dpi: dpi(for: region.area, asked: input.options.ocrDPI), region: region.area)
        }
        return results.map(accepted)
    }

    /// Below this confidence a word of an accepted reading is dropped:
    /// screenshots mix text with icons and borders read as stray letters.
    static let minWordConfidence = 50.0

    /// `asked`, lowered so the region stays within the renderer's pixel
    /// limit: an oversized page must not fail a text page's conversion.
    static func dpi(for area: PDFRect, asked: Int, maxPixels: Double = 50_000_000) -> Int {
        let pixels = area.area * Double(asked * asked) / (72 * 72)
        guard pixels > maxPixels else { return asked }
        return max(36, Int(Double(asked) * (maxPixels / pixels).squareRoot()))
    }

    static func accepted(_ result: OCRResult) -> OCRResult? {
        guard result.wordCount >= minWords, let confidence = result.meanConfidence, confidence >= minConfidence else { return nil }
        var kept = result
        kept.blocks = result.blocks.map { block in
            var block = block
            block.paragraphs = block.paragraphs.map { paragraph in
                var paragraph = paragraph
                paragraph.lines = paragraph.lines.map { line in
                    var line = line
                    line.words = line.words.filter { $0.confidence >= minWordConfidence }
                    return line
                }.filter { !$0.words.isEmpty }
                return paragraph
            }.filter { !$0.lines.isEmpty }
            return block
        }.filter { !$0.paragraphs.isEmpty }
        return kept
    }
}
