import Dispatch
import Foundation
import Testing
@testable import AnyDocProjects

/// What the MCP server may read: `convert` only opens regular files inside
/// the folders granted with `--allow`, never /proc, /sys, FIFOs or
/// devices; names with control characters and arguments outside a tool's
/// schema are refused.
@Suite struct MCPAccessTests {
    /// A server over a store holding `guide.md`, granting `granted`.
    static func server(_ fixture: Fixture, granted: [String]) throws -> MCPServer {
        try fixture.write("guide.md", guideMarkdown)
        let store = try fixture.store()
        _ = try Ingestion(store: store, jobs: 1).run([fixture.documents], project: "mcp")
        return MCPServer(tools: ResourceTools(store: store, defaultProject: "mcp", grantedFolders: try GrantedFolders(granted)))
    }

    static func call(_ server: MCPServer, _ tool: String, _ arguments: JSONValue) throws -> JSONValue {
        let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ["name": .string(tool), "arguments": arguments]]
        return try JSONValue.parse(try #require(server.handle(line: request.jsonLine())))
    }

    /// The error text of a failed tool call, or nil when it succeeded.
    static func failure(_ response: JSONValue) -> String? {
        guard response["result"]?["isError"] == true, case .array(let content)? = response["result"]?["content"] else { return nil }
        return content.first?["text"]?.stringValue
    }

