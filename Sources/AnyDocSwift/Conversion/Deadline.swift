#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in monotonic time after which a conversion gives up.
///
/// Converters check it in their outer loops; checking costs one clock
/// read, so they do it every few hundred items, not per byte.
public struct Deadline: Sendable {
    private let endNanoseconds: UInt64

    public init(secondsFromNow seconds: Double) {
        let budget = seconds.isFinite && seconds > 0 ? min(seconds, 1e9) : 1e9
        endNanoseconds = Deadline.now() &+ UInt64(budget * 1e9)
    }

    public var hasPassed: Bool { Deadline.now() >= endNanoseconds }

    /// Throws `resource limit` once the deadline has passed.
    public func check() throws(ConversionError) {
        if hasPassed { throw .resourceLimit("conversion took longer than the time limit") }
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
