internal import AnyDocSwift
/// One page's text layer made into lines: the part of the first pass
/// that needs nothing but the page, so it can run on any thread that has
/// a document of its own.
struct PDFPageText: Sendable {
    /// The page's size as Poppler gives it.
    var pageWidth: Double
    var pageHeight: Double
    /// The size once the text is turned upright.
    var width: Double
    var height: Double
    var lines: [PDFTextLine]
    var uris: [String]
    /// Characters in `lines`.
    var visibleCharacters: Int
    /// Characters Poppler could not map on this page.
    var unmapped: Int
    /// True when the text was not turned: its lines sit where they are
    /// drawn, so the page's drawing can be read under them.
    var isUpright: Bool
    /// The raw characters, kept only when image regions will be looked
    /// for and the page has images.
    var characters: PDFTextLayout?
    /// Where images are drawn, located with the characters (on the page
    /// already open) so that a page without images need not be opened again.
    var imageAreas: [PDFRect]?

    /// Reads `page`'s text, links and lines.
    init(_ page: PDFPage, keepsCharacters: Bool) throws(ConversionError) {
        (pageWidth, pageHeight) = page.size
        let text = try page.textLayout()
        let (layout, links, width, height) = PDFTextOrientation.upright(
            text, links: text.characters.isEmpty ? [] : page.links(), width: pageWidth, height: pageHeight)
        var builder = PDFLineBuilder()
        (lines, uris) = builder.lines(from: layout, links: links)
        (self.width, self.height) = (width, height)
        isUpright = width == pageWidth && height == pageHeight && layout.characters.first?.box == text.characters.first?.box
        visibleCharacters = lines.reduce(0) { $0 + $1.characterCount }
        unmapped = builder.unmappedCount
        imageAreas = keepsCharacters ? page.imageAreas() : nil
        // Only images are looked at under the characters: without any,
        // they are let go here, on the thread that made them.
        characters = imageAreas?.isEmpty == false ? text : nil
    }
}