    static func toolNames(_ server: MCPServer) throws -> [String] {
        let list = try JSONValue.parse(try #require(server.handle(line: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)))
        guard case .array(let tools)? = list["result"]?["tools"] else { return [] }
        return tools.compactMap { $0["name"]?.stringValue }
    }

    @Test func convertIsOfferedOnlyWhenFoldersAreGranted() throws {
        let fixture = try Fixture()
        let closed = try Self.server(fixture, granted: [])
        #expect(try Self.toolNames(closed) == ["project_list", "resource_list", "resource_read", "resource_search"])
        let refused = Self.failure(try Self.call(closed, "convert", ["path": .string(fixture.documents + "/guide.md")]))
        #expect(refused?.hasPrefix("denied: convert is not offered") == true, "\(refused ?? "succeeded")")

        let open = MCPServer(tools: ResourceTools(store: closed.tools.store, grantedFolders: try GrantedFolders([fixture.documents])))
        #expect(try Self.toolNames(open).contains("convert"))
        let converted = try Self.call(open, "convert", ["path": .string(fixture.documents + "/guide.md")])
        #expect(converted["result"]?["structuredContent"]?["text"]?.stringValue?.hasPrefix("# Field Guide") == true)
    }

    @Test func convertRefusesFilesOutsideTheGrantedFolders() throws {
        let fixture = try Fixture()
        let server = try Self.server(fixture, granted: [fixture.documents])
        try Data("secret".utf8).write(to: URL(fileURLWithPath: fixture.folder + "/outside.txt"))
        for path in ["/etc/shadow", "/etc/passwd", "/proc/self/maps", fixture.folder + "/outside.txt",
                     fixture.documents + "/../outside.txt", "/nonexistent/file.docx"] {
            let text = Self.failure(try Self.call(server, "convert", ["path": .string(path)]))
            #expect(text?.hasPrefix("denied:") == true, "\(path): \(text ?? "was read")")
        }
        // Granting everything still leaves /proc and /sys closed.
        let everything = MCPServer(tools: ResourceTools(store: server.tools.store, grantedFolders: try GrantedFolders(["/"])))
        for path in ["/proc/self/maps", "/proc/self/environ", "/sys/kernel/mm/transparent_hugepage/enabled"] {
            let text = Self.failure(try Self.call(everything, "convert", ["path": .string(path)]))
            #expect(text?.hasPrefix("denied:") == true, "\(path): \(text ?? "was read")")
        }
    }

    @Test func convertResolvesLinksBeforeCheckingTheFolder() throws {
        let fixture = try Fixture()
        let server = try Self.server(fixture, granted: [fixture.documents])
        try Data("secret".utf8).write(to: URL(fileURLWithPath: fixture.folder + "/outside.txt"))
        try FileManager.default.createSymbolicLink(atPath: fixture.documents + "/leak.txt", withDestinationPath: fixture.folder + "/outside.txt")
        try FileManager.default.createSymbolicLink(atPath: fixture.documents + "/passwd.txt", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: fixture.documents + "/etc", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: fixture.documents + "/alias.md", withDestinationPath: "guide.md")
        for path in ["leak.txt", "passwd.txt", "etc/passwd"] {
            let text = Self.failure(try Self.call(server, "convert", ["path": .string(fixture.documents + "/" + path)]))
            #expect(text?.hasPrefix("denied:") == true, "\(path): \(text ?? "was read")")
        }
        // A link that stays inside the folder is followed.
        let alias = try Self.call(server, "convert", ["path": .string(fixture.documents + "/alias.md")])
        #expect(alias["result"]?["structuredContent"]?["text"]?.stringValue?.hasPrefix("# Field Guide") == true)
    }

    /// A path outside the folders that does not exist is `denied` like one
    /// that does: through a link in a root to `/`, or a loop climbing out
    /// with `..`, the server must not tell which files outside exist.
    @Test func missingPathsOutsideTheFoldersAreDeniedNotReported() throws {
        let fixture = try Fixture()
        let server = try Self.server(fixture, granted: [fixture.documents])
        try FileManager.default.createSymbolicLink(atPath: fixture.documents + "/root", withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: fixture.documents + "/loop", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: fixture.documents + "/dangling", withDestinationPath: "/etc/no-such-file")
        for path in ["root/etc/no-such-file", "root/etc/passwd/x", "root/no-such-folder/x", "loop/../no-such-file", "guide.md/../../x",
                     "dangling", "dangling/x"] {
            let text = Self.failure(try Self.call(server, "convert", ["path": .string(fixture.documents + "/" + path)]))
            #expect(text?.hasPrefix("denied:") == true, "\(path): \(text ?? "was read")")
        }
        let inside = Self.failure(try Self.call(server, "convert", ["path": .string(fixture.documents + "/no-such-file.md")]))
        #expect(inside?.hasPrefix("io:") == true, "\(inside ?? "was read")")
    }

    /// `interrupt()`, which a server calls when a call is cancelled or
    /// times out, stops a running `convert` too, not only store queries.
    @Test(.hangGuard) func interruptStopsARunningConversion() throws {
        let fixture = try Fixture()
        let csv = "id,name,note\n" + (0..<600_000).map { "\($0),name \($0 % 97),a note\n" }.joined()
        try fixture.write("rows.csv", csv)
        let store = try fixture.store()
        let tools = ResourceTools(store: store, grantedFolders: try GrantedFolders([fixture.documents]))
        nonisolated(unsafe) var outcome: Result<ConvertOutput, ProjectError>?
        let done = DispatchSemaphore(value: 0)
        let started = ContinuousClock.now
        Thread.detachNewThread {
            do throws(ProjectError) {
                outcome = .success(try tools.convert(ConvertInput(path: fixture.documents + "/rows.csv")))
            } catch {
                outcome = .failure(error)
            }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.2)
        tools.interrupt()
        done.wait()
        let elapsed = ContinuousClock.now - started
        guard case .failure(let error)? = outcome else {
            Issue.record("the conversion ran to its end (\(elapsed))")
            return
        }
        #expect(error.message.contains("cancelled"), "\(error)")
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }

    @Test(.hangGuard) func convertRefusesFIFOsAndDevicesWithoutBlocking() throws {
        let fixture = try Fixture()
        let server = try Self.server(fixture, granted: [fixture.documents, "/dev"])
        let fifo = fixture.documents + "/pipe.md"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/zero", "/dev/null", "/dev/stdin", "/dev/tty"] {
            let text = try Self.withinSeconds(5, unblocking: fifo) { Self.failure(try Self.call(server, "convert", ["path": .string(path)])) } ?? nil
            #expect(text?.hasPrefix("denied:") == true || text?.hasPrefix("io:") == true, "\(path): \(text ?? "was read")")
            #expect(text?.contains("cannot read") != true, "\(path) was opened for reading: \(text ?? "")")
        }
    }

    /// Runs `body` on another thread; fails the test if it takes longer
    /// than `seconds`, then opens the FIFO for writing so a reader blocked
    /// on it is released and the test can end.
    static func withinSeconds<T: Sendable>(_ seconds: Double, unblocking fifo: String, _ body: @escaping @Sendable () throws -> T) throws -> T? {
        let done = DispatchSemaphore(value: 0)
        let result = LockedBox<Result<T, Error>?>(nil)
        Thread {
            let outcome = Result { try body() }
            result.set(outcome)
            done.signal()
        }.start()
        if done.wait(timeout: .now() + seconds) == .timedOut {
            Issue.record("the call did not return within \(seconds) s")
            // Non-blocking: fails at once when no reader is waiting on it.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            done.wait()
        }
        return try result.get()?.get()
    }

