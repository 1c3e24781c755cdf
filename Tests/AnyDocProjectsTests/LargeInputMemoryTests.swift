import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `anydoc convert` of a large file keeps its memory far below the file's
/// size: a text file streams through in blocks, and a ZIP package has
/// only the members it needs read from the file. Each conversion runs in
/// a child process of its own, whose peak resident set `wait4` reports.
@Suite struct LargeInputMemoryTests {
    /// Runs anydoc and returns its exit status and peak resident bytes.
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, peakBytes: Int) {
        let binary = try #require(AnydocProcess.executable, "the anydoc executable is not beside the test bundle")
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            try #require(errno == EINTR, "wait4 failed: \(errno)")
        }
        return ((status >> 8) & 0xFF, usage.ru_maxrss * 1024)
    }

    private static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "anydoc-largeinput-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aLargeTextFileConvertsInFlatMemory() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let line = Array("text γάμμα 日本語 😀 naïve, line after line of a large log file\n".utf8)
        let size = 128 << 20
        FileManager.default.createFile(atPath: folder + "/big.txt", contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: folder + "/big.txt"))
        let block = Data((0..<(1 << 20) / line.count).flatMap { _ in line })
        var written = 0
        while written < size {
            handle.write(block)
            written += block.count
        }
        try handle.close()
        let run = try Self.peakMemory(["convert", folder + "/big.txt", "-o", folder + "/big.md"])
        #expect(run.status == 0)
        #expect(FileManager.default.contentsEqual(atPath: folder + "/big.txt", andPath: folder + "/big.md"))
        #expect(run.peakBytes < written / 2, "peak \(run.peakBytes) bytes for a \(written)-byte file")
    }

    @Test func aLargePackageReadsOnlyTheMembersItNeeds() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = Fixture.packageRoot + "/TestDocuments/docx/headings-formatting.docx"
        let target = folder + "/big.docx"
        // The document plus 128 MiB of stored media it does not reference,
        // as a file with a large embedded video is.
        let python = """
            import os, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as src, zipfile.ZipFile(sys.argv[2], "w") as out:
                for item in src.infolist():
                    out.writestr(item, src.read(item.filename))
                with out.open(zipfile.ZipInfo("word/media/padding.bin"), "w") as pad:
                    for _ in range(128):
                        pad.write(os.urandom(1 << 20))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", python, source, target]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int)
        let run = try Self.peakMemory(["convert", target, "-o", folder + "/big.md"])
        #expect(run.status == 0)
        let markdown = try String(contentsOfFile: folder + "/big.md", encoding: .utf8)
        #expect(markdown.hasPrefix("#"))
        #expect(run.peakBytes < size / 2, "peak \(run.peakBytes) bytes for a \(size)-byte file")
    }
}
