internal import AnyDocSwift
internal import CPoppler
import Synchronization

/// One page of a `PDFDocument`. Owns its `PopplerPage` reference and
/// keeps the document alive while it exists.
final class PDFPage {
    private let handle: OpaquePointer
    private let document: PDFDocument
    /// 1-based.
    let number: Int

    init(handle: OpaquePointer, document: PDFDocument, number: Int) {
        self.handle = handle
        self.document = document
        self.number = number
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// Width and height in points as the page is displayed (rotation applied).
    var size: (width: Double, height: Double) {
        var width = 0.0
        var height = 0.0
        poppler_page_get_size(handle, &width, &height)
        return (width.isFinite ? max(0, width) : 0, height.isFinite ? max(0, height) : 0)
    }

    /// The text layer: every character with its box and font.
    ///
    /// Poppler gives the text and one rectangle per character of it (a
    /// space between words and a newline between lines have rectangles
    /// too), and font runs as character ranges over the same text. Pages
    /// with more than `maxCharacters` characters fail with `resource limit`.
    func textLayout(maxCharacters: Int = 2_000_000) throws(ConversionError) -> PDFTextLayout {
        let (width, height) = size
        let leftToRight = try textLayout(in: PopplerRectangle(x1: 0, y1: 0, x2: width, y2: height), maxCharacters: maxCharacters)
        // Poppler selects text from the area's first corner on, and from the
        // top-left corner it skips lines of right-to-left blocks: such a
        // page is read again from the top-right corner, and the fuller
        // reading wins.
        guard leftToRight.characters.contains(where: { PDFPage.isRightToLeft($0.scalar) }) else { return leftToRight }
        let rightToLeft = try textLayout(in: PopplerRectangle(x1: width, y1: 0, x2: 0, y2: height), maxCharacters: maxCharacters)
        return rightToLeft.characters.count > leftToRight.characters.count ? rightToLeft : leftToRight
    }

    private func textLayout(in area: PopplerRectangle, maxCharacters: Int) throws(ConversionError) -> PDFTextLayout {
        var area = area
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        guard poppler_page_get_text_layout_for_area(handle, &area, &rectangles, &count) != 0, let rectangles else {
            return .empty
        }
        defer { g_free(rectangles) }
        let rectangleCount = Int(count)
        if rectangleCount > maxCharacters {
            throw .resourceLimit("page \(number) has more than \(maxCharacters) characters of text")
        }
        guard let textPointer = poppler_page_get_text_for_area(handle, &area) else { return .empty }
        let text = String(cString: textPointer)
        g_free(textPointer)

        var styles: [PDFTextStyle] = []
        var styleIndex: [PDFTextStyle: Int32] = [:]
        // Style of each character offset, from the attribute runs.
        var styleOfOffset = [Int32](repeating: -1, count: rectangleCount)
        let attributes = poppler_page_get_text_attributes_for_area(handle, &area)
        forEachElement(of: attributes) { raw in
            let run = raw.assumingMemoryBound(to: PopplerTextAttributes.self).pointee
            let name = run.font_name.map { String(cString: $0) } ?? ""
            let style = PDFTextStyle(fontName: name, fontSize: run.font_size, isUnderlined: run.is_underlined != 0)
            let index: Int32
            if let known = styleIndex[style] {
                index = known
            } else {
                index = Int32(styles.count)
                styles.append(style)
                styleIndex[style] = index
            }
            let start = max(0, Int(run.start_index))
            let end = min(rectangleCount - 1, Int(run.end_index))
            if start <= end {
                for offset in start...end { styleOfOffset[offset] = index }
            }
        }
        poppler_page_free_text_attributes(attributes)
        if styles.isEmpty { styles.append(PDFTextStyle(fontName: "", fontSize: 0)) }

        var characters: [PDFCharacter] = []
        characters.reserveCapacity(rectangleCount)
        var offset = 0
        var lastStyle: Int32 = 0
        for scalar in text.unicodeScalars {
            // Poppler wraps right-to-left runs in bidi embedding controls
            // that have no rectangle.
            if PDFPage.isBidiControl(scalar) { continue }
            guard offset < rectangleCount else { break }
            let r = rectangles[offset]
            let style = styleOfOffset[offset] >= 0 ? styleOfOffset[offset] : lastStyle
            lastStyle = style
            if r.x1.isFinite, r.y1.isFinite, r.x2.isFinite, r.y2.isFinite {
                characters.append(PDFCharacter(
                    scalar: scalar, box: PDFRect(minX: r.x1, minY: r.y1, maxX: r.x2, maxY: r.y2), style: style))
            }
            offset += 1
        }
        return PDFTextLayout(characters: characters, styles: styles)
    }

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Link annotations with the areas they cover, in top-left coordinates.
    func links() -> [PDFLink] {
        let height = size.height
        let mappings = poppler_page_get_link_mapping(handle)
        defer { poppler_page_free_link_mapping(mappings) }
        var links: [PDFLink] = []
        forEachElement(of: mappings) { raw in
            let mapping = raw.assumingMemoryBound(to: PopplerLinkMapping.self).pointee
            guard let action = mapping.action else { return }
            let target: PDFLinkTarget?
            switch action.pointee.type {
            case POPPLER_ACTION_URI:
                target = action.pointee.uri.uri.map { PDFLinkTarget.uri(String(cString: $0)) }
            case POPPLER_ACTION_GOTO_DEST:
                target = document.destinationPage(action.pointee.goto_dest.dest).map(PDFLinkTarget.page)
            default:
                target = nil
            }
            let a = mapping.area
            guard let target, a.x1.isFinite, a.y1.isFinite, a.x2.isFinite, a.y2.isFinite else { return }
            links.append(PDFLink(area: PDFRect(minX: a.x1, minY: height - a.y2, maxX: a.x2, maxY: height - a.y1), target: target))
        }
        return links
    }

    /// The areas where images are drawn. Images are located, not decoded.
    func imageAreas() -> [PDFRect] {
        let mappings = poppler_page_get_image_mapping(handle)
        defer { poppler_page_free_image_mapping(mappings) }
        var areas: [PDFRect] = []
        forEachElement(of: mappings) { raw in
            let a = raw.assumingMemoryBound(to: PopplerImageMapping.self).pointee.area
            guard a.x1.isFinite, a.y1.isFinite, a.x2.isFinite, a.y2.isFinite else { return }
            areas.append(PDFRect(minX: a.x1, minY: a.y1, maxX: a.x2, maxY: a.y2))
        }
        return areas
    }

    /// Renders the page to gray pixels at `dpi`, for OCR: a plain value
    /// that recognisers on other threads can take. Fails with
    /// `resource limit` past `maxPixels`.
    func render(dpi: Int, maxPixels: Int = 60_000_000) throws(ConversionError) -> GrayImage {
        let (width, height) = size
        return try render(dpi: dpi, region: PDFRect(minX: 0, minY: 0, maxX: width, maxY: height), maxPixels: maxPixels)
    }

    /// Renders only `region` of the page (points, top-left origin): cairo
    /// clips the drawing to it, so an image on a text page is read without
    /// rasterising the whole page.
    func render(dpi: Int, region: PDFRect, maxPixels: Int = 60_000_000) throws(ConversionError) -> GrayImage {
        let resolution = dpi > 0 ? dpi : 72
        let scale = Double(resolution) / 72
        let pixelWidth = Int((region.width * scale).rounded(.up))
        let pixelHeight = Int((region.height * scale).rounded(.up))
        guard pixelWidth > 0, pixelHeight > 0 else { throw .malformed("page \(number) has no area to render") }
        guard pixelWidth <= 30_000, pixelHeight <= 30_000, pixelWidth * pixelHeight <= maxPixels else {
            throw .resourceLimit("page \(number) at \(resolution) dpi is over \(maxPixels) pixels")
        }
        guard let pixels = draw(pixelWidth, pixelHeight, scale: scale, origin: (region.minX, region.minY)),
              let image = GrayImage(width: pixelWidth, height: pixelHeight, pixels: pixels, resolution: resolution) else {
            throw .resourceLimit("page \(number) could not be rendered")
        }
        return image
    }

    /// Serialises page rendering across the process. Poppler keeps lazily
    /// created global state (colour management) that races when pages of
    /// different documents render on several threads at once; rendering is
    /// a small part of OCR time, so one lock costs little.
    private static let renderLock = Mutex(())

    /// The page drawn on white, as `width × height` gray bytes.
    private func draw(_ width: Int, _ height: Int, scale: Double, origin: (x: Double, y: Double)) -> [UInt8]? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else { return nil }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        cairo_translate(context, -origin.x, -origin.y)
        PDFPage.renderLock.withLock { _ in poppler_page_render(handle, context) }
        cairo_destroy(context)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return [UInt8](unsafeUninitializedCapacity: width * height) { gray, count in
            for y in 0..<height {
                // RGB24 keeps each pixel in a native-endian 32-bit xRGB word.
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let start = y * width
                for x in 0..<width {
                    let word = row[x]
                    let red = (word >> 16) & 0xFF, green = (word >> 8) & 0xFF, blue = word & 0xFF
                    // Rec. 601 luma in integers.
                    gray[start + x] = UInt8((red * 299 + green * 587 + blue * 114) / 1000)
                }
            }
            count = width * height
        }
    }
}
