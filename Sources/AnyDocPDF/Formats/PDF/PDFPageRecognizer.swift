internal import AnyDocSwift
/// Turns a page that has no usable text layer (a scan) into blocks: the
/// seam through which an OCR engine plugs into the PDF converter.
///
/// The converter calls it on its own thread with the page still open, so
/// an implementation can call `page.render(dpi:)` and recognise the
/// image. Returning nil means the page could not be recognised; it is
/// then reported as needing OCR.
protocol PDFPageRecognizer {
    func recognize(_ page: PDFPage, deadline: Deadline) throws(ConversionError) -> [Block]?
}

/// When a page needs OCR: almost no text for its area, and an image large
/// enough to hold text.
enum PDFScanDetector {
    /// Fewer visible characters than this per page are "no text layer".
    static func isNegligibleText(characters: Int, pageArea: Double) -> Bool {
        Double(characters) < max(16, pageArea / 10_000)
    }

    /// One square inch, in points squared: a few lines of receipt text.
    static let textSizedImageArea = 72.0 * 72.0

    /// True when the images on the page cover at least a square inch of
    /// it. Not only full-page scans hold text: a receipt scanned at 150 dpi
    /// sits in a narrow image over a third of an A4 page, a photographed
    /// note in a corner.
    static func holdsTextSizedImage(_ images: [PDFRect], width: Double, height: Double) -> Bool {
        let page = PDFRect(minX: 0, minY: 0, maxX: width, maxY: height)
        guard page.area > 0 else { return false }
        let covered = images.reduce(0) { $0 + page.intersectionArea($1) }
        return covered >= textSizedImageArea
    }
}
