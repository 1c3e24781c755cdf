internal import AnyDocSwift
#if canImport(Glibc)
import Glibc
#endif

/// Recognises a document's pages on several threads, one `OCREngine` per
/// thread, and returns the results in page order.
///
/// Page images are produced on the calling thread, strictly in order, so a
/// Poppler document is only ever touched from the thread that opened it;
/// the workers only see `GrayImage` values. At most one image per worker
/// waits in the queue, so memory stays at a few pages whatever the page
/// count. Engines come from and go back to `IdleOCREngines`, so the next
/// document starts on engines already loaded.
///
/// Not Sendable: one call at a time.
final class PageRecognizer {
    let language: String
    let detectsScript: Bool
    let workerCount: Int

    /// The cores online, which is the default number of workers.
    static var defaultWorkerCount: Int { ConversionOptions.defaultOCRWorkers }

    /// Checks that `language` is installed (so a missing model fails here,
    /// by name) but starts engines only when pages arrive.
    init(language: String, detectsScript: Bool = false, workers: Int = PageRecognizer.defaultWorkerCount) throws(ConversionError) {
        try OCRLanguage.validate(language)
        self.language = language
        self.detectsScript = detectsScript
        workerCount = max(1, min(workers, 64))
    }

    /// Recognises pages `0..<pageCount`. `image` is called on this thread
    /// in page order; returning nil skips that page (its result is nil).
    func recognize(
        pageCount: Int, deadline: Deadline, image: (Int) throws(ConversionError) -> GrayImage?
    ) throws(ConversionError) -> [OCRResult?] {
        var index = 0
        var produced: [Bool] = []
        let results = try recognize(deadline: deadline, maxWorkers: pageCount) { () throws(ConversionError) -> GrayImage? in
            while index < pageCount {
                defer { index += 1 }
                if let page = try image(index) {
                    produced.append(true)
                    return page
                }
                produced.append(false)
            }
            return nil
        }
        var iterator = results.makeIterator()
        return produced.map { $0 ? iterator.next() : nil }
    }

    /// Recognises the images `next` produces until it returns nil; `next`
    /// is called on this thread. Throws the first page's failure.
    func recognize(
        deadline: Deadline, maxWorkers: Int = .max, next: () throws(ConversionError) -> GrayImage?
    ) throws(ConversionError) -> [OCRResult] {
        let workers = max(1, min(workerCount, maxWorkers))
        if workers == 1 { return try recognizeHere(deadline: deadline, next: next) }

        let pipeline = Pipeline(capacity: workers)
        var threads: [pthread_t] = []
        var failure: ConversionError?
        for _ in 0..<workers {
            let (language, detectsScript) = (self.language, self.detectsScript)
            do throws(ConversionError) {
                threads.append(try WorkerThread.start {
                    pipeline.work(language: language, detectsScript: detectsScript, deadline: deadline)
                })
            } catch {
                failure = error
                break
            }
        }
        if failure == nil {
            var index = 0
            while !pipeline.isCancelled {
                do throws(ConversionError) {
                    try deadline.check()
                    guard let image = try next() else { break }
                    pipeline.push(index: index, image: image)
                    index += 1
                } catch {
                    failure = error
                    break
                }
            }
        }
        if failure != nil { pipeline.cancel() }
        pipeline.close()
        for thread in threads { pthread_join(thread, nil) }
        if let failure { throw failure }
        return try pipeline.orderedResults()
    }

    /// One worker: recognise on the calling thread, page by page.
    private func recognizeHere(deadline: Deadline, next: () throws(ConversionError) -> GrayImage?) throws(ConversionError) -> [OCRResult] {
        let engine = try IdleOCREngines.shared.engine(language: language, detectsScript: detectsScript)
        defer { IdleOCREngines.shared.keep(engine) }
        var results: [OCRResult] = []
        while true {
            try deadline.check()
            guard let image = try next() else { break }
            results.append(try engine.recognize(image, deadline: deadline))
        }
        return results
    }
}

/// The queue between the rendering thread and the workers, and the
/// results they hand back. Everything is guarded by one mutex.
private final class Pipeline: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var changed = pthread_cond_t()
    private let capacity: Int
    private var queue: [(index: Int, image: GrayImage)] = []
    private var closed = false
    private var cancelled = false
    private var results: [Int: OCRResult] = [:]
    private var failures: [Int: ConversionError] = [:]
    private var produced = 0

    init(capacity: Int) {
        self.capacity = capacity
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&mutex)
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }

    var isCancelled: Bool { locked { cancelled } }

    /// Waits while the queue is full, so rendering stays a page or so
    /// ahead of recognition.
    func push(index: Int, image: GrayImage) {
        locked {
            while queue.count >= capacity && !cancelled { pthread_cond_wait(&changed, &mutex) }
            if cancelled { return }
            queue.append((index, image))
            produced = max(produced, index + 1)
            pthread_cond_broadcast(&changed)
        }
    }

    func close() {
        locked {
            closed = true
            pthread_cond_broadcast(&changed)
        }
    }

    func cancel() {
        locked {
            cancelled = true
            queue.removeAll()
            pthread_cond_broadcast(&changed)
        }
    }

    /// The next page to recognise, or nil when there are no more.
    private func take() -> (index: Int, image: GrayImage)? {
        locked {
            while queue.isEmpty && !closed && !cancelled { pthread_cond_wait(&changed, &mutex) }
            if cancelled || queue.isEmpty { return nil }
            let job = queue.removeFirst()
            pthread_cond_broadcast(&changed)
            return job
        }
    }

    /// A worker's life: take an idle engine or start one, recognise pages
    /// until the queue closes, give the engine back. The first failure
    /// cancels the rest.
    func work(language: String, detectsScript: Bool, deadline: Deadline) {
        let engine: OCREngine
        do throws(ConversionError) {
            engine = try IdleOCREngines.shared.engine(language: language, detectsScript: detectsScript)
        } catch {
            locked { failures[-1] = error }
            cancel()
            return
        }
        defer { IdleOCREngines.shared.keep(engine) }
        while let job = take() {
            do throws(ConversionError) {
                let result = try engine.recognize(job.image, deadline: deadline)
                locked { results[job.index] = result }
            } catch {
                locked { failures[job.index] = error }
                cancel()
            }
        }
    }

    /// The results in page order, or the failure of the earliest page.
    func orderedResults() throws(ConversionError) -> [OCRResult] {
        let (results, failures, produced) = locked { (self.results, self.failures, self.produced) }
        if let first = failures.keys.min(), let failure = failures[first] { throw failure }
        var ordered: [OCRResult] = []
        ordered.reserveCapacity(produced)
        for index in 0..<produced {
            guard let result = results[index] else { throw .malformed("page \(index + 1) was not recognised") }
            ordered.append(result)
        }
        return ordered
    }
}
