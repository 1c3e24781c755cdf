internal import CAffinity
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many CPUs this process may run on. `sysconf` and `ProcessInfo`
/// count every online CPU, even when `taskset`, a container's cpuset or a
/// cluster worker's pinning leaves the process one of them, or a
/// container's CPU quota (`docker run --cpus 1`) a share of them: threads
/// for CPUs it cannot use only take turns on the ones it has, and each OCR
/// engine among them holds its own memory.
package enum UsableProcessors {
    /// Read once, at first use.
    package static let count = current()

    /// The calling thread's affinity mask (new threads inherit it) and the
    /// process's CPU quota, else the online CPUs; at least one.
    package static func current() -> Int {
        let online = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let allowed = Int(anydoc_affinity_cpu_count())
        let pinned = allowed > 0 ? min(allowed, online) : online
        return min(pinned, CgroupQuota.cpus() ?? pinned)
    }
}

/// The CPU time a Linux control group grants the process, as whole CPUs:
/// cgroup v2's `cpu.max`, or v1's `cpu.cfs_quota_us` over
/// `cpu.cfs_period_us`, the smallest along the group's ancestors.
enum CgroupQuota {
    static func cpus() -> Int? {
        guard let membership = readSmallFile("/proc/self/cgroup") else { return nil }
        var smallest: Int?
        for group in groups(membership) {
            var path = group.root + (group.path == "/" ? "" : group.path)
            while true {
                if let cpus = quota(in: path, v2: group.isV2) { smallest = min(smallest ?? cpus, cpus) }
                guard path.count > group.root.count, let slash = path.lastIndex(of: "/") else { break }
                path = String(path[..<slash])
            }
        }
        return smallest
    }

    /// The groups of `/proc/self/cgroup` that can hold a CPU quota, with
    /// the folder their hierarchy is mounted at.
    static func groups(_ membership: String) -> [(root: String, path: String, isV2: Bool)] {
        membership.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[2].hasPrefix("/"), !fields[2].contains("..") else { return nil }
            if fields[0] == "0", fields[1].isEmpty { return ("/sys/fs/cgroup", String(fields[2]), true) }
            let controllers = fields[1].split(separator: ",")
            guard controllers.contains("cpu") else { return nil }
            return ("/sys/fs/cgroup/" + fields[1], String(fields[2]), false)
        }
    }

    private static func quota(in folder: String, v2: Bool) -> Int? {
        if v2 { return readSmallFile(folder + "/cpu.max").flatMap(cpus(cpuMax:)) }
        guard let quota = readSmallFile(folder + "/cpu.cfs_quota_us"),
              let period = readSmallFile(folder + "/cpu.cfs_period_us")
        else { return nil }
        return cpus(cpuMax: quota + " " + period)
    }

    /// Whole CPUs for a quota and period in microseconds ("max" or a
    /// negative quota: none), rounded up.
    static func cpus(cpuMax text: String) -> Int? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard let first = fields.first, let quota = Int(first), quota > 0 else { return nil }
        let period = fields.count > 1 ? Int(fields[1]) ?? 100_000 : 100_000
        guard period > 0 else { return nil }
        return max(1, quota / period + (quota % period == 0 ? 0 : 1))
    }

    /// A kernel-made text file (its size reads as 0), at most 4 KB; only
    /// a regular file, opened without blocking, is read.
    static func readSmallFile(_ path: String) -> String? {
        let descriptor = POSIXFile.openForReading(path, followLinks: false)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let status = POSIXFile.status(descriptor), POSIXFile.isRegular(status) else { return nil }
        guard let bytes = try? FileReader.readAll(descriptor: descriptor, expected: 256, maxBytes: 4096) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
