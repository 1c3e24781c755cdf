internal import AnyDocSwift
/// Recognises the scanned pages of a PDF with Tesseract.
enum PDFPageOCR {
    /// OCR results for `pages` (1-based numbers), in the same order.
    static func recognize(pages: [Int], of document: PDFDocument, input: ConversionInput) throws(ConversionError) -> [OCRResult] {
        let recognizer = try PageRecognizer(
            language: input.options.ocrLanguage, detectsScript: input.options.ocrDetectsScript, workers: input.options.ocrWorkers ?? PageRecognizer.defaultWorkerCount)
        var remaining = pages.makeIterator()
        return try recognizer.recognize(deadline: input.deadline, maxWorkers: pages.count) { () throws(ConversionError) -> GrayImage? in
            guard let number = remaining.next() else { return nil }
            guard let page = document.page(at: number - 1) else {
                throw .malformed("page \(number) cannot be opened for OCR")
            }
            return try page.render(dpi: input.options.ocrDPI)
        }
    }
}
