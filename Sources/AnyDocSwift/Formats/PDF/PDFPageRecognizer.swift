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

/// When a page needs OCR: almost no text for its area, and images
/// covering most of it.
enum PDFScanDetector {
    /// Fewer visible characters than this per page are "no text layer".
    static func isNegligibleText(characters: Int, pageArea: Double) -> Bool {
        Double(characters) < max(16, pageArea / 10_000)
    }

    /// True when images cover at least half the page.
    static func isMostlyImage(_ images: [PDFRect], width: Double, height: Double) -> Bool {
        let page = PDFRect(minX: 0, minY: 0, maxX: width, maxY: height)
        guard page.area > 0 else { return false }
        let covered = images.reduce(0) { $0 + page.intersectionArea($1) }
        return covered >= 0.5 * page.area
    }
}
