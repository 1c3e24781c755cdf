@testable import AnyDocSwift
@testable import AnyDocPDF

extension PDFDocument {
    /// Page `index` (0-based) rendered for OCR, as the converter renders it.
    func render(page index: Int, dpi: Int) throws(ConversionError) -> GrayImage {
        guard let page = page(at: index) else { throw .malformed("no page \(index + 1)") }
        return try page.render(dpi: dpi)
    }
}
