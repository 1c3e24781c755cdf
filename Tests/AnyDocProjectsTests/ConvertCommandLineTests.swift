import Foundation
import Testing

/// The smaller promises of `anydoc convert`'s command line.
@Suite struct ConvertCommandLineTests {
    @Test func anOutputThatIsAFolderGetsTheInputsName() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "x.docx")
        try FileManager.default.createDirectory(atPath: tree.path("existdir"), withIntermediateDirectories: true)
        let run = try BatchRun.run(["convert", "x.docx", "-o", "existdir/"], in: tree)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(tree.exists("existdir/x.md"))
        #expect(try BatchRun.run(["convert", "x.docx", "-o", "existdir"], in: tree).status == 0)
    }

    /// An embedded workbook is only named, unless `--embedded-objects` asks
    /// for its content.
    @Test func embeddedObjectsFlagAddsTheObjectsContent() throws {
        let tree = try BatchTree()
        try tree.copy("docx/ole-objects.docx", to: "x.docx")
        let named = try BatchRun.run(["convert", "x.docx"], in: tree)
        #expect(named.status == 0, "\(named.errorOutput)")
        #expect(named.output.contains("Embedded object: Excel.Sheet.12 (Budget)") && !named.output.contains("| Rent |"))
        let content = try BatchRun.run(["convert", "--embedded-objects", "x.docx"], in: tree)
        #expect(content.status == 0, "\(content.errorOutput)")
        #expect(content.output.contains("Embedded object: Excel.Sheet.12 (Budget)\n\n> ## Budget"), "\(content.output)")
        #expect(content.output.contains("> | Rent | 1200 |"))
    }

    @Test func helpConvertShowsTheConvertHelp() throws {
        let tree = try BatchTree()
        let run = try BatchRun.run(["help", "convert"], in: tree)
        #expect(run.status == 0)
        #expect(run.output.contains("USAGE: anydoc convert") && run.output.contains("--incremental"))
    }

    @Test func shortFlagsCombineAndNumbersAreCheckedEvenForOneFile() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/x.docx")
        let combined = try BatchRun.run(["convert", "-qj2", "d", "-o", "o"], in: tree)
        #expect(combined.status == 0, "\(combined.errorOutput)")
        #expect(combined.errorOutput.isEmpty && tree.exists("o/x.md"))
        let jobs = try BatchRun.run(["convert", "--jobs", "abc", "d/x.docx"], in: tree)
        #expect(jobs.status == 2 && jobs.errorOutput.contains("--jobs"))
    }

    @Test func anUnknownFormatListsTheKnownOnes() throws {
        let tree = try BatchTree()
        let run = try BatchRun.run(["convert", "--format", "bogus", "-"], in: tree, input: "x")
        #expect(run.status == 2)
        #expect(run.errorOutput.contains("docx") && run.errorOutput.contains("pdf") && run.errorOutput.contains("csv"))
    }

    @Test func emptyStandardInputIsNamed() throws {
        let tree = try BatchTree()
        let run = try BatchRun.run(["convert", "-"], in: tree, input: "")
        #expect(run.status == 1)
        #expect(run.errorOutput.hasPrefix("anydoc: error: <stdin>:"), "\(run.errorOutput)")
    }

    @Test func aPageLeftBlankWithoutOCRIsTold() throws {
        let tree = try BatchTree()
        let run = try BatchRun.run(["convert", Fixture.packageRoot + "/TestDocuments/pdf/scanned.pdf", "--ocr", "never"], in: tree)
        #expect(run.status == 0)
        #expect(run.errorOutput.contains("page 2") && run.errorOutput.contains("blank"), "\(run.errorOutput)")
    }

    @Test func aReaderThatStopsReadingIsNotAnError() throws {
        let tree = try BatchTree()
        try tree.write("big.csv", (0..<100_000).map { "\($0),value \($0),more text\n" }.joined())
        let binary = try #require(AnydocProcess.executable)
        let pipe = Pipe()
        let errors = tree.path("logs/pipe.err")
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["convert", tree.path("big.csv")]
        process.standardOutput = pipe
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        // Like `| head -c 10`: read a little, then close the pipe.
        _ = try pipe.fileHandleForReading.read(upToCount: 10)
        try pipe.fileHandleForReading.close()
        try pipe.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect((try? String(contentsOfFile: errors, encoding: .utf8)) == "")
    }
}

/// Peak memory of one conversion of a file made of one enormous field,
/// measured by `/usr/bin/time`: about twice the input at most, or a
/// typed resource limit, never an abort.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs /usr/bin/time"))
struct SingleFieldMemoryTests {
    static let size = 40 << 20

    /// Exit status and peak resident kilobytes of `anydoc arguments…`.
    private func measure(_ arguments: [String], in tree: BatchTree) throws -> (status: Int32, peakKB: Int, errors: String) {
        let run = try BatchRun.run(["/usr/bin/time", "-f", "peak %M", "-o", "logs/time.txt", try #require(AnydocProcess.executable)] + arguments,
                                   in: tree, viaProgram: true)
        let line = try #require(tree.read("logs/time.txt")).split(separator: "\n").last { $0.hasPrefix("peak ") }
        return (run.status, Int(try #require(line).dropFirst(5)) ?? 0, run.errorOutput)
    }

    @Test func oneFieldCSVFailsWithAResourceLimitAndTextStaysWithinTwiceItsSize() throws {
        let tree = try BatchTree()
        try tree.write("small.csv", "a,b\n1,2\n")
        try Data(repeating: UInt8(ascii: "a"), count: Self.size).write(to: URL(fileURLWithPath: tree.path("one.csv")))
        try Data(repeating: UInt8(ascii: "a"), count: Self.size).write(to: URL(fileURLWithPath: tree.path("one.txt")))
        let baseline = try measure(["convert", "small.csv", "-o", "small.md"], in: tree)
        #expect(baseline.status == 0)

        let csv = try measure(["convert", "one.csv", "-o", "one.csv.md"], in: tree)
        #expect(csv.status == 1 && csv.errors.contains("resource limit"), "\(csv.errors)")
        #expect(csv.peakKB - baseline.peakKB < 2 * Self.size / 1024, "peak \(csv.peakKB) KB")

        let text = try measure(["convert", "one.txt", "-o", "one.txt.md"], in: tree)
        #expect(text.status == 0, "\(text.errors)")
        #expect(text.peakKB - baseline.peakKB < 2 * Self.size / 1024 + Self.size / 4096, "peak \(text.peakKB) KB")
    }
}
