import Foundation
import Testing
@testable import AnyDocProjects

/// One slow call must not stall the server: tool calls run on a pool, every
/// call has a time limit, and a long SQLite query can be stopped.
@Suite struct MCPConcurrencyTests {
    /// Response lines with the time each was written, in seconds since `start`.
    final class Transcript: @unchecked Sendable {
        let start = Date()
        private let lock = NSLock()
        private var lines: [(Double, JSONValue)] = []

        func record(_ line: String) {
            let value = (try? JSONValue.parse(line)) ?? .null
            lock.withLock { lines.append((Date().timeIntervalSince(start), value)) }
        }

        /// When the response with this id was written, and the response.
        func response(_ id: JSONValue) -> (Double, JSONValue)? { lock.withLock { lines.first { $0.1["id"] == id } } }
        var count: Int { lock.withLock { lines.count } }
    }

    static func server() throws -> (MCPServer, Fixture) {
        let fixture = try Fixture()
        return (MCPServer(tools: ResourceTools(store: try fixture.store())), fixture)
    }

    static func toolCall(_ id: Int, _ name: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(name)","arguments":{}}}"#
    }

    /// Workers whose `project_list` waits until interrupted (at most 20 s);
    /// every other call is answered at once.
    static func workers(_ count: Int, interrupted: LockedBox<Int>) -> [MCPDispatcher.Worker] {
        (0..<count).map { _ in
            let stop = DispatchSemaphore(value: 0)
            return MCPDispatcher.Worker(
                perform: { id, name, _ in
                    if name == "project_list" { _ = stop.wait(timeout: .now() + 20) }
                    return JSONValue.object(["jsonrpc": "2.0", "id": id, "result": ["done": .string(name)]]).jsonLine()
                },
                interrupt: {
                    interrupted.update { $0 += 1 }
                    stop.signal()
                })
        }
    }

    @Test(.hangGuard) func aSlowCallDoesNotHoldUpTheOthers() throws {
        let (server, _) = try Self.server()
        let transcript = Transcript()
        let interrupted = LockedBox(0)
        let dispatcher = MCPDispatcher(server: server, workers: Self.workers(2, interrupted: interrupted), timeLimitSeconds: 2,
                                       write: transcript.record)
        var lines = [Self.toolCall(1, "project_list"), #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
                     #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#, Self.toolCall(4, "resource_list")][...]
        dispatcher.serve { lines.popFirst() }
        let (listAt, _) = try #require(transcript.response(2))
        let (pingAt, _) = try #require(transcript.response(3))
        let (fastAt, fast) = try #require(transcript.response(4))
        let (slowAt, slow) = try #require(transcript.response(1))
        #expect(listAt < 1 && pingAt < 1, "tools/list after \(listAt) s, ping after \(pingAt) s")
        #expect(fastAt < 1 && fast["result"]?["done"] == "resource_list", "the second call after \(fastAt) s")
        // The slow call is cut off at its limit, answered with an error result, and its worker told to stop.
        #expect(slowAt >= 1.9 && slowAt < 5, "the slow call answered after \(slowAt) s")
        #expect(slow["result"]?["isError"] == true)
        #expect(slow["result"]?["content"]?.jsonLine().contains("timeout: project_list did not finish within 2 s") == true)
        #expect(interrupted.get() == 1)
        #expect(transcript.count == 4)
    }

    @Test(.hangGuard) func callsBeyondThePoolWaitAndEachIsAnsweredOnce() throws {
        let (server, _) = try Self.server()
        let transcript = Transcript()
        let interrupted = LockedBox(0)
        let dispatcher = MCPDispatcher(server: server, workers: Self.workers(1, interrupted: interrupted), timeLimitSeconds: 1,
                                       maxQueued: 3, write: transcript.record)
        // One worker busy with a slow call: three more wait, the fifth finds the queue full.
        var lines = ([Self.toolCall(1, "project_list")] + (2...5).map { Self.toolCall($0, "resource_list") })[...]
        dispatcher.serve {
            if lines.count == 4 { Thread.sleep(forTimeInterval: 0.3) }  // let the worker take the first call
            return lines.popFirst()
        }
        #expect(transcript.count == 5)
        let busy = try #require(transcript.response(5)).1
        #expect(busy["result"]?["content"]?.jsonLine().contains("busy:") == true)
        for id in 2...4 {
            // Queued behind the slow call: answered by their worker once it is freed, or cut off at the limit.
            #expect(transcript.response(.int(id)) != nil)
        }
    }

    @Test(.hangGuard) func aCancelledCallIsStoppedAndNotAnswered() throws {
        let (server, _) = try Self.server()
        let transcript = Transcript()
        let interrupted = LockedBox(0)
        let dispatcher = MCPDispatcher(server: server, workers: Self.workers(1, interrupted: interrupted), timeLimitSeconds: 10,
                                       write: transcript.record)
        var lines = [Self.toolCall(1, "project_list"), Self.toolCall(2, "project_list"),
                     #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"user"}}"#,
                     #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#,
                     #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#][...]
        let started = Date()
        dispatcher.serve {
            if lines.count == 3 { Thread.sleep(forTimeInterval: 0.2) }  // let the first call start
            return lines.popFirst()
        }
        // The running call was interrupted, the waiting one dropped; neither is answered, nor waited for.
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(transcript.response(1) == nil && transcript.response(2) == nil)
        #expect(transcript.response(3) != nil && transcript.count == 1)
        // On a loaded machine the second call may have started before its
        // cancellation arrived: then it is interrupted too.
        #expect((1...2).contains(interrupted.get()))
    }

    @Test(.hangGuard) func interruptStopsALongQueryAndTheStoreStaysUsable() throws {
        let fixture = try Fixture()
        let store = try fixture.store()
        let outcome = LockedBox<Result<Int, ProjectError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            // Counts forever: only an interrupt ends it.
            let result = Result { () throws(ProjectError) -> Int in
                try store.withDatabase { database in
                    try database.queryFirst("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c",
                                            row: { $0.int(0) }) ?? 0
                }
            }
            outcome.set(result)
            done.signal()
        }.start()
        Thread.sleep(forTimeInterval: 0.3)
        store.interrupt()
        #expect(done.wait(timeout: .now() + 10) == .success, "the query was not stopped")
        guard case .failure(let error)? = outcome.get() else { Issue.record("the query finished"); return }
        #expect(error.code == "database" && error.message.contains("interrupt"), "\(error)")
        #expect(try store.projects() == [])
    }
}
