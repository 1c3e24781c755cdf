internal import AnyDocSwift

/// Gives the first pass each page's `PDFPageText`, in page order.
///
/// With one reader the pages are read here, on the calling thread. With
/// more, each reader thread opens the PDF again over the same bytes
/// (Poppler must never share a document between threads) and takes every
/// n-th page through `OrderedParallelWork`, which keeps readers at most
/// `window` pages ahead of the caller and hands the pages over in order,
/// so the output is the same whatever the number of readers.
///
/// Poppler keeps every page it has opened in its document; the pages are
/// read through documents opened afresh every `pagesPerDocument` pages,
/// so that cache stays bounded too.
final class PDFTextSource {
    private var document: PDFDocument
    private let pagesPerDocument: Int
    private let keepsCharacters: Bool
    private var readers: OrderedParallelWork<PDFPageText?>?

    /// One reader thread's own document, and how many pages it has read
    /// from it. Only that thread touches it.
    private final class Reader: @unchecked Sendable {
        var document: PDFDocument
        var pagesRead = 0
        let pagesPerDocument: Int
        let keepsCharacters: Bool
        let deadline: Deadline

        init(document: PDFDocument, pagesPerDocument: Int, keepsCharacters: Bool, deadline: Deadline) {
            self.document = document
            self.pagesPerDocument = pagesPerDocument
            self.keepsCharacters = keepsCharacters
            self.deadline = deadline
        }

        func text(at index: Int) -> Result<PDFPageText?, ConversionError> {
            if pagesRead > 0, pagesRead % pagesPerDocument == 0, let fresh = try? document.reopened() { document = fresh }
            pagesRead += 1
            return Result { () throws(ConversionError) in
                try deadline.check()
                return try document.page(at: index).map { page throws(ConversionError) in
                    try PDFPageText(page, keepsCharacters: keepsCharacters)
                }
            }
        }
    }

    /// Reads `pageCount` pages of `document` with `readers` threads (one:
    /// no thread). When the document cannot be opened again, or a thread
    /// cannot start, the pages are read here.
    init(
        document: PDFDocument, pageCount: Int, readers: Int, keepsCharacters: Bool, deadline: Deadline,
        pagesPerDocument: Int = 256
    ) {
        self.document = document
        self.pagesPerDocument = max(1, pagesPerDocument)
        self.keepsCharacters = keepsCharacters
        let count = min(readers, pageCount)
        guard count > 1 else { return }
        var workers: [OrderedParallelWork<PDFPageText?>.Worker] = []
        for _ in 0..<count {
            guard let copy = try? document.reopened() else { return }
            let reader = Reader(document: copy, pagesPerDocument: self.pagesPerDocument,
                                keepsCharacters: keepsCharacters, deadline: deadline)
            workers.append { reader.text(at: $0) }
        }
        self.readers = OrderedParallelWork(count: pageCount, window: 4 * count, workers: workers)
    }

    deinit { stop() }

    /// Page `index`'s text (nil when Poppler cannot load the page), or the
    /// error reading it raised. Pages must be asked for in order.
    func text(at index: Int) throws(ConversionError) -> PDFPageText? {
        if let readers { return try readers.value(at: index) }
        if index > 0, index % pagesPerDocument == 0, let fresh = try? document.reopened() { document = fresh }
        guard let page = document.page(at: index) else { return nil }
        return try PDFPageText(page, keepsCharacters: keepsCharacters)
    }

    /// Stops the reader threads and waits for them.
    func stop() {
        readers?.stop()
    }
}
