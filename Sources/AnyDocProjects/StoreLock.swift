import Glibc

/// The lock that keeps garbage collection and writers apart, as restic's
/// locks keep `prune` and `backup` apart: every writer holds it shared
/// from its first object put until its version is committed, and garbage
/// collection holds it exclusively for its whole pass. So a collection
/// sees every object either referenced by a committed version or written
/// by no running writer, and removes only the second kind.
///
/// It is an advisory `flock(2)` on `store.lock`: the kernel releases it
/// when a process dies, so a killed ingest never leaves the store locked.
/// Each holder opens its own descriptor, so threads of one process hold
/// and release it independently.
enum StoreLock {
    enum Mode {
        case shared, exclusive

        var operation: Int32 { self == .shared ? LOCK_SH : LOCK_EX }
    }

    static func withLock<T>(root: String, _ mode: Mode, _ body: () throws(ProjectError) -> T) throws(ProjectError) -> T {
        let path = root + "/store.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .io("cannot open the store's lock \(path): \(FileSystem.lastError)") }
        defer { close(descriptor) }
        while flock(descriptor, mode.operation) != 0 {
            guard errno == EINTR else { throw .io("cannot lock \(path): \(FileSystem.lastError)") }
        }
        return try body()
    }
}
