#if canImport(Glibc)
import Glibc
#endif

/// Time that only moves forward, for durations and time limits: one
/// clock read, no Foundation, unaffected by changes to the wall clock.
package enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point (the system's boot).
    package static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Seconds since the same fixed point.
    package static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
