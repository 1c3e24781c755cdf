import Foundation
import Testing

/// `anydoc convert` of a large file keeps its memory far below the file's
/// size: a text file streams through in blocks, and a ZIP package has
/// only the members it needs read from the file.
///
/// Each conversion runs under a small Python parent that reports the
/// child's peak resident set: Linux counts the address space a process
/// replaced by `exec` into its peak, so a child spawned straight from this
/// large, busy test process would report the test process's memory.
@Suite struct LargeInputMemoryTests {
    /// Runs anydoc and returns its exit status and peak resident bytes.
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, peakBytes: Int) {
        let binary = try #require(AnydocProcess.executable, "the anydoc executable is not beside the test bundle")
        let measure = """
            import resource, subprocess, sys
            status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
            print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", measure, binary] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(fields.count == 2, "unexpected report: \(output)")
        return (Int32(fields[0]), fields[1] * 1024)
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
