internal import AnyDocSwift
/// An 8-bit grayscale raster (0 black, 255 white), one byte per pixel, rows
/// packed without padding.
///
/// The plain value that moves between threads: a renderer makes it on one
/// thread and an `OCREngine` recognises it on another.
struct GrayImage: Sendable {
    let width: Int
    let height: Int
    /// `width * height` bytes, row by row.
    let pixels: [UInt8]
    /// Pixels per inch, which Tesseract needs to judge text size.
    let resolution: Int

    /// Nil when `pixels` does not hold exactly `width * height` bytes.
    init?(width: Int, height: Int, pixels: [UInt8], resolution: Int) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height) == (pixels.count, false) else {
            return nil
        }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.resolution = resolution
    }
}

/// Sizes past which a page image is refused rather than decoded.
enum OCRImageLimits {
    /// 80 megapixels: an A3 page at 600 dpi is 70.
    static let maxPixels = 80_000_000
    /// Resolutions a source may claim; outside them the caller's is used.
    static let plausibleResolutions = 70...2400
}
