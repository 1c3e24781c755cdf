/// PDF through Poppler's text layer.
///
/// Two passes. The first reads every page's characters into words and
/// lines (a compact form: no page stays open) and notes pages that need
/// OCR. Between the passes, running headers and footers are removed and
/// the font sizes of the whole document are measured, so headings get the
/// same levels on every page. The second pass lays each page out —
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
        try input.deadline.check()
        var first = try readPages(of: document, input: input, recognizer: recognizer)

        // Scanned pages go through OCR on all cores: pages render here, one
        // at a time, and are recognised in parallel.
        var ocrConfidence: Double?
        var ocrMetadata = Metadata()
        var ocrWarnings: [String] = []
        if recognizer == nil, !first.needingOCR.isEmpty, input.options.ocrMode != .never {
            let results = try PDFPageOCR.recognize(pages: first.needingOCR, of: document, input: input)
            for (number, result) in zip(first.needingOCR, results) {
                first.pages[number - 1].lines = []
                first.pages[number - 1].recognizedBlocks = result.modelBlocks
            }
            ocrConfidence = results.meanConfidence
            results.report(pageNumbers: first.needingOCR, metadata: &ocrMetadata, warnings: &ocrWarnings)
            first.needingOCR = []
        }

        let regionResults = try PDFRegionOCR.recognize(first.imageRegions, of: document, input: input)
        for (region, result) in zip(first.imageRegions, regionResults) {
            guard let result else { continue }
            first.pages[region.page - 1].imageTextBlocks += result.modelBlocks
        }

        PDFRunningTextFilter.apply(to: &first.pages)
        let outline = document.outline()

        var documentMetadata = metadata(document.info, input: input, pageCount: document.pageCount,
                                        unmapped: first.unmapped, needingOCR: first.needingOCR)
        if let ocrConfidence {
            documentMetadata.extra.append((key: "ocr_confidence", value: ImageConverter.formatConfidence(ocrConfidence)))
        }
        documentMetadata.extra += ocrMetadata.extra
        sink.setMetadata(documentMetadata)
        for warning in ocrWarnings { sink.addWarning(warning) }
        if first.unmapped > 0 {
            sink.addWarning("\(first.unmapped) characters could not be mapped to Unicode")
        }
        if !first.needingOCR.isEmpty {
            let list = first.needingOCR.map(String.init).joined(separator: ", ")
            let one = first.needingOCR.count == 1
            sink.addWarning("\(one ? "page" : "pages") \(list) \(one ? "has" : "have") no text layer and OCR is off, so \(one ? "it is" : "they are") blank")
        }
        try writePages(&first.pages, outline: outline, input: input, into: sink)
    }

    /// What the first pass gathers over the whole document.
    private struct FirstPass {
        var pages: [PDFPageContent] = []
        var needingOCR: [Int] = []
        var imageRegions: [PDFRegionOCR.Region] = []
        var unmapped = 0
    }

    /// First pass: text, links, rules and scans, page by page.
    private static func readPages(
        of document: PDFDocument, input: ConversionInput, recognizer: PDFPageRecognizer?
    ) throws(ConversionError) -> FirstPass {
        var result = FirstPass()
        result.pages.reserveCapacity(document.pageCount)
        var builder = PDFLineBuilder()
        var characters = 0
        var ruleBudget = maxRuleRegions
        for index in 0..<document.pageCount {
            try input.deadline.check()
            let number = index + 1
            guard let (pageWidth, pageHeight, text, pageLinks) = try readText(of: document, at: index),
                  let page = document.page(at: index) else {
                result.pages.append(PDFPageContent(number: number, width: 0, height: 0, lines: [], links: []))
                continue
            }
            let (layout, links, width, height) = PDFTextOrientation.upright(
                text, links: pageLinks, width: pageWidth, height: pageHeight)
            let (lines, uris) = builder.lines(from: layout, links: links)
            var content = PDFPageContent(number: number, width: width, height: height, lines: lines, links: uris)
            if width == pageWidth, height == pageHeight, layout.characters.first?.box == text.characters.first?.box {
                content.rules = rules(of: page, lines: lines, width: width, height: height, budget: &ruleBudget)
            }
            let visible = lines.reduce(0) { $0 + $1.characterCount }
            characters += visible
            if characters > maxDocumentCharacters {
                throw .resourceLimit("the PDF has more than \(maxDocumentCharacters) characters of text")
            }
            let isScan = PDFScanDetector.isNegligibleText(characters: visible, pageArea: width * height)
                && PDFScanDetector.holdsTextSizedImage(page.imageAreas(), width: pageWidth, height: pageHeight)
            if isScan || input.options.ocrMode == .always {
                if let recognizer, let blocks = try recognizer.recognize(page, deadline: input.deadline) {
                    content.lines = []
                    content.recognizedBlocks = blocks
                } else {
                    result.needingOCR.append(number)
                }
            } else if recognizer == nil, input.options.ocrMode == .auto {
                result.imageRegions += readableImageRegions(of: page, text: text, width: pageWidth, height: pageHeight)
            }
            result.pages.append(content)
        }
        result.unmapped = builder.unmappedCount
        return result
    }

    /// The page's size, text and links, read through a page object that
    /// is released before the lines are built: Poppler's text structures
    /// for the page are freed before the lines the document keeps are
    /// allocated, so the two do not interleave on the heap and allocation
    /// stays as fast on the last page as on the first.
    private static func readText(
        of document: PDFDocument, at index: Int
    ) throws(ConversionError) -> (width: Double, height: Double, text: PDFTextLayout, links: [PDFLink])? {
        guard let page = document.page(at: index) else { return nil }
        let (width, height) = page.size
        let text = try page.textLayout()
        return (width, height, text, text.characters.isEmpty ? [] : page.links())
    }

    /// Table regions rendered for rules per document at most: rendering
    /// draws everything under the region, so the work stays bounded.
    static let maxRuleRegions = 8

    /// The rules in the regions of the page whose text looks like a table.
    /// A region over an image is not rendered: decoding the image would
    /// cost more than the whole text layer, and its lines are no rules.
    private static func rules(
        of page: PDFPage, lines: [PDFTextLine], width: Double, height: Double, budget: inout Int
    ) -> PDFRules {
        var rules = PDFRules.none
        let regions = PDFTableCandidates.regions(of: lines, width: width, height: height)
        guard !regions.isEmpty, budget > 0 else { return rules }
        let images = page.imageAreas()
        for region in regions where budget > 0 && !images.contains(where: { $0.intersectionArea(region) > 0 }) {
            budget -= 1
            let found = PDFRuleScanner.rules(of: page, in: region)
            rules.horizontal += found.horizontal
            rules.vertical += found.vertical
        }
        return rules
    }

    /// Second pass: layout and blocks. One page is held back so a table
    /// running over the page break can be joined.
    private static func writePages(
        _ pages: inout [PDFPageContent], outline: [PDFOutlineEntry], input: ConversionInput, into sink: DocumentSink
    ) throws(ConversionError) {
        var layout = PDFBlockBuilder(
            headings: PDFHeadingClassifier(pages: pages, outline: outline), spacing: PDFLineSpacing(pages: pages))
        var held: (number: Int, blocks: [Block])?
        for index in pages.indices {
            try input.deadline.check()
            let page = pages[index]
            var blocks = (page.recognizedBlocks ?? layout.blocks(for: page)) + page.imageTextBlocks
            pages[index].lines = []
            if var previous = held {
                joinTable(&previous.blocks, with: &blocks)
                try emit(previous, into: sink)
            }
            held = (page.number, blocks)
        }
        if let held { try emit(held, into: sink) }
    }

    /// The image regions of a text page that hold no text-layer characters
    /// and look like text at a glance.
    private static func readableImageRegions(
        of page: PDFPage, text: PDFTextLayout, width: Double, height: Double
    ) -> [PDFRegionOCR.Region] {
        let images = page.imageAreas()
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
