internal import AnyDocSwift
/// The images on a page with a text layer that may be pictures of text: a
/// scanned letter pasted into a report, a screenshot of a table. The text
/// layer says nothing about them, so they are OCRed on their own.
enum PDFImageRegions {
    /// A region must cover at least this share of the page: smaller images
    /// are logos, icons and signatures.
    static let minPageShare = 0.05

    /// Image areas (points, top-left origin) large enough to hold text —
    /// a square inch and `minPageShare` of the page — over which the text
    /// layer has no character. Overlapping candidates keep the larger.
    static func candidates(images: [PDFRect], characters: [PDFCharacter], width: Double, height: Double) -> [PDFRect] {
        let page = PDFRect(minX: 0, minY: 0, maxX: width, maxY: height)
        let minArea = max(PDFScanDetector.textSizedImageArea, page.area * minPageShare)
        var regions: [PDFRect] = []
        for image in images.sorted(by: { $0.area > $1.area }) {
            let area = clipped(image, to: page)
            guard area.area >= minArea,
                  !regions.contains(where: { $0.intersectionArea(area) > 0.5 * area.area }),
                  !characters.contains(where: { area.contains(x: $0.box.midX, y: $0.box.midY) }) else { continue }
            regions.append(area)
        }
        return regions.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }

    private static func clipped(_ rect: PDFRect, to page: PDFRect) -> PDFRect {
        let minX = max(rect.minX, page.minX), minY = max(rect.minY, page.minY)
        let maxX = min(rect.maxX, page.maxX), maxY = min(rect.maxY, page.maxY)
        return PDFRect(minX: minX, minY: minY, maxX: max(minX, maxX), maxY: max(minY, maxY))
    }
}
