import AnyDocSwift
import FoundationEssentials
import Glibc
import Synchronization

/// Turns SIGINT and SIGTERM into an orderly stop: temporary files are
/// removed, `onStop` reports what was done, and the process exits with
/// 130. The signal handler only writes a byte to a pipe (all it may
/// safely do); a thread waiting on the pipe does the rest.
enum Interruption {
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    /// A plain integer: the signal handler reads it and nothing else.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private static let handler = Mutex<(@Sendable () -> Void)?>(nil)

    /// Installs the handlers once; `onStop` may be replaced later.
    static func install(onStop: @escaping @Sendable () -> Void) {
        handler.withLock { $0 = onStop }
        guard readEnd < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (readEnd, writeEnd) = (ends[0], ends[1])
        if let thread = try? WorkerThread.start({ waitForSignal() }) { pthread_detach(thread) }
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in
                var byte: UInt8 = 1
                _ = write(Interruption.writeEnd, &byte, 1)
            }
            sigaction(number, &action, nil)
        }
        // A parent may start us with them blocked; threads started from
        // here on inherit the unblocked mask.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    private static func waitForSignal() {
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
        TemporaryFiles.removeAllAndStop()
        handler.withLock { $0 }?()
        _exit(130)
    }
}
