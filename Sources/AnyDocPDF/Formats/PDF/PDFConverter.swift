internal import AnyDocSwift
/// PDF through Poppler's text layer.
///
/// Two passes. The first reads every page's characters into words and
/// lines, packs them into a `PDFPageStore` (no page stays open, and a long
/// document's lines wait in a temporary file) and keeps a small sketch of
/// each line; it notes pages that need OCR. Between the passes, the
/// sketches decide the running headers and footers and measure the font
/// sizes of the whole document, so headings get the same levels on every
/// page. The second pass lays each page out —
/// columns, tables, paragraphs, headings, lists — and writes its blocks,
/// each page opening with a page boundary. A table that ends one page and
/// goes on at the top of the next with the same columns is written once.
enum PDFConverter: FormatConverter {
    /// Characters of text kept for one document, all pages together.
    static let maxDocumentCharacters = 64_000_000

    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        try convert(input, into: sink, recognizer: nil)
    }

    static func convert(_ input: ConversionInput, into sink: DocumentSink, recognizer: PDFPageRecognizer?) throws(ConversionError) {
        let document = try PDFDocument(data: input.bytes, password: input.options.password)
        let pageCount = document.pageCount
        try input.deadline.check()

        var reading = try readPages(of: document, pageCount: pageCount, input: input, recognizer: recognizer)
        let ocr = try recognizeScannedPages(&reading, of: document, input: input, recognizer: recognizer)
        try addImageText(to: &reading.pages, from: reading.imageRegions, of: document, input: input)

        reading.countDeferredSketches()
        let outline = document.outline()
        report(document.info, input: input, pageCount: pageCount, reading: reading, ocr: ocr, into: sink)
        try writeBlocks(of: reading, outline: outline, into: sink, threads: pageThreads(input, pageCount: pageCount),
                        deadline: input.deadline)
    }

    /// What OCR of whole scanned pages adds to the document's metadata and
    /// warnings.
    private struct ScanOCRReport {
        var confidence: Double?
        var metadata = Metadata()
        var warnings: [String] = []
    }

    /// First pass: text, links and scans, page by page. Scans are recognised
    /// at once when a recognizer is given, else noted for OCR; the document's
    /// character limit is enforced as pages are read.
    private static func readPages(
        of document: PDFDocument, pageCount: Int, input: ConversionInput, recognizer: PDFPageRecognizer?
    ) throws(ConversionError) -> PDFDocumentReading {
        var reading = PDFDocumentReading()
        reading.pages.reserveCapacity(pageCount)
        let namesImages = PDFImageXObjects.mayExist(in: input.bytes)
        let keepsCharacters = recognizer == nil && input.options.ocrMode == .auto && namesImages
        let texts = PDFTextSource(document: document, pageCount: pageCount, readers: pageThreads(input, pageCount: pageCount),
                                  keepsCharacters: keepsCharacters, deadline: input.deadline)
        defer { texts.stop() }
        var characters = 0
        var ruleBudget = maxRuleRegions
        for index in 0..<pageCount {
            try input.deadline.check()
            let number = index + 1
            guard let text = try texts.text(at: index) else {
                reading.keep(PDFPageContent(number: number, width: 0, height: 0, lines: [], links: []), awaitingOCR: false)
                continue
            }
            let (pageWidth, pageHeight, width, height) = (text.pageWidth, text.pageHeight, text.width, text.height)
            var content = PDFPageContent(number: number, width: width, height: height, lines: text.lines, links: text.uris)
            if text.isUpright {
                // Without image XObjects no image needs locating, a pass
                // over the page's drawing, to keep it out of the render
                // (inline images are small enough to draw).
                let images = text.imageAreas ?? (namesImages ? nil : [])
                content.rules = rules(of: { document.page(at: index) }, images: images, lines: text.lines,
                                      width: width, height: height, budget: &ruleBudget)
            }
            reading.unmappedCount += text.unmapped
            characters += text.visibleCharacters
            if characters > maxDocumentCharacters {
                throw .resourceLimit("the PDF has more than \(maxDocumentCharacters) characters of text")
            }
            let negligible = PDFScanDetector.isNegligibleText(characters: text.visibleCharacters, pageArea: width * height)
            // The page is opened here only for what needs more than its text:
            // a text page without images has no image regions to look at.
            if negligible || input.options.ocrMode == .always || text.characters != nil, let page = document.page(at: index) {
                let isScan = negligible
                    && PDFScanDetector.holdsTextSizedImage(text.imageAreas ?? page.imageAreas(), width: pageWidth, height: pageHeight)
                if isScan || input.options.ocrMode == .always {
                    if let recognizer, let blocks = try recognizer.recognize(page, deadline: input.deadline) {
                        content.lines = []
                        content.recognizedBlocks = blocks
                    } else {
                        reading.needingOCR.append(number)
                    }
                } else if let layout = text.characters {
                    reading.imageRegions += readableImageRegions(
                        of: page, images: text.imageAreas ?? page.imageAreas(), text: layout, width: pageWidth, height: pageHeight)
                }
            }
            reading.keep(content, awaitingOCR: reading.needingOCR.last == number)
        }
        return reading
    }

    /// Threads that read the text layer of one document, and then lay its
    /// pages out: one per core the document may use (the OCR worker count: documents converted side by
    /// side share the cores), at most four, and none for short documents,
    /// where starting them costs more than they save.
    private static func pageThreads(_ input: ConversionInput, pageCount: Int) -> Int {
        guard pageCount >= 16 else { return 1 }
        return max(1, min(4, input.options.ocrWorkers ?? ConversionOptions.defaultOCRWorkers))
    }

    /// Scanned pages go through OCR on all cores: pages render here, one
    /// at a time, and are recognised in parallel. Recognised pages leave
    /// `needingOCR`. When a recognizer was given (it had its chance in the
    /// first pass) or OCR is off, nothing is done and the pages stay listed.
    private static func recognizeScannedPages(
        _ reading: inout PDFDocumentReading, of document: PDFDocument, input: ConversionInput, recognizer: PDFPageRecognizer?
    ) throws(ConversionError) -> ScanOCRReport {
        var ocr = ScanOCRReport()
        guard recognizer == nil, !reading.needingOCR.isEmpty, input.options.ocrMode != .never else { return ocr }
        let results = try PDFPageOCR.recognize(pages: reading.needingOCR, of: document, input: input)
        for (number, result) in zip(reading.needingOCR, results) {
            reading.pages[number - 1].recognizedBlocks = result.modelBlocks
        }
        ocr.confidence = results.meanConfidence
        results.report(pageNumbers: reading.needingOCR, metadata: &ocr.metadata, warnings: &ocr.warnings)
        reading.needingOCR = []
        return ocr
    }

    /// Recognises the text in images on text pages and appends it to the
    /// page it was found on; a region that yields nothing adds nothing.
    private static func addImageText(
        to pages: inout [PDFPageContent], from regions: [PDFRegionOCR.Region], of document: PDFDocument, input: ConversionInput
    ) throws(ConversionError) {
        let regionResults = try PDFRegionOCR.recognize(regions, of: document, input: input)
        for (region, result) in zip(regions, regionResults) {
            guard let result else { continue }
            pages[region.page - 1].imageTextBlocks += result.modelBlocks
        }
    }

    /// Hands the sink the document's metadata, then the warnings: OCR's
    /// first, then unmapped characters, then pages left blank.
    private static func report(
        _ info: PDFDocumentInfo, input: ConversionInput, pageCount: Int, reading: PDFDocumentReading, ocr: ScanOCRReport,
        into sink: DocumentSink
    ) {
        let needingOCR = reading.needingOCR
        var documentMetadata = metadata(info, input: input, pageCount: pageCount,
                                        unmapped: reading.unmappedCount, needingOCR: needingOCR)
        if let confidence = ocr.confidence {
            documentMetadata.extra.append((key: "ocr_confidence", value: ImageConverter.formatConfidence(confidence)))
        }
        documentMetadata.extra += ocr.metadata.extra
        sink.setMetadata(documentMetadata)
        for warning in ocr.warnings { sink.addWarning(warning) }
        if reading.unmappedCount > 0 {
            sink.addWarning("\(reading.unmappedCount) characters could not be mapped to Unicode")
        }
        if !needingOCR.isEmpty {
            let list = needingOCR.map(String.init).joined(separator: ", ")
            let one = needingOCR.count == 1
            sink.addWarning("\(one ? "page" : "pages") \(list) \(one ? "has" : "have") no text layer and OCR is off, so \(one ? "it is" : "they are") blank")
        }
    }

    /// Second pass: layout and blocks, on `threads` threads. One page is
    /// held back so a table running over the page break can be joined.
    /// Each page's lines are read back from the store only when it is laid
    /// out.
    private static func writeBlocks(
        of reading: PDFDocumentReading, outline: [PDFOutlineEntry], into sink: DocumentSink, threads: Int, deadline: Deadline
    ) throws(ConversionError) {
        let (sizes, samples) = try reading.measure(deadline: deadline)
        let builder = PDFBlockBuilder(
            headings: PDFHeadingClassifier(sizes: sizes, outline: outline), spacing: PDFLineSpacing(samples: samples))
        let layout = PDFLayoutPass(reading: reading, builder: builder, threads: threads, deadline: deadline)
        var held: (number: Int, blocks: [Block])?
        for index in reading.pages.indices {
            try deadline.check()
            var blocks = try layout.blocks(at: index)
            if var previous = held {
                joinTable(&previous.blocks, with: &blocks)
                try emit(previous, into: sink)
            }
            held = (reading.pages[index].number, blocks)
        }
        if let held { try emit(held, into: sink) }
    }

    /// The image regions of a text page that hold no text-layer characters
    /// and look like text at a glance.
    private static func readableImageRegions(
        of page: PDFPage, images: [PDFRect], text: PDFTextLayout, width: Double, height: Double
    ) -> [PDFRegionOCR.Region] {
        guard !images.isEmpty else { return [] }
        return PDFImageRegions.candidates(images: images, characters: text.characters, width: width, height: height)
            .filter { PDFRegionOCR.isWorthReading($0, of: page) }
            .map { PDFRegionOCR.Region(page: page.number, area: $0) }
    }

    private static func emit(_ page: (number: Int, blocks: [Block]), into sink: DocumentSink) throws(ConversionError) {
        try sink.append(.boundary(.page(page.number)))
        for block in page.blocks { try sink.append(block) }
    }

    /// Moves the rows of a table that opens `next` onto a table that ends
    /// `previous` when both have the same number of columns; a repeated
    /// header row is dropped.
    static func joinTable(_ previous: inout [Block], with next: inout [Block]) {
        guard case .table(var first)? = previous.last, case .table(let second)? = next.first,
              columnCount(first) == columnCount(second), columnCount(first) > 0 else { return }
        var rows = second.rows
        if let header = first.rows.first, let repeated = rows.first, header.cells == repeated.cells {
            rows.removeFirst()
        }
        for row in rows {
            var row = row
            row.isHeader = false
            row.cells = row.cells.map { cell in
                var cell = cell
                cell.isHeader = false
                return cell
            }
            first.rows.append(row)
        }
        previous[previous.count - 1] = .table(first)
        next.removeFirst()
    }

    private static func columnCount(_ table: Table) -> Int {
        table.rows.first?.cells.reduce(0) { $0 + $1.columnSpan } ?? 0
    }

    private static func metadata(
        _ info: PDFDocumentInfo, input: ConversionInput, pageCount: Int, unmapped: Int, needingOCR: [Int]
    ) -> Metadata {
        func meaningful(_ value: String?) -> String? {
            guard let value = value.map(trimmed), !value.isEmpty else { return nil }
            // Placeholders some producers write instead of nothing.
            let placeholders: Set<String> = ["(anonymous)", "anonymous", "(unspecified)", "unspecified", "untitled", "unknown"]
            return placeholders.contains(value.lowercased()) ? nil : value
        }
        var metadata = Metadata(sourceFormat: input.format, pageCount: pageCount)
        metadata.title = meaningful(info.title)
        if let author = meaningful(info.author) {
            metadata.authors = author.split(separator: ";").map { trimmed(String($0)) }.filter { !$0.isEmpty }
        }
        metadata.subject = meaningful(info.subject)
        if let keywords = meaningful(info.keywords) {
            metadata.keywords = keywords.split(whereSeparator: { $0 == "," || $0 == ";" })
                .map { trimmed(String($0)) }.filter { !$0.isEmpty }
        }
        metadata.created = info.created
        metadata.modified = info.modified
        if unmapped > 0 { metadata.extra.append((key: "unmapped_characters", value: String(unmapped))) }
        if !needingOCR.isEmpty {
            metadata.extra.append((key: "pages_needing_ocr", value: needingOCR.map(String.init).joined(separator: ",")))
        }
        return metadata
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
