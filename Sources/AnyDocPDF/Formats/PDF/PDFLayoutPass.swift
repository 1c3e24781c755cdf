internal import AnyDocSwift

/// The second pass's layout: each page's blocks, in page order, laid out
/// on worker threads when the document may use more than one core.
///
/// Pages are laid out apart from each other but for the outline: an
/// outline entry becomes a heading once, on the first page with a line
/// that matches it. So a page laid out on a worker starts with no entry
/// used and notes the entries its lines matched. Taken in order, its
/// blocks stand when none of those was used by the pages before it;
/// otherwise the page is laid out again here, with the entries they used.
/// Either way the blocks are the ones a page-by-page layout gives.
final class PDFLayoutPass {
    /// A page laid out on a worker, with the outline entries it used and
    /// matched.
    private struct LaidOutPage: Sendable {
        var blocks: [Block]
        var used: Set<String>
        var matched: Set<String>
    }

    /// One worker's own layout state. Only its thread touches it.
    private final class Worker: @unchecked Sendable {
        var builder: PDFBlockBuilder
        let reading: PDFDocumentReading
        let deadline: Deadline

        init(builder: PDFBlockBuilder, reading: PDFDocumentReading, deadline: Deadline) {
            self.builder = builder
            self.reading = reading
            self.deadline = deadline
        }

        func layOut(_ index: Int) -> Result<LaidOutPage, ConversionError> {
            Result { () throws(ConversionError) in
                try deadline.check()
                builder.headings.resetOutlineUse()
                let blocks = try PDFLayoutPass.blocks(of: index, in: reading, with: &builder)
                return LaidOutPage(blocks: blocks, used: builder.headings.usedOutlineEntries,
                                   matched: builder.headings.matchedOutlineEntries)
            }
        }
    }

    private let reading: PDFDocumentReading
    private var builder: PDFBlockBuilder
    /// Outline entries the pages taken so far used.
    private var used: Set<String> = []
    private var workers: OrderedParallelWork<LaidOutPage>?

    /// Lays out `reading`'s pages with `builder` on `threads` threads (one:
    /// here, as pages are asked for; also when a thread cannot start).
    init(reading: PDFDocumentReading, builder: PDFBlockBuilder, threads: Int, deadline: Deadline) {
        self.reading = reading
        self.builder = builder
        let count = min(threads, reading.pages.count)
        guard count > 1 else { return }
        let workers = (0..<count).map { _ in Worker(builder: builder, reading: reading, deadline: deadline) }
        self.workers = OrderedParallelWork(count: reading.pages.count, window: 4 * count,
                                           workers: workers.map { worker in { worker.layOut($0) } })
    }

    deinit { workers?.stop() }

    /// Page `index`'s blocks. Pages must be asked for in order.
    func blocks(at index: Int) throws(ConversionError) -> [Block] {
        // Alone, the builder's own record of used entries is the truth.
        guard let workers else { return try PDFLayoutPass.blocks(of: index, in: reading, with: &builder) }
        let page = try workers.value(at: index)
        if page.matched.isDisjoint(with: used) {
            used.formUnion(page.used)
            return page.blocks
        }
        // An entry this page matched was used before it: laid out again
        // here, with the entries the pages before it used.
        builder.headings.resetOutlineUse(to: used)
        let blocks = try PDFLayoutPass.blocks(of: index, in: reading, with: &builder)
        used = builder.headings.usedOutlineEntries
        return blocks
    }

    /// Page `index`'s blocks: those OCR recognised, or its lines laid out,
    /// then the text found in its images.
    private static func blocks(
        of index: Int, in reading: PDFDocumentReading, with builder: inout PDFBlockBuilder
    ) throws(ConversionError) -> [Block] {
        var page = reading.pages[index]
        if page.recognizedBlocks == nil { page.lines = try reading.lines(of: index) }
        return (page.recognizedBlocks ?? builder.blocks(for: page)) + page.imageTextBlocks
    }
}
