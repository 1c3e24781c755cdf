#if canImport(Glibc)
import Glibc
#endif

/// Reads another source ahead on a thread of its own, a few chunks at
/// most, so that inflating a large archive entry runs beside the parser
/// that reads it instead of taking turns with it.
///
/// Only the reading thread touches the wrapped source (and, through it,
/// its archive) until it has been joined: at the end of the entry, after
/// a failure, or on `stop()`, which `deinit` calls. Whoever opens another
/// entry of the same archive must let go of this source (or stop it)
/// first. Failures reach the reader after every chunk read before them.
final class ReadAheadByteSource: ByteSource {
    /// What the two threads share, under `lock`.
    private final class Shared: @unchecked Sendable {
        let lock = ConditionLock()
        var chunks: [[UInt8]] = []
        var finished = false
        var stopped = false
        var failure: ConversionError?
    }

    /// The wrapped source, handed to the reading thread alone.
    private final class Handoff: @unchecked Sendable {
        let source: ByteSource
        init(_ source: ByteSource) { self.source = source }
    }

    private let shared = Shared()
    private var thread: pthread_t?
    private var current: [UInt8] = []
    private var offset = 0

    /// `source` read ahead in chunks of `chunkSize` bytes, at most `depth`
    /// of them waiting; `source` itself when no thread can be started.
    static func reading(_ source: ByteSource, chunkSize: Int = 1 << 18, depth: Int = 4) -> ByteSource {
        let ahead = ReadAheadByteSource()
        let shared = ahead.shared, handoff = Handoff(source)
        guard let thread = try? WorkerThread.start({ produce(handoff.source, into: shared, chunkSize: chunkSize, depth: depth) })
        else { return source }
        ahead.thread = thread
        return ahead
    }

    private init() {}

    deinit { stop() }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ConversionError) -> Int {
        while offset == current.count {
            guard let next = try nextChunk() else { return 0 }
            current = next
            offset = 0
        }
        let count = min(buffer.count, current.count - offset)
        guard count > 0, let target = buffer.baseAddress else { return 0 }
        current.withUnsafeBytes { source in target.copyMemory(from: source.baseAddress! + offset, byteCount: count) }
        offset += count
        return count
    }

    /// Ends the reading thread and waits for it; later reads see the end.
    func stop() {
        shared.lock.withLock {
            shared.stopped = true
            shared.chunks.removeAll()
            shared.lock.broadcast()
        }
        join()
        current = []
        offset = 0
    }

    /// The next chunk read ahead, nil at the end; the failure the reading
    /// thread met, once the chunks before it are taken.
    private func nextChunk() throws(ConversionError) -> [UInt8]? {
        shared.lock.lock()
        while shared.chunks.isEmpty, !shared.finished, !shared.stopped { shared.lock.wait() }
        if !shared.chunks.isEmpty, !shared.stopped {
            let chunk = shared.chunks.removeFirst()
            shared.lock.broadcast()
            shared.lock.unlock()
            return chunk
        }
        let failure = shared.stopped ? nil : shared.failure
        shared.lock.unlock()
        // The reading thread has finished with the source: join it before
        // anyone may open another entry of the archive.
        join()
        if let failure { throw failure }
        return nil
    }

    private func join() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
    }

    /// The reading thread: fills chunks until the end, a failure, or a stop.
    private static func produce(_ source: ByteSource, into shared: Shared, chunkSize: Int, depth: Int) {
        while true {
            var chunk = [UInt8](repeating: 0, count: chunkSize)
            let result = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(ConversionError) in try source.read(into: buffer) }
            }
            shared.lock.lock()
            defer { shared.lock.unlock() }
            switch result {
            case .failure(let failure):
                shared.failure = failure
                shared.finished = true
            case .success(0):
                shared.finished = true
            case .success(let count):
                chunk.removeLast(chunkSize - count)
                while shared.chunks.count >= depth, !shared.stopped { shared.lock.wait() }
                if !shared.stopped { shared.chunks.append(chunk) }
            }
            shared.lock.broadcast()
            if shared.finished || shared.stopped { return }
        }
    }
}
