import AnyDocSwift
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
        let target = folder + "/big.docx"
        let size = try Self.writePaddedPackage(at: target)
        let run = try Self.peakMemory(["convert", target, "-o", folder + "/big.md"])
        #expect(run.status == 0)
        let markdown = try String(contentsOfFile: folder + "/big.md", encoding: .utf8)
        #expect(markdown.hasPrefix("#"))
        #expect(run.peakBytes < size / 2, "peak \(run.peakBytes) bytes for a \(size)-byte file")
    }

    /// A folder batch reads each file as its conversion goes too, so one
    /// large file in a shared folder does not cost its size in memory.
    @Test func aFolderBatchReadsALargePackageAsItGoes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        let size = try Self.writePaddedPackage(at: folder + "/in/big.docx")
        FileManager.default.createFile(atPath: folder + "/in/small.md", contents: Data("# Small\n".utf8))
        let run = try Self.peakMemory(["convert", folder + "/in", "-o", folder + "/out"])
        #expect(run.status == 0)
        let markdown = try String(contentsOfFile: folder + "/out/big.md", encoding: .utf8)
        #expect(markdown.hasPrefix("#"))
        #expect(FileManager.default.fileExists(atPath: folder + "/out/small.md"))
        #expect(run.peakBytes < size / 2, "peak \(run.peakBytes) bytes for a \(size)-byte file in a folder")
    }

    /// An ingest hashes, converts and stores a large file block by block:
    /// the stored source is the file, and memory stays far below its size.
    @Test func anIngestStoresALargeFileAsItGoes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        let size = try Self.writePaddedPackage(at: folder + "/in/big.docx")
        let run = try Self.peakMemory(["ingest", folder + "/in", "--project", "P", "--store", folder + "/store", "--quiet"])
        #expect(run.status == 0)
        #expect(run.peakBytes < size / 2, "peak \(run.peakBytes) bytes to ingest a \(size)-byte file")
        let original = try #require(FileManager.default.contents(atPath: folder + "/in/big.docx"))
        let hash = SHA256.hex([UInt8](original))
        let stored = FileManager.default.contents(atPath: folder + "/store/objects/" + hash.prefix(2) + "/" + hash.dropFirst(2))
        #expect(stored == original, "the source object is the file, under its hash")
    }

    /// Writes a small DOCX plus 128 MiB of stored media it does not
    /// reference, as a file with a large embedded video is, and returns
    /// its size.
    private static func writePaddedPackage(at target: String) throws -> Int {
        let source = Fixture.packageRoot + "/TestDocuments/docx/headings-formatting.docx"
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
        return try #require(try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int)
    }
}
