import Synchronization

/// Set once when the task that started a conversion is cancelled.
///
/// `Task.isCancelled` answers only on the task's own thread; a conversion
/// also runs on worker threads (OCR pages) and inside Tesseract's C
/// callback, which read this flag instead.
package final class CancellationFlag: Sendable {
    private let state = Atomic(false)

    package init() {}

    package var isCancelled: Bool { state.load(ordering: .relaxed) }

    package func cancel() { state.store(true, ordering: .relaxed) }
}
