import Foundation
import Testing
@testable import AnyDocProjects

/// `anydoc mcp` as a client starts it: requests written to its standard
/// input, responses read from its standard output as they come.
@Suite struct MCPProcessTests {
    final class Server {
        let process = Process()
        let input = Pipe()
        let outputPath: String
        let errorPath: String

        init(_ arguments: [String], logsIn folder: String) throws {
            let binary = try #require(AnydocProcess.executable, "the anydoc executable is not beside the test bundle")
            outputPath = folder + "/mcp-\(UUID().uuidString).out"
            errorPath = outputPath + ".err"
            _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["mcp"] + arguments
            process.standardInput = input
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
            try process.run()
        }

        func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

        /// The response with this id, waiting for it up to `seconds`.
        func response(_ id: Int, within seconds: Double) -> JSONValue? {
            let deadline = Date().addingTimeInterval(seconds)
            repeat {
                let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
                for line in text.split(separator: "\n") {
                    if let value = try? JSONValue.parse(String(line)), value["id"] == .int(id) { return value }
                }
                Thread.sleep(forTimeInterval: 0.02)
            } while Date() < deadline
            return nil
        }

        func close() {
            try? input.fileHandleForWriting.close()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate() }
        }
    }

    /// A server started on a store that is not there creates it, says so
    /// on standard error, and keeps every file of it, SQLite's journal
    /// files included, to its owner.
    @Test(.hangGuard) func aNewStoreIsAnnouncedAndPrivate() throws {
        let fixture = try Fixture()
        let root = fixture.folder + "/new-store"
        let server = try Server(["--store", root], logsIn: fixture.folder)
        defer { server.close() }
        server.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"project_list","arguments":{}}}"#)
        #expect(server.response(1, within: 30) != nil)
        let errors = (try? String(contentsOfFile: server.errorPath, encoding: .utf8)) ?? ""
        #expect(errors.contains("created an empty one"), "\(errors)")
        for name in ["store.sqlite", "store.sqlite-wal", "store.sqlite-shm"] {
            var info = stat()
            guard stat(root + "/" + name, &info) == 0 else { continue }
            #expect(info.st_mode & 0o077 == 0, "\(name): \(String(info.st_mode & 0o777, radix: 8))")
        }
    }

    /// A line far past the message limit is refused without being held:
    /// the server's peak memory stays near its size at rest, and it goes
    /// on answering on the same input.
    @Test(.hangGuard) func anEndlessLineIsRefusedWithoutBeingHeld() throws {
        let fixture = try Fixture()
        _ = try fixture.store()
        let server = try Server(["--store", fixture.storePath], logsIn: fixture.folder)
        defer { server.close() }
        let block = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<64 { server.input.fileHandleForWriting.write(block) }
        server.send("")
        // A request padded past the limit with spaces is refused too, not run.
        let padded = #"{"jsonrpc":"2.0","id":5,"method":"ping"}"# + String(repeating: " ", count: MCPServer.maxMessageBytes) + "x"
        server.send(padded)
        server.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        #expect(server.response(2, within: 30) != nil)
        #expect(server.response(5, within: 0.1) == nil, "the padded request was run")
        let text = (try? String(contentsOfFile: server.outputPath, encoding: .utf8)) ?? ""
        #expect(text.contains("-32600") && text.contains("larger than"), "\(text)")
        let status = (try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let peakKB = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
        let peak = try #require(peakKB, "\(status)")
        #expect(peak < 48 << 10, "peak \(peak) KB after a 64 MB line")
    }

    @Test(.hangGuard) func aFIFOCallDoesNotStopTheServerAnswering() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        let fifo = fixture.documents + "/pipe.md"
        #expect(mkfifo(fifo, 0o600) == 0)
        let server = try Server(["--store", fixture.storePath, "--allow", fixture.documents, "--allow", "/dev"], logsIn: fixture.folder)
        defer {
            // Should the server have opened the FIFO after all, let it go.
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { Glibc.close(writer) }
            server.close()
        }
        server.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#)
        server.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        server.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"convert","arguments":{"path":"\#(fifo)"}}}"#)
        server.send(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"convert","arguments":{"path":"/dev/stdin"}}}"#)
        server.send(#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#)
        server.send(#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#)
        server.send(#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"convert","arguments":{"path":"\#(fixture.documents)/guide.md"}}}"#)

        #expect(server.response(4, within: 10)?["result"] == [:], "ping was not answered")
        let list = server.response(5, within: 5)
        guard case .array(let tools)? = list?["result"]?["tools"] else { Issue.record("tools/list was not answered"); return }
        #expect(tools.contains { $0["name"] == "convert" })
        for id in [2, 3] {
            let refused = server.response(id, within: 5)
            #expect(refused?["result"]?["isError"] == true, "call \(id): \(refused?.jsonLine() ?? "no answer")")
        }
        let converted = server.response(6, within: 10)
        #expect(converted?["result"]?["structuredContent"]?["text"]?.stringValue?.hasPrefix("# Field Guide") == true)
    }

    @Test(.hangGuard) func aServerWithoutGrantsOffersNoConvert() throws {
        let fixture = try Fixture()
        let server = try Server(["--store", fixture.storePath], logsIn: fixture.folder)
        defer { server.close() }
        server.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        server.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"convert","arguments":{"path":"/etc/passwd"}}}"#)
        guard case .array(let tools)? = server.response(1, within: 10)?["result"]?["tools"] else { Issue.record("no tools/list answer"); return }
        #expect(!tools.contains { $0["name"] == "convert" } && tools.count == 4)
        let refused = server.response(2, within: 10)
        #expect(refused?["result"]?["isError"] == true && refused?.jsonLine().contains("denied:") == true)
    }
}
