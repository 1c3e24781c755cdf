import AnyDocSwift
import Glibc
import Synchronization

/// A file written in a `ContainedFolder` and renamed into place only when
/// complete, so a reader never sees half a file.
///
/// Where the file system allows it the file is made without a name
/// (`O_TMPFILE`) and linked in only at `commit`: a process killed while
/// writing leaves nothing behind. Elsewhere it is created under a
/// temporary name, exclusively and without following links, and is known
/// to `TemporaryFiles` until committed or discarded so an interruption
/// can remove it.
final class TemporaryFile {
    let descriptor: Int32
    let folder: ContainedFolder
    let finalName: String
    let temporaryName: String
    /// Made with no name: `commit` links it in first.
    private let isAnonymous: Bool
    /// Known to `TemporaryFiles`, so an interruption stops it.
    private let tracked: Bool
    private let token: Int  // 0 when untracked
    private var closed = false
    private var done = false

    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's module
    /// does not bring into Swift.
    private static let anonymousFlag: Int32 = 0o20000000 | O_DIRECTORY

    /// `tracked: false` is for what an interruption itself writes (the
    /// report and manifest), after tracking has stopped.
    init(in folder: ContainedFolder, finalName: String, tracked: Bool = true) throws(ConversionError) {
        self.folder = folder
        self.finalName = finalName
        let number = TemporaryFiles.nextNumber()
        temporaryName = ".anydoc-\(getpid())-\(number).tmp"
        let name = temporaryName
        let makeAnonymous = { openat(folder.descriptor, ".", Self.anonymousFlag | O_WRONLY | O_CLOEXEC, 0o644) }
        guard let anonymous = tracked ? TemporaryFiles.unlessStopped(makeAnonymous) : makeAnonymous() else {
            throw .io("interrupted")
        }
        if anonymous >= 0 {
            descriptor = anonymous
            isAnonymous = true
            self.tracked = tracked
            token = 0
            return
        }
        let create = { openat(folder.descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        guard let (descriptor, token) = tracked ? TemporaryFiles.create(in: folder, name: name, with: create) : (create(), 0) else {
            throw .io("interrupted")
        }
        guard descriptor >= 0 else {
            throw .io("cannot create a file in \(folder.path): \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        self.token = token
        self.tracked = tracked
        isAnonymous = false
    }

    func write(_ bytes: [UInt8]) throws(ConversionError) {
        let failure = bytes.withUnsafeBytes { POSIXFile.writeAll(descriptor, $0) }
        if let failure { throw .io("cannot write \(folder.path)/\(finalName): \(String(cString: strerror(failure)))") }
    }

    func commit() throws(ConversionError) {
        if isAnonymous {
            // Named only now, and renamed at once; not at all once an
            // interruption has begun removing what the run wrote.
            let (folder, descriptor, temporaryName, finalName) = (folder, descriptor, temporaryName, finalName)
            let linkIn = { () -> Int32 in
                guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", folder.descriptor, temporaryName, AT_SYMLINK_FOLLOW) == 0 else { return errno }
                guard renameat(folder.descriptor, temporaryName, folder.descriptor, finalName) == 0 else {
                    let failure = errno
                    unlinkat(folder.descriptor, temporaryName, 0)
                    return failure
                }
                return 0
            }
            let failure = tracked ? TemporaryFiles.unlessStopped(linkIn) : linkIn()
            closeDescriptor()
            done = true
            guard let failure else { throw .io("interrupted") }
            guard failure == 0 else { throw .io("cannot write \(folder.path)/\(finalName): \(String(cString: strerror(failure)))") }
            return
        }
        closeDescriptor()
        done = true
        TemporaryFiles.unregister(token)
        guard renameat(folder.descriptor, temporaryName, folder.descriptor, finalName) == 0 else {
            let reason = String(cString: strerror(errno))
            unlinkat(folder.descriptor, temporaryName, 0)
            throw .io("cannot write \(folder.path)/\(finalName): \(reason)")
        }
    }

    func discard() {
        closeDescriptor()
        guard !done else { return }
        done = true
        guard !isAnonymous else { return }
        TemporaryFiles.unregister(token)
        unlinkat(folder.descriptor, temporaryName, 0)
    }

    private func closeDescriptor() {
        if !closed { close(descriptor); closed = true }
    }

    deinit { discard() }
}

/// The temporary files being written, so an interruption can remove them
/// all; once stopped, no new one may start.
enum TemporaryFiles {
    private struct State {
        var open: [Int: (ContainedFolder, String)] = [:]
        var next = 0
        var stopped = false
    }

    private static let state = Mutex(State())

    static func nextNumber() -> Int {
        state.withLock { $0.next += 1; return $0.next }
    }

    /// Creates a temporary file with `create` and tracks it, under one
    /// lock so an interruption never misses one; nil once stopped.
    static func create(in folder: ContainedFolder, name: String, with create: () -> Int32) -> (Int32, Int)? {
        state.withLock { state in
            guard !state.stopped else { return nil }
            let descriptor = create()
            guard descriptor >= 0 else { return (descriptor, 0) }
            state.next += 1
            state.open[state.next] = (folder, name)
            return (descriptor, state.next)
        }
    }

    /// `body`'s result, run under the lock; nil once stopped.
    static func unlessStopped<T>(_ body: () -> T) -> T? {
        state.withLock { state in state.stopped ? nil : body() }
    }

    static func unregister(_ token: Int) {
        _ = state.withLock { $0.open.removeValue(forKey: token) }
    }

    /// Removes every temporary file and refuses new ones.
    static func removeAllAndStop() {
        state.withLock { state in
            state.stopped = true
            for (folder, name) in state.open.values { unlinkat(folder.descriptor, name, 0) }
            state.open.removeAll()
        }
    }
}
