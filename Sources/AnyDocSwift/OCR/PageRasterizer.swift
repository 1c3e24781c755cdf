internal import CPoppler

/// Renders a Poppler page to gray pixels for OCR.
///
/// Poppler must not work on one document from two threads: call this on
/// the thread that owns the document, and hand the resulting `GrayImage`
/// (a plain value) to recognisers on other threads.
enum PageRasterizer {
    /// Renders `page` (a `PopplerPage *`) at `dpi` on white. A page that
    /// would exceed the pixel limit at `dpi` is rendered at the highest
    /// resolution within it; the image's `resolution` says which was used.
    static func render(page: OpaquePointer, dpi: Int) throws(ConversionError) -> GrayImage {
        var widthPoints = 0.0
        var heightPoints = 0.0
        poppler_page_get_size(page, &widthPoints, &heightPoints)
        guard widthPoints.isFinite, heightPoints.isFinite, widthPoints >= 1, heightPoints >= 1,
              widthPoints < 1e6, heightPoints < 1e6 else {
            throw .malformed("the page has no usable size")
        }
        var resolution = Double(min(max(dpi, 36), 1200))
        let area = widthPoints * heightPoints / (72 * 72)  // square inches
        let largest = (Double(OCRImageLimits.maxPixels) / area).squareRoot()
        if resolution > largest { resolution = largest.rounded(.down) }
        guard resolution >= 1 else { throw .resourceLimit("the page is too large to render for OCR") }
        let scale = resolution / 72
        let width = Int((widthPoints * scale).rounded(.up))
        let height = Int((heightPoints * scale).rounded(.up))
        try PageImage.checkSize(width: width, height: height)

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw .resourceLimit("cannot allocate a \(width)×\(height) page image")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw .resourceLimit("cannot allocate a \(width)×\(height) page image")
        }
        // Pages are transparent where nothing is drawn; OCR wants paper.
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        PopplerRenderLock.withLock { poppler_page_render(page, context) }
        cairo_destroy(context)
        cairo_surface_flush(surface)

        guard let data = cairo_image_surface_get_data(surface) else {
            throw .malformed("the page could not be rendered")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            for row in 0..<height {
                // RGB24 keeps each pixel in a native-endian 32-bit word.
                let line = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                let start = row * width
                for column in 0..<width {
                    let pixel = line[column]
                    let red = (pixel >> 16) & 0xFF
                    let green = (pixel >> 8) & 0xFF
                    let blue = pixel & 0xFF
                    // Rec. 601 luma in integers.
                    buffer[start + column] = UInt8((red * 299 + green * 587 + blue * 114 + 500) / 1000)
                }
            }
            count = width * height
        }
        guard let image = GrayImage(width: width, height: height, pixels: pixels, resolution: Int(resolution)) else {
            throw .malformed("the page could not be rendered")
        }
        return image
    }
}
