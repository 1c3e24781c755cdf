import AnyDocSwift
import Synchronization

/// The cancellation of the conversion one set of tools is running, so a
/// server can stop it from another thread when its call is cancelled or
/// runs out of time.
final class RunningConversion: Sendable {
    private let current = Mutex<CancellationFlag?>(nil)

    /// A fresh flag for a conversion that starts now.
    func start() -> CancellationFlag {
        let flag = CancellationFlag()
        current.withLock { $0 = flag }
        return flag
    }

    func finish() {
        current.withLock { $0 = nil }
    }

    /// Cancels the running conversion, if any.
    func cancel() {
        current.withLock { $0?.cancel() }
    }
}
