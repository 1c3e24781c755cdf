#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in monotonic time after which a conversion gives up, and the
/// cancellation of the task that asked for it.
///
/// Converters check it in their outer loops (between pages, sheets, rows
/// in batches) and Tesseract polls it while recognising; checking costs
/// one clock read, so they do it every few hundred items, not per byte.
/// Cancellation rides along so every place that honours the time limit
/// also honours `Task.cancel()`, on worker threads too.
public struct Deadline: Sendable {
    private let endNanoseconds: UInt64
    private let cancellation: CancellationFlag?

    /// A deadline `seconds` from now; a value that is not finite and positive means no practical limit.
    public init(secondsFromNow seconds: Double) {
        self.init(secondsFromNow: seconds, cancellation: nil)
    }

    init(secondsFromNow seconds: Double, cancellation: CancellationFlag?) {
        let budget = seconds.isFinite && seconds > 0 ? min(seconds, 1e9) : 1e9
        endNanoseconds = Deadline.now() &+ UInt64(budget * 1e9)
        self.cancellation = cancellation
    }

    /// The time is up or the conversion was cancelled.
    public var hasPassed: Bool { expiry != nil }

    /// Why the conversion must stop now, or nil while it may go on.
    public var expiry: ConversionError? {
        if cancellation?.isCancelled == true || Task.isCancelled { return .cancelled("the conversion was cancelled") }
        if Deadline.now() >= endNanoseconds { return .resourceLimit("conversion took longer than the time limit") }
        return nil
    }

    /// Throws `resource limit` once the deadline has passed, `cancelled`
    /// once the conversion was cancelled.
    public func check() throws(ConversionError) {
        if let expiry { throw expiry }
    }

    static func now() -> UInt64 { MonotonicClock.nanoseconds() }
}
