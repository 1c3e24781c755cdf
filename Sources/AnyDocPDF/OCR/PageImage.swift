internal import AnyDocSwift
internal import CTesseract
import Glibc

/// A Leptonica image. The class owns its `PIX` and destroys it when it goes
/// away; what it hands out are new `PageImage`s or Swift values.
///
/// Not Sendable: a PIX belongs to the thread using it. Move pixels between
/// threads as a `GrayImage`.
final class PageImage {
    let pix: OpaquePointer

    private init(taking pix: OpaquePointer) {
        self.pix = pix
    }

    deinit {
        var pointer: OpaquePointer? = pix
        pixDestroy(&pointer)
    }

    /// Takes ownership of `pix`; nil stays nil.
    static func adopt(_ pix: OpaquePointer?) -> PageImage? {
        pix.map(PageImage.init(taking:))
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }
    var depth: Int { Int(pixGetDepth(pix)) }
    /// The resolution the file states, 0 when it states none.
    var resolution: Int { Int(pixGetXRes(pix)) }

    // MARK: - Decoding

    /// The image file formats Leptonica recognises by signature.
    enum FileFormat: Equatable {
        case bmp, jpeg, png, tiff, gif, webp, jp2, pnm, unknown

        init(leptonica code: Int32) {
            switch code {
            case Int32(IFF_BMP): self = .bmp
            case Int32(IFF_JFIF_JPEG): self = .jpeg
            case Int32(IFF_PNG): self = .png
            case Int32(IFF_GIF): self = .gif
            case Int32(IFF_WEBP): self = .webp
            case Int32(IFF_JP2): self = .jp2
            case Int32(IFF_PNM): self = .pnm
            case Int32(IFF_TIFF), Int32(IFF_TIFF_PACKBITS), Int32(IFF_TIFF_RLE),
                 Int32(IFF_TIFF_G3), Int32(IFF_TIFF_G4), Int32(IFF_TIFF_LZW),
                 Int32(IFF_TIFF_ZIP), Int32(IFF_TIFF_JPEG):
                self = .tiff
            default: self = .unknown
            }
        }
    }

