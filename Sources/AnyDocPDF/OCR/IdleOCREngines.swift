internal import AnyDocSwift
import Synchronization

/// Tesseract engines between pages and documents, ready for the next.
///
/// Starting an engine loads its model, about 40 ms for `eng`: as long as
/// reading a small image, and a twentieth of a batch of one-page scans
/// when every document started its own. Engines that finish are kept here
/// instead, up to `capacity` in all; past that the least recently kept one
/// is ended. Idle engines hold their models' memory (tens of megabytes
/// each) until they are ended.
final class IdleOCREngines: Sendable {
    /// The process's engines, one per core at most.
    static let shared = IdleOCREngines(capacity: PageRecognizer.defaultWorkerCount)

    /// An engine moves between threads only through the lock, and is used
    /// by one thread at a time.
    private struct Kept: @unchecked Sendable {
        let engine: OCREngine
    }

    let capacity: Int
    /// Oldest first.
    private let kept = Mutex<[Kept]>([])

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// An idle engine for `language`, or a new one.
    func engine(language: String, detectsScript: Bool = false) throws(ConversionError) -> OCREngine {
        if let engine = take(language: language, detectsScript: detectsScript) { return engine }
        return try OCREngine(language: language, detectsScript: detectsScript)
    }

    /// An idle engine for `language`, or nil when none is kept.
    func take(language: String, detectsScript: Bool = false) -> OCREngine? {
        let found = kept.withLock { kept -> Kept? in
            guard let index = kept.lastIndex(where: { $0.engine.language == language && $0.engine.detectsScript == detectsScript }) else {
                return nil
            }
            return kept.remove(at: index)
        }
        return found?.engine
    }

    /// Keeps `engine` for the next page or document in its language.
    func keep(_ engine: OCREngine) {
        let item = Kept(engine: engine)
        let capacity = self.capacity
        let ended = kept.withLock { kept -> [Kept] in
            kept.append(item)
            let excess = max(0, kept.count - capacity)
            defer { kept.removeFirst(excess) }
            return Array(kept.prefix(excess))
        }
        // Ending an engine frees its model: done once the lock is released.
        withExtendedLifetime(ended) {}
    }
}
