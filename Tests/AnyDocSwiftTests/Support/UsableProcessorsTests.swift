import Glibc
import Testing
@testable import AnyDocSwift

/// The CPU count that sizes thread pools follows the affinity mask, as
/// `taskset` or a container's cpuset sets it, not the machine's CPUs.
@Suite struct UsableProcessorsTests {
    private typealias Affinity = @convention(c) (Int32, Int, UnsafeMutableRawPointer) -> Int32

    /// glibc's `sched_getaffinity` and `sched_setaffinity`, which the Glibc
    /// module does not declare.
    private static func affinityCalls() -> (get: Affinity, set: Affinity)? {
        guard let program = dlopen(nil, RTLD_NOW), let get = dlsym(program, "sched_getaffinity"),
              let set = dlsym(program, "sched_setaffinity")
        else { return nil }
        return (unsafeBitCast(get, to: Affinity.self), unsafeBitCast(set, to: Affinity.self))
    }

    @Test("One allowed CPU counts as one, however many are online")
    func followsTheMask() throws {
        let calls = try #require(Self.affinityCalls())
        var saved = [UInt8](repeating: 0, count: 128)
        try #require(calls.get(0, saved.count, &saved) == 0)
        #expect(UsableProcessors.current() == saved.reduce(0) { $0 + $1.nonzeroBitCount })

        // The calling thread alone is pinned to its first allowed CPU.
        let first = try #require(saved.indices.first { saved[$0] != 0 })
        var one = [UInt8](repeating: 0, count: saved.count)
        one[first] = saved[first] & (~saved[first] &+ 1)
        try #require(calls.set(0, one.count, &one) == 0)
        defer { _ = calls.set(0, saved.count, &saved) }
        #expect(UsableProcessors.current() == 1)
        #expect(sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 1)
    }
}

/// A container's CPU quota read from its control group.
@Suite struct CgroupQuotaTests {
    @Test("cpu.max and cfs quotas round up to whole CPUs; none without a quota")
    func quotas() {
        #expect(CgroupQuota.cpus(cpuMax: "100000 100000\n") == 1)
        #expect(CgroupQuota.cpus(cpuMax: "150000 100000\n") == 2)
        #expect(CgroupQuota.cpus(cpuMax: "50000 100000") == 1)
        #expect(CgroupQuota.cpus(cpuMax: "400000") == 4)
        #expect(CgroupQuota.cpus(cpuMax: "max 100000\n") == nil)
        #expect(CgroupQuota.cpus(cpuMax: "-1 100000") == nil)
        #expect(CgroupQuota.cpus(cpuMax: "100000 0") == nil)
        #expect(CgroupQuota.cpus(cpuMax: "") == nil)
    }

    @Test("The v2 group and the v1 groups with the cpu controller are looked at")
    func groups() {
        let membership = "12:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n1:name=systemd:/x\n0::/user.slice/app\n"
        let found = CgroupQuota.groups(membership)
        #expect(found.map(\.root) == ["/sys/fs/cgroup/cpu,cpuacct", "/sys/fs/cgroup"])
        #expect(found.map(\.path) == ["/docker/abc", "/user.slice/app"])
        #expect(found.map(\.isV2) == [false, true])
        #expect(CgroupQuota.groups("0::/../../etc\n").isEmpty)
    }
}

/// The control group files are read only when they are regular files.
@Suite struct CgroupFileTests {
    @Test("A FIFO in place of a control group file is refused at once, a regular file read")
    func onlyRegularFiles() throws {
        let folder = "/tmp/anydoc-cgroup-\(getpid())"
        mkdir(folder, 0o700)
        defer {
            unlink(folder + "/fifo")
            unlink(folder + "/cpu.max")
            rmdir(folder)
        }
        try #require(mkfifo(folder + "/fifo", 0o600) == 0)
        #expect(CgroupQuota.readSmallFile(folder + "/fifo") == nil)
        let descriptor = open(folder + "/cpu.max", O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        _ = write(descriptor, "200000 100000\n", 14)
        close(descriptor)
        #expect(CgroupQuota.readSmallFile(folder + "/cpu.max") == "200000 100000\n")
    }
}