    /// What the bytes are and how large the (first) image is, read from the
    /// header alone so a huge image is refused before it is decoded.
    static func header(of bytes: [UInt8]) throws(ConversionError) -> (format: FileFormat, width: Int, height: Int) {
        try TesseractLibrary.load()
        var format: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress, buffer.count >= 12 else { return 1 }
            findFileFormatBuffer(base, &format)
            return pixReadHeaderMem(base, buffer.count, nil, &width, &height, nil, nil, nil)
        }
        let kind = FileFormat(leptonica: format)
        if kind == .unknown { throw .unsupported("the image format is not one Leptonica reads") }
        guard status == 0 else { throw .malformed("the \(kind) image header cannot be read") }
        try checkSize(width: Int(width), height: Int(height))
        return (kind, Int(width), Int(height))
    }

    static func checkSize(width: Int, height: Int) throws(ConversionError) {
        guard width > 0, height > 0 else { throw .malformed("the image has no pixels") }
        if width.multipliedReportingOverflow(by: height).partialValue > OCRImageLimits.maxPixels
            || width > 1 << 20 || height > 1 << 20 {
            throw .resourceLimit("the image is \(width)×\(height) pixels, over the \(OCRImageLimits.maxPixels)-pixel limit")
        }
    }

    /// Decodes a single image (the first page of a TIFF).
    static func decode(_ bytes: [UInt8]) throws(ConversionError) -> PageImage {
        let header = try header(of: bytes)
        let pix = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { pixReadMem($0, buffer.count) }
        }
        guard let image = adopt(pix) else { throw .malformed("the \(header.format) image cannot be decoded") }
        return image
    }

    // MARK: - Conversion

    /// This image as 8-bit gray: colour maps removed, colour reduced to
    /// luminance, transparency laid over white (a transparent PNG would
    /// otherwise turn black).
    func grayscale() throws(ConversionError) -> PageImage {
        var source: PageImage = self
        if pixGetSpp(pix) == 4, let flattened = PageImage.adopt(pixAlphaBlendUniform(pix, 0xFFFF_FF00)) {
            source = flattened
        }
        if source.depth == 8, pixGetColormap(source.pix) == nil {
            return source
        }
        guard let gray = PageImage.adopt(pixConvertTo8(source.pix, 0)) else {
            throw .malformed("the image cannot be converted to grayscale")
        }
        return gray
    }

    /// An 8-bit image from gray bytes.
    convenience init(_ image: GrayImage) throws(ConversionError) {
        try TesseractLibrary.load()
        guard let pix = pixCreate(Int32(image.width), Int32(image.height), 8), let data = pixGetData(pix) else {
            throw .resourceLimit("cannot allocate a \(image.width)×\(image.height) image")
        }
        self.init(taking: pix)
        pixSetResolution(pix, Int32(image.resolution), Int32(image.resolution))
        let wordsPerLine = Int(pixGetWpl(pix))
        let width = image.width
        image.pixels.withUnsafeBufferPointer { source in
            let target = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self)
            for row in 0..<image.height {
                let line = target + row * wordsPerLine * 4
                let start = row * width
                // Leptonica packs pixels big-endian within 32-bit words.
                for column in 0..<width { line[column ^ 3] = source[start + column] }
            }
        }
    }

    /// The pixels as gray bytes (this image must be 8-bit).
    func grayBytes(resolution: Int) throws(ConversionError) -> GrayImage {
        let gray = try grayscale()
        guard let data = pixGetData(gray.pix) else { throw .malformed("the image has no pixel data") }
        let width = gray.width
        let height = gray.height
        let wordsPerLine = Int(pixGetWpl(gray.pix))
        let source = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            for row in 0..<height {
                let line = source + row * wordsPerLine * 4
                let start = row * width
                for column in 0..<width { buffer[start + column] = line[column ^ 3] }
            }
            count = width * height
        }
        guard let image = GrayImage(width: width, height: height, pixels: pixels, resolution: resolution) else {
            throw .malformed("the image has no pixels")
        }
        return image
    }

    // MARK: - Clean-up before recognition

    /// The image turned upright when it reads sideways or upside down.
    ///
    /// Leptonica judges orientation from ascenders and descenders of Latin
    /// text, so this is only meaningful for Latin-script pages. Tesseract's
    /// own orientation detection would need `osd.traineddata`, which Debian
    /// ships separately.
    func uprighted() -> (image: PageImage, quarterTurns: Int) {
        guard let binary = PageImage.adopt(pixConvertTo1(pix, 128)) else { return (self, 0) }
        var upConfidence: Float = 0
        var leftConfidence: Float = 0
        guard pixOrientDetect(binary.pix, &upConfidence, &leftConfidence, 0, 0) == 0 else { return (self, 0) }
        var orientation: Int32 = 0
        guard makeOrientDecision(upConfidence, leftConfidence, 0, 0, &orientation, 0) == 0 else { return (self, 0) }
        let turns: Int32
        switch orientation {
        case Int32(L_TEXT_ORIENT_LEFT): turns = 1
        case Int32(L_TEXT_ORIENT_DOWN): turns = 2
        case Int32(L_TEXT_ORIENT_RIGHT): turns = 3
        default: return (self, 0)
        }
        guard let rotated = PageImage.adopt(pixRotateOrth(pix, turns)) else { return (self, 0) }
        return (rotated, Int(turns))
    }
}

/// Tesseract and Leptonica, loaded on first use (see CTesseract.h), with
/// Leptonica's error printing turned off: hostile images make it print to
/// standard error, and the converter reports failures itself.
enum TesseractLibrary {
    /// Loads the libraries once per process; every path into Tesseract or
    /// Leptonica calls this first. Fails with `unsupported` when they are
    /// not installed.
    static func load() throws(ConversionError) {
        if let failure = loaded { throw .unsupported("OCR needs Tesseract, which cannot be loaded: \(failure)") }
    }

    /// Nil once loaded, else why not.
    private static let loaded: String? = {
        // libgomp, which Tesseract loads, reads this when it is loaded:
        // OpenMP then runs each region on the calling thread (see
        // `OCREngine.limitLibraryThreads`). A caller's own setting stands.
        setenv("OMP_THREAD_LIMIT", "1", 0)
        var message = [CChar](repeating: 0, count: 256)
        guard anydoc_tesseract_load(&message, message.count) != 0 else {
            return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        setMsgSeverity(Int32(L_SEVERITY_NONE))
        return nil
    }()
}
