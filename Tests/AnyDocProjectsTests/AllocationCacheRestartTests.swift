import Foundation
import Testing

/// A long-running command starts itself once more with glibc's per-thread
/// allocation cache enlarged (see `ProcessTuning` in the CLI). What the
/// tests see is the restarted process's environment, in /proc, and that
/// its standard input and output still work.
@Suite struct AllocationCacheRestartTests {
    static let tunable = "GLIBC_TUNABLES=glibc.malloc.tcache_count=1024"

    /// The process's environment, one `NAME=value` entry each.
    static func environment(of process: Process) -> [String] {
        guard let bytes = FileManager.default.contents(atPath: "/proc/\(process.processIdentifier)/environ") else { return [] }
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Waits up to 10 s for the process's environment to hold `entry`.
    static func waitForEntry(_ entry: String, in process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning {
            if environment(of: process).contains(entry) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// `anydoc arguments…` with standard input from a pipe the test holds
    /// and `extra` added to an environment without `GLIBC_TUNABLES`.
    static func start(_ arguments: [String], extra: [String: String] = [:], output: String) throws -> (Process, Pipe) {
        let binary = try #require(AnydocProcess.executable, "the anydoc executable is not beside the test bundle")
        let process = Process()
        let input = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GLIBC_TUNABLES"] = nil
        process.environment = environment.merging(extra) { $1 }
        process.standardInput = input
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input)
    }

    @Test(.hangGuard) func theServerRestartsWithTheLargerCacheAndStillAnswers() throws {
        let fixture = try Fixture()
        let output = fixture.folder + "/mcp.out"
        let (server, input) = try Self.start(["mcp", "--store", fixture.storePath], output: output)
        defer { if server.isRunning { server.terminate() } }
        #expect(Self.waitForEntry(Self.tunable, in: server), "environment: \(Self.environment(of: server))")

        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
        input.fileHandleForWriting.write(Data((initialize + "\n").utf8))
        try input.fileHandleForWriting.close()
        server.waitUntilExit()
        let answer = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(answer.contains(#""id":1"#) && answer.contains("serverInfo"), "answer: \(answer)")
    }

    @Test(.hangGuard) func aBatchFromAFileListRestartsAndConverts() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", "# Guide\n\nText.\n")
        let out = fixture.folder + "/out"
        let (convert, input) = try Self.start(
            ["convert", "--files-from", "-", "-o", out, "--quiet"], output: fixture.folder + "/convert.out")
        defer { if convert.isRunning { convert.terminate() } }
        #expect(Self.waitForEntry(Self.tunable, in: convert), "environment: \(Self.environment(of: convert))")

        // The list is read by the restarted process, from the same pipe.
        input.fileHandleForWriting.write(Data((fixture.documents + "/guide.md\n").utf8))
        try input.fileHandleForWriting.close()
        convert.waitUntilExit()
        #expect(convert.terminationStatus == 0)
        let converted = FileManager.default.enumerator(atPath: out)?.compactMap { $0 as? String }.filter { $0.hasSuffix("guide.md") } ?? []
        #expect(converted.count == 1, "output folder: \(converted)")
    }

    @Test(.hangGuard) func aTunablesSettingOfTheUsersIsLeftAsItIs() throws {
        let fixture = try Fixture()
        let own = "glibc.malloc.perturb=0"
        let (server, input) = try Self.start(
            ["mcp", "--store", fixture.storePath], extra: ["GLIBC_TUNABLES": own], output: fixture.folder + "/mcp.out")
        defer { if server.isRunning { server.terminate() } }
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
        input.fileHandleForWriting.write(Data((initialize + "\n").utf8))
        // Once it has answered, any restart would have happened.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !((try? String(contentsOfFile: fixture.folder + "/mcp.out", encoding: .utf8)) ?? "").contains("serverInfo") {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let environment = Self.environment(of: server)
        #expect(environment.contains("GLIBC_TUNABLES=" + own), "environment: \(environment)")
        #expect(!environment.contains(Self.tunable))
        try input.fileHandleForWriting.close()
        server.waitUntilExit()
    }

    /// The dynamic loader this test bundle was started through, as mapped.
    static var loaderPath: String? {
        // Read to the end: /proc reports a size of 0.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in line.split(separator: " ").last.map(String.init) }
            .first { ($0 as NSString).lastPathComponent.hasPrefix("ld-linux") }
    }

    @Test(.hangGuard) func startedThroughTheLoaderTheServerRunsWithoutRestarting() throws {
        // /proc/self/exe names the loader then; a restart would start the
        // loader with the server's arguments and exit 127.
        let fixture = try Fixture()
        let loader = try #require(Self.loaderPath, "no ld-linux mapping in /proc/self/maps")
        let binary = try #require(AnydocProcess.executable)
        let output = fixture.folder + "/mcp.out"
        let process = Process()
        let input = Pipe()
        process.executableURL = URL(fileURLWithPath: loader)
        process.arguments = [binary, "mcp", "--store", fixture.storePath]
        var environment = ProcessInfo.processInfo.environment
        environment["GLIBC_TUNABLES"] = nil
        process.environment = environment
        process.standardInput = input
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
        input.fileHandleForWriting.write(Data((initialize + "\n").utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let answer = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(answer.contains("serverInfo"), "answer: \(answer)")
    }

    @Test(.hangGuard) func filesWhoseSizesAddPastTheLargestIntegerAreRefusedNotACrash() throws {
        // Sparse files on tmpfs may be as large as a file offset goes.
        let folder = "/dev/shm/anydoc-restart-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let huge = folder + "/huge.pdf", small = folder + "/small.pdf"
        _ = FileManager.default.createFile(atPath: huge, contents: nil)
        try Data("%PDF-1.4\n".utf8).write(to: URL(fileURLWithPath: small))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: UInt64(Int.max))
        try handle.close()

        let (convert, input) = try Self.start(["convert", huge, small, "-o", folder + "/out"], output: folder + "/convert.out")
        try input.fileHandleForWriting.close()
        convert.waitUntilExit()
        #expect(convert.terminationReason == .exit, "ended by signal \(convert.terminationStatus)")
        #expect(convert.terminationStatus == 1)
    }

    /// How /proc/PID/syscall begins while a process writes to descriptor 1.
    #if arch(arm64)
    static let writeToStandardOutput = "64 0x1 "
    #else
    static let writeToStandardOutput = "1 0x1 "
    #endif

    @Test(.hangGuard) func aSmallFileConvertsWithoutRestarting() throws {
        // 100 KB of HTML: under the 1 MiB a restart pays for. Its Markdown
        // is more than a pipe holds, so the process waits, alive, on its
        // standard output once converted, long after any restart.
        let fixture = try Fixture()
        let paragraph = "<p>" + String(repeating: "word ", count: 200) + "</p>\n"
        try fixture.write("page.html", "<html><body>" + String(repeating: paragraph, count: 100) + "</body></html>")
        let binary = try #require(AnydocProcess.executable)
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["convert", fixture.documents + "/page.html"]
        var environment = ProcessInfo.processInfo.environment
        environment["GLIBC_TUNABLES"] = nil
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()

        let deadline = Date().addingTimeInterval(10)
        var writing = false
        while Date() < deadline, !writing {
            let syscall = FileManager.default.contents(atPath: "/proc/\(process.processIdentifier)/syscall")
                .map { String(decoding: $0, as: UTF8.self) } ?? ""
            // Blocked in write(2) on descriptor 1.
            writing = syscall.hasPrefix(Self.writeToStandardOutput)
            if !writing { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(writing, "the conversion never blocked on its output")
        let environmentNow = Self.environment(of: process)
        let markdown = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(!environmentNow.contains { $0.hasPrefix("GLIBC_TUNABLES=") }, "environment: \(environmentNow)")
        #expect(process.terminationStatus == 0)
        #expect(markdown.count > 100_000)
    }

    @Test(.hangGuard) func aProgramInAFolderWhoseNameIsNotUTF8StillRestarts() throws {
        // The path read from /proc/self/exe goes to execv as bytes; decoded
        // as UTF-8 first, its 0xFF became U+FFFD and the exec found nothing.
        let binary = try #require(AnydocProcess.executable)
        let fixture = try Fixture()
        let folder = Array(fixture.folder.utf8CString.dropLast()) + [CChar(bitPattern: 0x2F), CChar(bitPattern: 0xFF), 0]
        try #require(mkdir(folder, 0o700) == 0)
        let copy = Array(folder.dropLast()) + Array("/anydoc".utf8CString).map { $0 }
        let bytes = try #require(FileManager.default.contents(atPath: binary))
        let out = open(copy, O_WRONLY | O_CREAT | O_EXCL, 0o700)
        try #require(out >= 0)
        let written = bytes.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
        close(out)
        try #require(written == bytes.count)
        defer {
            unlink(copy)
            rmdir(folder)
        }

        var input: [Int32] = [0, 0]
        try #require(pipe(&input) == 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addclose(&actions, input[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [copy, Array("mcp".utf8CString), Array("--store".utf8CString), Array(fixture.storePath.utf8CString)]
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "GLIBC_TUNABLES" }.map { Array("\($0.key)=\($0.value)".utf8CString) }
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, copy, &actions, nil, argv, envp) }
        }
        close(input[0])
        try #require(status == 0)
        defer {
            close(input[1])
            var ended: Int32 = 0
            _ = waitpid(pid, &ended, 0)
        }
        let deadline = Date().addingTimeInterval(10)
        var restarted = false
        while Date() < deadline, !restarted {
            let entries = FileManager.default.contents(atPath: "/proc/\(pid)/environ")?.split(separator: 0)
                .map { String(decoding: $0, as: UTF8.self) } ?? []
            restarted = entries.contains(Self.tunable)
            if !restarted { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(restarted)
    }

    /// Calls `body` with a NULL-terminated array of the C strings' pointers.
    private func withCStrings<T>(_ strings: [[CChar]], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { string -> UnsafeMutablePointer<CChar> in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: string.count)
            copy.initialize(from: string, count: string.count)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        return body(copies + [nil])
    }
}
