internal import AnyDocSwift
import Glibc

/// Gives the first pass each page's `PDFPageText`, in page order.
///
/// With one reader the pages are read here, on the calling thread. With
/// more, each reader thread opens the PDF again over the same bytes
/// (Poppler must never share a document between threads) and takes every
/// n-th page; readers stay at most `window` pages ahead of the caller, so
/// memory stays bounded, and the caller gets the pages in order, so the
/// output is the same whatever the number of readers.
///
/// Poppler keeps every page it has opened in its document; the pages are
/// read through documents opened afresh every `pagesPerDocument` pages,
/// so that cache stays bounded too.
final class PDFTextSource {
    private var document: PDFDocument
    private let pagesPerDocument: Int
    private let keepsCharacters: Bool
    private var shared: Shared?
    private var threads: [pthread_t] = []

    /// State the reader threads and the caller share, under `lock`.
    private final class Shared: @unchecked Sendable {
        let lock = ConditionLock()
        var results: [Int: Result<PDFPageText?, ConversionError>] = [:]
        /// The page the caller waits for or reads next.
        var wanted = 0
        var stopped = false
        let window: Int
        /// Each reader's first document, until the reader takes it: kept
        /// here no longer, it is freed when the reader moves on to a
        /// document opened afresh.
        private var documents: [PDFDocument?]

        init(documents: [PDFDocument], window: Int) {
            self.documents = documents
            self.window = window
        }

        /// Reader `reader`'s first document; each reader takes it once.
        func takeDocument(of reader: Int) -> PDFDocument {
            lock.withLock {
                guard let document = documents[reader] else { preconditionFailure("a reader takes its document once") }
                documents[reader] = nil
                return document
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
        var documents: [PDFDocument] = []
        if count > 1 {
            for _ in 0..<count {
                guard let copy = try? document.reopened() else { break }
                documents.append(copy)
            }
        }
        guard count > 1, documents.count == count else {
            shared = nil
            return
        }
        let shared = Shared(documents: documents, window: 4 * count)
        self.shared = shared
        for reader in 0..<count {
            let run: @Sendable () -> Void = {
                PDFTextSource.read(shared, reader: reader, of: count, pageCount: pageCount, keepsCharacters: keepsCharacters,
                                   deadline: deadline, pagesPerDocument: pagesPerDocument)
            }
            guard let thread = try? WorkerThread.start(run) else {
                stop()
                threads = []
                self.shared = nil
                return
            }
            threads.append(thread)
        }
    }

    deinit { stop() }

    /// Page `index`'s text (nil when Poppler cannot load the page), or the
    /// error reading it raised. Pages must be asked for in order.
    func text(at index: Int) throws(ConversionError) -> PDFPageText? {
        guard let shared else {
            if index > 0, index % pagesPerDocument == 0, let fresh = try? document.reopened() { document = fresh }
            guard let page = document.page(at: index) else { return nil }
            return try PDFPageText(page, keepsCharacters: keepsCharacters)
        }
        shared.lock.lock()
        shared.wanted = index
        shared.lock.broadcast()
        while shared.results[index] == nil { shared.lock.wait() }
        let result = shared.results.removeValue(forKey: index)!
        shared.lock.unlock()
        return try result.get()
    }

    /// Stops the reader threads and waits for them.
    func stop() {
        guard let shared else { return }
        shared.lock.withLock {
            shared.stopped = true
            shared.lock.broadcast()
        }
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    /// One reader thread: pages `reader`, `reader + readers`, … in turn.
    private static func read(
        _ shared: Shared, reader: Int, of readers: Int, pageCount: Int, keepsCharacters: Bool, deadline: Deadline,
        pagesPerDocument: Int
    ) {
        var document = shared.takeDocument(of: reader)
        for (count, index) in stride(from: reader, to: pageCount, by: readers).enumerated() {
            if count > 0, count % pagesPerDocument == 0, let fresh = try? document.reopened() { document = fresh }
            shared.lock.lock()
            while !shared.stopped, index >= shared.wanted + shared.window { shared.lock.wait() }
            let stopped = shared.stopped
            shared.lock.unlock()
            if stopped { return }
            let result: Result<PDFPageText?, ConversionError>
            do throws(ConversionError) {
                try deadline.check()
                result = .success(try document.page(at: index).map { page throws(ConversionError) in
                    try PDFPageText(page, keepsCharacters: keepsCharacters)
                })
            } catch {
                result = .failure(error)
            }
            shared.lock.withLock {
                shared.results[index] = result
                shared.lock.broadcast()
            }
        }
    }
}
