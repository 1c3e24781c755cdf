import AnyDocSwift
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Runs an MCP server's tool calls on a small pool of worker threads, so
/// one slow call never holds up the others, and gives each call a time
/// limit.
///
/// The reading thread answers `initialize`, `ping`, `tools/list` and bad
/// lines itself, at once; tool calls wait in a bounded queue for a worker
/// (a full queue answers `busy`). Each call is answered exactly once: by
/// its worker, or at its deadline (counted from its arrival) with a
/// `timeout` error result, and then the worker's store is interrupted so a
/// long SQLite query stops as well. A call the client cancels is stopped
/// the same way and, as MCP asks, not answered. Responses are written
/// whole, a line at a time, under a lock.
///
/// Unchecked: the queue and the workers' state below are guarded by an
/// `ConditionLock`, which workers wait on for calls; `Mutex` cannot wait.
public final class MCPDispatcher: @unchecked Sendable {
    /// What one worker thread runs calls with: its own tools (and so its
    /// own store connection), and how to stop what it is running.
    public struct Worker: Sendable {
        /// Runs tool `name` with `arguments` for request `id` and returns the whole JSON-RPC response line.
        public var perform: @Sendable (_ id: JSONValue, _ name: String, _ arguments: JSONValue) -> String
        /// Stops what `perform` is running (its store's query); called from another thread.
        public var interrupt: @Sendable () -> Void

        /// A worker from its two closures; both must be safe to call from other threads.
        public init(perform: @escaping @Sendable (JSONValue, String, JSONValue) -> String, interrupt: @escaping @Sendable () -> Void) {
            self.perform = perform
            self.interrupt = interrupt
        }
    }

    /// Seconds a tool call may take, counted from its arrival, before it is answered `timeout`.
    public let timeLimitSeconds: Double
    /// Tool calls that may wait for a worker; one more is answered `busy` at once.
    public let maxQueued: Int
    private let server: MCPServer
    private let workers: [Worker]
    private let write: @Sendable (String) -> Void
    private let writeLock = Mutex(())

    // Guarded by `state`: the queue, what each worker runs, and how many
    // calls still owe an answer.
    private let state = ConditionLock()
    private var queue: [Call] = []
    private var running: [Call?]
    private var unanswered = 0
    private var started = false
    /// Set when the input has ended and every call is answered: idle
    /// workers then end.
    private var stopping = false

    /// Unchecked: `answered` is guarded by the dispatcher's `state` condition.
    final class Call: @unchecked Sendable {
        let id: JSONValue
        let name: String
        let arguments: JSONValue
        /// Guarded by the dispatcher's `state`.
        var answered = false

        init(id: JSONValue, name: String, arguments: JSONValue) {
            self.id = id
            self.name = name
            self.arguments = arguments
        }
    }

    /// `write` receives each response line (without its newline), never
    /// two at once.
    public init(server: MCPServer, workers: [Worker], timeLimitSeconds: Double, maxQueued: Int = 64,
                write: @escaping @Sendable (String) -> Void) {
        precondition(!workers.isEmpty, "a dispatcher needs at least one worker")
        self.server = server
        self.workers = workers
        self.timeLimitSeconds = timeLimitSeconds
        self.maxQueued = maxQueued
        self.write = write
        running = Array(repeating: nil, count: workers.count)
    }

    /// Workers that each run calls with their own tools; `interrupt` stops
    /// their store's running query.
    public convenience init(server: MCPServer, workerTools: [ResourceTools], timeLimitSeconds: Double, maxQueued: Int = 64,
                            write: @escaping @Sendable (String) -> Void) {
        let workers = workerTools.map { tools in
            Worker(perform: { id, name, arguments in server.toolResponse(id: id, name: name, arguments: arguments, using: tools) },
                   interrupt: { tools.interrupt() })
        }
        self.init(server: server, workers: workers, timeLimitSeconds: timeLimitSeconds, maxQueued: maxQueued, write: write)
    }

    /// Reads lines until `readLine` returns nil, then returns once every
    /// call has been answered (each within its time limit); idle workers
    /// end then, and one still busy with a call cut off ends after it.
    public func serve(readLine: () -> String?) {
        startWorkers()
        while let line = readLine() {
            switch server.route(line: line) {
            case .reply(let response): if let response { emit(response) }
            case .toolCall(let id, let name, let arguments): submit(Call(id: id, name: name, arguments: arguments))
            case .cancel(let requestID): cancel(requestID)
            }
        }
        state.lock()
        while unanswered > 0 { state.wait() }
        stopping = true
        state.broadcast()
        state.unlock()
    }

    private func startWorkers() {
        state.lock()
        defer { state.unlock() }
        guard !started else { return }
        started = true
        for index in workers.indices {
            // Converters recurse into nested documents: a large stack.
            if let thread = try? WorkerThread.start({ [self] in workerLoop(index) }) { pthread_detach(thread) }
        }
    }

    private func submit(_ call: Call) {
        state.lock()
        queue.removeAll { $0.answered }
        guard queue.count < maxQueued else {
            state.unlock()
            emit(MCPServer.busyResponse(id: call.id, name: call.name))
            return
        }
        queue.append(call)
        unanswered += 1
        state.broadcast()
        state.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimitSeconds) { [self] in expire(call) }
    }

    private func workerLoop(_ index: Int) {
        while true {
            state.lock()
            while queue.isEmpty && !stopping { state.wait() }
            if queue.isEmpty {
                state.unlock()
                return
            }
            let call = queue.removeFirst()
            if call.answered {
                state.unlock()
                continue
            }
            running[index] = call
            state.unlock()
            let response = workers[index].perform(call.id, call.name, call.arguments)
            answer(call, with: response)
            state.lock()
            running[index] = nil
            state.unlock()
        }
    }

    /// At the deadline: answers `timeout` unless the worker did, and stops
    /// the worker's query while the call is still its own.
    private func expire(_ call: Call) {
        state.lock()
        guard !call.answered else {
            state.unlock()
            return
        }
        call.answered = true
        if let worker = running.firstIndex(where: { $0 === call }) { workers[worker].interrupt() }
        state.unlock()
        emit(MCPServer.timeoutResponse(id: call.id, name: call.name, seconds: timeLimitSeconds))
        settle()
    }

    /// Stops a waiting or running call the client no longer wants; it gets
    /// no response.
    private func cancel(_ requestID: JSONValue) {
        state.lock()
        let call = running.lazy.compactMap { $0 }.first { $0.id == requestID && !$0.answered }
            ?? queue.first { $0.id == requestID && !$0.answered }
        guard let call else {
            state.unlock()
            return
        }
        call.answered = true
        if let worker = running.firstIndex(where: { $0 === call }) { workers[worker].interrupt() }
        state.unlock()
        settle()
    }

    private func answer(_ call: Call, with response: String) {
        state.lock()
        let first = !call.answered
        call.answered = true
        state.unlock()
        guard first else { return }
        emit(response)
        settle()
    }

    private func settle() {
        state.lock()
        unanswered -= 1
        state.broadcast()
        state.unlock()
    }

    private func emit(_ line: String) {
        writeLock.withLock { _ in write(line) }
    }
}
