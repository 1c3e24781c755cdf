internal import AnyDocSwift
internal import CTesseract

/// Images (PNG, JPEG, TIFF, WebP, GIF, BMP): decoded with Leptonica and
/// read with Tesseract into paragraphs. Each page of a multi-page TIFF
/// starts with a page boundary; the mean word confidence goes into the
/// metadata as `ocr_confidence`.
enum ImageConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let header = try PageImage.header(of: input.bytes)
        try ImageCodecs.requireSupport(for: header.format)
        let fallbackResolution = min(max(input.options.ocrDPI, 70), 1200)
        func resolution(of page: PageImage) -> Int {
            OCRImageLimits.plausibleResolutions.contains(page.resolution) ? page.resolution : fallbackResolution
        }

        let results: [OCRResult]
        if header.format == .tiff {
            let pages = TIFFPages(bytes: input.bytes)
            let recognizer = try PageRecognizer(
                language: input.options.ocrLanguage, detectsScript: input.options.ocrDetectsScript, workers: input.options.ocrWorkers ?? PageRecognizer.defaultWorkerCount)
            results = try recognizer.recognize(deadline: input.deadline) { () throws(ConversionError) -> GrayImage? in
                guard let page = try pages.next() else { return nil }
                return try page.grayBytes(resolution: resolution(of: page))
            }
        } else {
            let image = try PageImage.decode(input.bytes)
            let engine = try OCREngine(language: input.options.ocrLanguage, detectsScript: input.options.ocrDetectsScript)
            results = [try engine.recognize(image, resolution: resolution(of: image), deadline: input.deadline)]
        }

        var metadata = Metadata(sourceFormat: input.format, pageCount: header.format == .tiff ? results.count : nil)
        if let confidence = results.meanConfidence {
            metadata.extra.append((key: "ocr_confidence", value: formatConfidence(confidence)))
        }
        var warnings: [String] = []
        results.report(pageNumbers: Array(1...max(1, results.count)), metadata: &metadata, warnings: &warnings)
        sink.setMetadata(metadata)
        for warning in warnings { sink.addWarning(warning) }
        for (index, result) in results.enumerated() {
            if results.count > 1 { try sink.append(.boundary(.page(index + 1))) }
            for block in result.modelBlocks { try sink.append(block) }
        }
        if results.allSatisfy({ $0.wordCount == 0 }) {
            sink.addWarning("no text was recognised in the image")
        }
    }

    /// One decimal place, without Foundation's formatter.
    static func formatConfidence(_ value: Double) -> String {
        let tenths = Int((min(max(value, 0), 100) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// Which image codecs this system's Leptonica was built with.
enum ImageCodecs {
    /// Leptonica reads BMP and PNM itself; the others need a library it
    /// names in `getImagelibVersions()`.
    static func requireSupport(for format: PageImage.FileFormat) throws(ConversionError) {
        try TesseractLibrary.load()
        let library: (name: String, package: String)
        switch format {
        case .bmp, .pnm: return
        case .png: library = ("libpng", "PNG")
        case .jpeg: library = ("libjpeg", "JPEG")
        case .tiff: library = ("libtiff", "TIFF")
        case .gif: library = ("libgif", "GIF")
        case .webp: library = ("libwebp", "WebP")
        case .jp2: library = ("libopenjp2", "JPEG 2000")
        case .unknown: throw .unsupported("the image format is not one Leptonica reads")
        }
        if !linked.containsUTF8(library.name) {
            throw .unsupported("this system's Leptonica was built without \(library.package) support (\(library.name))")
        }
    }

    private static let linked: String = {
        guard let versions = getImagelibVersions() else { return "" }
        defer { lept_free(versions) }
        return String(cString: versions)
    }()
}