    @Test func namesWithControlCharactersAreRejected() throws {
        let fixture = try Fixture()
        let server = try Self.server(fixture, granted: [fixture.documents])
        let calls: [(String, JSONValue)] = [
            ("resource_read", ["resource": "guide.md\u{0}junk"]),
            ("resource_read", ["resource": "guide.md", "project": "mcp\u{0}"]),
            ("resource_read", ["resource": "guide.md", "version": "1\u{1B}[2J"]),
            ("resource_search", ["query": "kingfisher", "resource": "guide.md\n"]),
            ("resource_list", ["project": "mcp\u{7}"]),
            ("resource_list", ["cursor": .string(ListCursor.encode(after: "guide.md\u{0}"))]),
            ("convert", ["path": .string(fixture.documents + "/guide.md\u{0}.pdf")]),
        ]
        for (tool, arguments) in calls {
            let text = Self.failure(try Self.call(server, tool, arguments))
            #expect(text?.hasPrefix("invalid_argument:") == true, "\(tool) \(arguments.jsonLine()): \(text ?? "succeeded")")
            #expect(text?.contains("\u{0}") != true)
        }
        #expect(Self.failure(try Self.call(server, "resource_read", ["resource": "guide.md"])) == nil)
    }

    @Test func argumentsOutsideTheSchemaAreInvalidParams() throws {
        let fixture = try Fixture()
        let server = try Self.server(fixture, granted: [fixture.documents])
        let calls: [(String, JSONValue)] = [
            ("project_list", ["verbose": true]),
            ("resource_read", ["resource": "guide.md", "maxChars": 5]),
            ("resource_read", ["resource": "guide.md", "offset": "10"]),
            ("resource_read", ["resource": 7]),
            ("resource_read", ["max_chars": 5]),
            ("resource_read", ["resource": "guide.md", "max_chars": 0]),
            ("resource_search", ["query": "kingfisher", "limit": .double(2.5)]),
            ("resource_list", ["cursor": ["nested": true]]),
            ("convert", ["path": .string(fixture.documents + "/guide.md"), "follow_links": true]),
            ("resource_list", "not an object"),
        ]
        for (tool, arguments) in calls {
            let response = try Self.call(server, tool, arguments)
            #expect(response["error"]?["code"] == -32602, "\(tool) \(arguments.jsonLine()): \(response.jsonLine())")
        }
        // What the schema allows still runs: a version as a number, a float limit with no fraction.
        #expect(Self.failure(try Self.call(server, "resource_read", ["resource": "guide.md", "version": 1, "max_chars": .double(5.0)])) == nil)
    }

    @Test func aClampedLimitIsSaidSoInTheResult() throws {
        let fixture = try Fixture()
        let server = try Self.server(fixture, granted: [fixture.documents])
        let calls: [(String, JSONValue, String)] = [
            ("resource_read", ["resource": "guide.md", "max_chars": 100_000_000], "max_chars"),
            ("resource_search", ["query": "kingfisher", "limit": 1000], "limit"),
            ("resource_list", ["limit": 5000], "limit"),
            ("convert", ["path": .string(fixture.documents + "/guide.md"), "max_chars": 100_000_000], "max_chars"),
        ]
        for (tool, arguments, name) in calls {
            let output = try Self.call(server, tool, arguments)["result"]?["structuredContent"]
            let note = output?["note"]?.stringValue ?? ""
            #expect(note.hasPrefix(name + " ") && note.contains("cap"), "\(tool): \(output?.jsonLine() ?? "no output")")
        }
        let plain = try Self.call(server, "resource_read", ["resource": "guide.md", "max_chars": 10])["result"]?["structuredContent"]
        #expect(plain?["note"] == nil)
    }

    @Test func grantedFoldersAreRealPathsAndMustExist() throws {
        let fixture = try Fixture()
        try FileManager.default.createSymbolicLink(atPath: fixture.folder + "/link", withDestinationPath: fixture.documents)
        let folders = try GrantedFolders([fixture.folder + "/link", fixture.documents + "/."])
        #expect(folders.roots == [URL(fileURLWithPath: fixture.documents).resolvingSymlinksInPath().path])
        #expect(throws: ProjectError.self) { try GrantedFolders([fixture.folder + "/missing"]) }
        try fixture.write("file.md", "x")
        #expect(throws: ProjectError.self) { try GrantedFolders([fixture.documents + "/file.md"]) }
        #expect(folders.contains(resolved: folders.roots[0] + "/a/b.md"))
        #expect(!folders.contains(resolved: folders.roots[0] + "-other/b.md"))
    }
}

/// A value shared between threads, behind a lock.
final class LockedBox<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&value) } }
}
