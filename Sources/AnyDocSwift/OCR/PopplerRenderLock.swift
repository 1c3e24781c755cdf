import Synchronization

/// Serialises page rendering across the whole process.
///
/// Poppler keeps lazily created global state (colour management) that
/// races when pages of different documents render on several threads at
/// once; rendering is a small part of OCR time, so one lock costs little.
enum PopplerRenderLock {
    private static let lock = Mutex(())

    static func withLock<Result>(_ body: () -> Result) -> Result {
        lock.withLock { _ in body() }
    }
}
