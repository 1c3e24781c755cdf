internal import AnyDocSwift
internal import CMalloc
/// What the first pass of a PDF conversion gathers, kept apart from the
/// open document so no page stays open between the passes.
///
/// Memory stays flat however long the document: each page keeps only its
/// size, links and OCR results here; its lines and their sketches go to
/// `store`, and the document-wide counts (running headers and footers)
/// grow with distinct texts, not with pages.
struct PDFDocumentReading {
    /// The pages without their lines.
    var pages: [PDFPageContent] = []
    /// Each page's lines and line sketches, packed: slots 2i and 2i+1.
    let store = PDFPageStore()
    /// Band texts counted over the pages read so far.
    var running = PDFRunningTextFilter.Counts()
    /// Sketches of pages waiting for OCR: they count only if OCR leaves
    /// their text layer in place.
    var deferredSketches: [Int: PDFPageSketch] = [:]
    /// Numbers of the scanned pages that still wait for OCR.
    var needingOCR: [Int] = []
    /// Images on text pages that may hold text of their own.
    var imageRegions: [PDFRegionOCR.Region] = []
    /// Characters Poppler could not map to Unicode, all pages together.
    var unmappedCount = 0
    /// The running keys, once every page is counted.
    private(set) var runningKeys: Set<String> = []

    /// Drops `content`'s page-number lines, stores the rest with their
    /// sketches and keeps the page without them. Pages must come in order.
    mutating func keep(_ content: PDFPageContent, awaitingOCR: Bool) {
        var content = content
        PDFRunningTextFilter.removePageNumbers(from: &content)
        let sketch = PDFPageSketch(content)
        _ = store.append { PDFLineCoding.encode(content.lines, into: &$0) }
        _ = store.append { PDFLineCoding.encode(sketch, into: &$0) }
        if awaitingOCR {
            deferredSketches[content.number] = sketch
        } else {
            running.add(sketch)
        }
        content.lines = []
        pages.append(content)
        // Pages are made on reader threads and let go here: malloc keeps
        // what they freed in its per-thread arenas, so it is handed back
        // now and then to keep the resident size flat.
        if pages.count % 256 == 0 { _ = malloc_trim(0) }
    }

    /// Counts the pages that waited for OCR and kept their text layer,
    /// and settles the running keys.
    mutating func countDeferredSketches() {
        for (number, sketch) in deferredSketches where pages[number - 1].recognizedBlocks == nil {
            running.add(sketch)
        }
        deferredSketches = [:]
        runningKeys = running.runningKeys
    }

    /// The font sizes and line pitches of the pages' text, running lines
    /// left out, read back from the sketches one page at a time.
    func measure(deadline: Deadline) throws(ConversionError) -> (PDFHeadingClassifier.SizeCounts, PDFLineSpacing.Samples) {
        var sizes = PDFHeadingClassifier.SizeCounts()
        var samples = PDFLineSpacing.Samples()
        for index in pages.indices where pages[index].recognizedBlocks == nil {
            if index % 256 == 0 { try deadline.check() }
            let sketch = try store.record(2 * index + 1, PDFLineCoding.decodeSketch).keeping(runningKeys)
            sizes.add(sketch)
            samples.add(sketch)
        }
        return (sizes, samples)
    }

    /// Page `index`'s lines without its running headers and footers.
    func lines(of index: Int) throws(ConversionError) -> [PDFTextLine] {
        let lines = try store.record(2 * index, PDFLineCoding.decode)
        guard !runningKeys.isEmpty else { return lines }
        let sketch = try store.record(2 * index + 1, PDFLineCoding.decodeSketch)
        return zip(lines, sketch.lines).compactMap { line, sketch in
            sketch.runningKey.map(runningKeys.contains) == true ? nil : line
        }
    }
}
