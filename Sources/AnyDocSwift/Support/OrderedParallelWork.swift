import Glibc

/// Works out one value per index, `0..<count`, on worker threads, and
/// hands the values to the caller in index order.
///
/// Worker `w` of `n` takes indices `w`, `w + n`, `w + 2n`, … in turn, and
/// stays at most `window` indices ahead of the one the caller asks for,
/// so memory stays bounded however many indices there are. Each worker's
/// body runs on its own thread only, so it may keep state of its own (an
/// open document) that no other thread sees; once the caller has let go
/// of its array of workers, that state goes when the thread ends.
package final class OrderedParallelWork<Value: Sendable> {
    /// One worker's body: the value at an index, or the error working it
    /// out raised.
    package typealias Worker = @Sendable (Int) -> Result<Value, ConversionError>

    /// State the workers and the caller share, under `lock`.
    private final class Shared: @unchecked Sendable {
        let lock = ConditionLock()
        var results: [Int: Result<Value, ConversionError>] = [:]
        /// The index the caller waits for or asks for next.
        var wanted = 0
        var stopped = false
        let window: Int

        init(window: Int) { self.window = window }
    }

    private let shared: Shared
    private let count: Int
    /// The index the caller took last.
    private var taken = -1
    private var threads: [pthread_t] = []

    /// Starts one thread per worker over `count` indices. Nil when a thread
    /// cannot start: those already started are stopped, and the caller
    /// does the work itself.
    package init?(count: Int, window: Int, workers: [Worker]) {
        precondition(!workers.isEmpty, "work needs a worker")
        shared = Shared(window: max(1, window))
        self.count = count
        let shared = shared
        let stride = workers.count
        for (first, worker) in workers.enumerated() {
            let run: @Sendable () -> Void = {
                OrderedParallelWork.work(shared, indices: Swift.stride(from: first, to: count, by: stride), worker)
            }
            guard let thread = try? WorkerThread.start(run) else {
                stop()
                return nil
            }
            threads.append(thread)
        }
    }

    deinit { stop() }

    /// The value at `index`, or the error its worker raised. Indices must be
    /// asked for in increasing order, each once: one asked for again, or
    /// out of range, would never come, and stops the program instead.
    package func value(at index: Int) throws(ConversionError) -> Value {
        precondition(index > taken && index < count, "index \(index) asked for out of order or out of range")
        taken = index
        shared.lock.lock()
        shared.wanted = index
        shared.lock.broadcast()
        while shared.results[index] == nil {
            precondition(!shared.stopped, "a value asked for after the work stopped")
            shared.lock.wait()
        }
        let result = shared.results.removeValue(forKey: index)!
        shared.lock.unlock()
        return try result.get()
    }

    /// Stops the workers after the index each is working on, and waits for
    /// them.
    package func stop() {
        shared.lock.withLock {
            shared.stopped = true
            shared.lock.broadcast()
        }
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    /// One worker thread: its indices in turn, each once the caller is
    /// close enough.
    private static func work(_ shared: Shared, indices: StrideTo<Int>, _ worker: Worker) {
        for index in indices {
            shared.lock.lock()
            while !shared.stopped, index >= shared.wanted + shared.window { shared.lock.wait() }
            let stopped = shared.stopped
            shared.lock.unlock()
            if stopped { return }
            let result = worker(index)
            shared.lock.withLock {
                shared.results[index] = result
                shared.lock.broadcast()
            }
        }
    }
}
