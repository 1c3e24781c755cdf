internal import CAffinity
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many CPUs this process may run on. `sysconf` and `ProcessInfo`
/// count every online CPU, even when `taskset`, a container's cpuset or a
/// cluster worker's pinning leaves the process one of them: threads for
/// CPUs it cannot use only take turns on the ones it has.
package enum UsableProcessors {
    /// Read once, at first use.
    package static let count = current()

    /// The calling thread's affinity mask (new threads inherit it), else
    /// the online CPUs; at least one.
    package static func current() -> Int {
        let online = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let allowed = Int(anydoc_affinity_cpu_count())
        return allowed > 0 ? min(allowed, online) : online
    }
}
