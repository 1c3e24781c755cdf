import Foundation
import Testing

/// `anydoc convert DIR -o OUT` driven as a user or an attacker would:
/// clashing names, FIFOs and link loops, hostile assets folders, re-runs
/// and interruptions, and what the batch tells.
@Suite struct BatchConvertProcessTests {
    // MARK: - Every input its own output

    @Test func inputsWithTheSameNameOrCaseOnlyDifferentNamesEachGetTheirOwnOutput() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "r1/x.docx")
        try tree.copy("docx/tables.docx", to: "r2/x.docx")
        let named = try BatchRun.run(["convert", "r1/x.docx", "r2/x.docx", "-o", "ro", "--jobs", "1"], in: tree)
        #expect(named.status == 0, "\(named.errorOutput)")
        let outputs = tree.files(below: "ro").filter { $0.hasSuffix(".md") }
        #expect(outputs.count == 2)
        #expect(Set(outputs.compactMap { tree.read("ro/" + $0) }).count == 2, "each input's own text")

        try tree.copy("docx/lists.docx", to: "d/a.docx")
        try tree.copy("docx/tables.docx", to: "d/a.DOCX")
        try tree.copy("pptx/titles-order.pptx", to: "d/A.pptx")
        let folder = try BatchRun.run(["convert", "d", "-o", "o", "--jobs", "3", "--assets", "img"], in: tree)
        #expect(folder.status == 0, "\(folder.errorOutput)")
        let names = tree.files(below: "o").filter { $0.hasSuffix(".md") }
        #expect(names.count == 3)
        // Distinct even where case is ignored.
        #expect(Set(names.map { $0.lowercased() }).count == 3, "\(names)")
        #expect(Set(names.compactMap { tree.read("o/" + $0) }).count == 3)
    }

    @Test func anOutputThatWouldReplaceAnInputIsRefusedBeforeAnythingIsWritten() throws {
        let tree = try BatchTree()
        try tree.write("d/a.md", "# Kept\n\nhand-written text\n")
        try tree.copy("docx/lists.docx", to: "d/b.docx")
        let same = try BatchRun.run(["convert", "d/a.md", "d/b.docx", "-o", "d"], in: tree)
        #expect(same.status == 2, "\(same.errorOutput)")
        #expect(tree.read("d/a.md") == "# Kept\n\nhand-written text\n")
        #expect(!tree.exists("d/b.md"))
        let folder = try BatchRun.run(["convert", "d", "-o", "d"], in: tree)
        #expect(folder.status == 2)
        #expect(!tree.exists("d/b.md"))
    }

    /// `--report` and `--timings` are written last: naming an input or a
    /// Markdown output with them is refused before anything is written,
    /// and so is one file converted onto itself.
    @Test func sideFilesAndASingleOutputNeverReplaceInputsOrOutputs() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/a.docx")
        try tree.write("d/b.md", "# B\n")
        try tree.write("d/sub/c.md", "# C\n")
        let inputBytes = try Data(contentsOf: URL(fileURLWithPath: tree.path("d/a.docx")))
        for option in ["--report", "--timings"] {
            let onInput = try BatchRun.run(["convert", "d", "-o", "o", option, "d/a.docx"], in: tree)
            #expect(onInput.status == 2, "\(option): \(onInput.errorOutput)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: tree.path("d/a.docx"))) == inputBytes)
            let onOutput = try BatchRun.run(["convert", "d", "-o", "o", option, "o/a.md"], in: tree)
            #expect(onOutput.status == 2, "\(option): \(onOutput.errorOutput)")
            // In a folder the batch has yet to make.
            let below = try BatchRun.run(["convert", "d", "-o", "o", option, "o/sub/c.md"], in: tree)
            #expect(below.status == 2, "\(option): \(below.errorOutput)")
        }
        #expect(!tree.exists("o/a.md"))
        let beside = try BatchRun.run(["convert", "d", "-o", "o", "--report", "o/report.jsonl"], in: tree)
        #expect(beside.status == 0, "\(beside.errorOutput)")
        #expect(tree.read("o/a.md")?.isEmpty == false)

        let itself = try BatchRun.run(["convert", "d/b.md", "-o", "d/b.md"], in: tree)
        #expect(itself.status == 2, "\(itself.errorOutput)")
        #expect(tree.read("d/b.md") == "# B\n")
    }

    // MARK: - Only regular files, links followed once

    @Test func aFIFOIsSkippedAndLinkLoopsEnd() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/x.docx")
        try tree.write("elsewhere/secret.txt", "outside the input folder\n")
        #expect(mkfifo(tree.path("d/f.txt"), 0o644) == 0)
        try tree.link("d/sub/a", to: "..")
        try tree.link("d/sub/b", to: "../sub")
        try tree.link("d/out", to: "../elsewhere")
        let plain = try BatchRun.run(["convert", "d", "-o", "o"], in: tree, seconds: 20)
        #expect(!plain.timedOut, "the batch hung")
        #expect(plain.status == 0, "\(plain.errorOutput)")
        #expect(tree.files(below: "o").filter { $0.hasSuffix(".md") } == ["x.md"])
        #expect(plain.errorOutput.contains("d/f.txt: a FIFO, not a regular file"))
        let reported = try BatchRun.run(["convert", "d", "-o", "o", "--report", "r.jsonl"], in: tree, seconds: 20)
        #expect(!reported.timedOut && reported.status == 0)
        let report = try tree.report("r.jsonl")
        let fifo = try #require(report.first { $0["path"] as? String == "d/f.txt" })
        #expect(fifo["status"] as? String == "skipped")
        #expect((fifo["error"] as? String)?.contains("FIFO") == true)
        #expect(report.contains { $0["path"] as? String == "d/out" && ($0["error"] as? String)?.contains("leaves") == true })

        let following = try BatchRun.run(["convert", "d", "-o", "o2", "--follow-links"], in: tree, seconds: 30)
        #expect(!following.timedOut, "the walk did not end")
        #expect(following.status == 0, "\(following.errorOutput)")
        let converted = tree.files(below: "o2").filter { $0.hasSuffix(".md") }
        #expect(converted.filter { $0.hasSuffix("x.md") }.count == 1, "each real file once: \(converted)")
        #expect(converted.contains("out/secret.md"))
        #expect(following.errorOutput.contains("leaves the input folder"))
    }

    // MARK: - Re-runs and interruptions

    @Test func anIncrementalRerunSkipsUnchangedInputsAndKeepsHandEdits() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/a.docx")
        try tree.copy("docx/tables.docx", to: "d/b.docx")
        #expect(try BatchRun.run(["convert", "d", "-o", "o", "--incremental"], in: tree).status == 0)
        try tree.write("o/a.md", "hand edit\n")
        let second = try BatchRun.run(["convert", "d", "-o", "o", "--incremental", "--report", "r.jsonl"], in: tree)
        #expect(second.status == 0)
        #expect(second.errorOutput.contains("Converted 0 of 0 files") && second.errorOutput.contains("2 unchanged"), "\(second.errorOutput)")
        #expect(tree.read("o/a.md") == "hand edit\n")
        #expect(try tree.report("r.jsonl").map { $0["status"] as? String } == ["unchanged", "unchanged"])

        // A changed input is converted again.
        try tree.copy("docx/headings-formatting.docx", to: "d/c.docx")
        try FileManager.default.removeItem(atPath: tree.path("d/b.docx"))
        try tree.copy("docx/lists.docx", to: "d/b.docx")
        let third = try BatchRun.run(["convert", "d", "-o", "o", "--incremental"], in: tree)
        #expect(third.errorOutput.contains("Converted 2 of 2 files") && third.errorOutput.contains("1 unchanged"), "\(third.errorOutput)")
    }

    @Test func theOutputOfAnInputThatNowFailsIsRemoved() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/a.docx")
        #expect(try BatchRun.run(["convert", "d", "-o", "o"], in: tree).status == 0)
        #expect(tree.exists("o/a.md"))
        try tree.write("d/a.docx", "PK\u{3}\u{4} not really a zip archive")
        let rerun = try BatchRun.run(["convert", "d", "-o", "o"], in: tree)
        #expect(rerun.status == 1)
        #expect(!tree.exists("o/a.md"))
        #expect(rerun.errorOutput.contains("Removed the stale output a.md"))
    }

    /// Only an output an earlier run recorded for that input is removed:
    /// a file of the user's own under the same name stays, and so does a
    /// file reached through a folder link planted in the output folder.
    @Test func aFailingInputRemovesOnlyItsOwnRecordedOutput() throws {
        let tree = try BatchTree()
        try tree.write("d/report.docx", "PK\u{3}\u{4} not really a zip archive")
        try tree.write("o/report.md", "# Mine\n")
        let own = try BatchRun.run(["convert", "d", "-o", "o"], in: tree)
        #expect(own.status == 1)
        #expect(tree.read("o/report.md") == "# Mine\n", "never written by anydoc, so never removed")

        try tree.copy("docx/lists.docx", to: "e/sub/x.docx")
        #expect(try BatchRun.run(["convert", "e", "-o", "p"], in: tree).status == 0)
        #expect(tree.exists("p/sub/x.md"))
        try FileManager.default.removeItem(atPath: tree.path("p/sub"))
        try tree.write("victim/x.md", "keep\n")
        try tree.link("p/sub", to: "../victim")
        let planted = try BatchRun.run(["convert", "e", "-o", "p"], in: tree)
        #expect(planted.status == 1, "\(planted.errorOutput)")
        #expect(tree.read("victim/x.md") == "keep\n", "removed through a link: \(planted.errorOutput)")
    }

    @Test func anOutputFolderInsideTheInputFolderIsNeverReadAsInput() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/a.docx")
        #expect(try BatchRun.run(["convert", "d", "-o", "d/out", "--assets", "d/img"], in: tree).status == 0)
        let second = try BatchRun.run(["convert", "d", "-o", "d/out", "--assets", "d/img"], in: tree)
        #expect(second.status == 0)
        #expect(tree.files(below: "d/out").filter { $0.hasSuffix(".md") } == ["a.md"])
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedRunRemovesItsTemporaryFilesReportsAndExits130(signal: Int32) throws {
        let tree = try BatchTree()
        for number in 0..<400 { try tree.copy("pdf/two-columns.pdf", to: "d/f\(number).pdf") }
        let (process, _, errorPath) = try BatchRun.start(["convert", "d", "-o", "o", "--jobs", "1", "--report", "r.jsonl"], in: tree)
        let deadline = Date().addingTimeInterval(30)
        func written() -> Int { ((try? FileManager.default.contentsOfDirectory(atPath: tree.path("o"))) ?? []).filter { $0.hasSuffix(".md") }.count }
        while process.isRunning, Date() < deadline, written() < 3 { usleep(1_000) }
        #expect(process.isRunning, "the batch ended before it could be interrupted")
        kill(process.processIdentifier, signal)
        let stop = Date().addingTimeInterval(20)
        while process.isRunning, Date() < stop { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        let left = tree.files(below: "o")
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left.filter { $0.hasSuffix(".tmp") })")
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        #expect(errors.contains("Interrupted: converted"), "\(errors)")
        let converted = tree.files(below: "o").filter { $0.hasSuffix(".md") }.count
        #expect(converted >= 3 && converted < 400)
        // What the interruption itself writes is still written.
        #expect(tree.exists("r.jsonl") && tree.exists("o/.anydoc-manifest.json"), "\(errors)")
    }

    // MARK: - What the batch tells

    /// A run killed while it writes an output leaves no temporary file
    /// behind: the output is made without a name and linked in whole.
    @Test func aKilledRunLeavesNoTemporaryFile() throws {
        let tree = try BatchTree()
        try tree.write("d/big.md", String(repeating: "A line of text that goes on for a while.\n", count: 1_000_000))
        try tree.makeFolder(for: "o/x")
        let folder = try #require(realpath(tree.path("o"), nil).map { String(cString: $0) })
        let (process, _, _) = try BatchRun.start(["convert", "d", "-o", "o", "--jobs", "1"], in: tree)
        let pid = process.processIdentifier
        let deadline = Date().addingTimeInterval(60)
        var caught = false
        while !caught, process.isRunning, Date() < deadline {
            if BatchRun.openFiles(of: pid).contains(where: { $0.hasPrefix(folder + "/") && !$0.hasSuffix(".json") }) {
                kill(pid, SIGKILL)
                caught = true
            } else {
                usleep(200)
            }
        }
        process.waitUntilExit()
        try #require(caught, "never caught writing")
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: tree.path("o"))) ?? []).filter { $0.hasPrefix(".anydoc-") && $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "\(left)")
        #expect(!tree.exists("o/big.md"))
    }

    /// An output the user names that is a FIFO or a device (`-o
    /// /dev/null`) is written into, never replaced by a regular file.
    @Test func aNamedFIFOOutputIsWrittenIntoNotReplaced() throws {
        let tree = try BatchTree()
        try tree.write("a.md", "# Through the pipe\n")
        try tree.copy("docx/lists.docx", to: "d/b.docx")
        for (arguments, fifo) in [(["convert", "a.md", "-o", "out.md"], "out.md"), (["convert", "d", "-o", "o", "--report", "r.jsonl"], "r.jsonl")] {
            #expect(mkfifo(tree.path(fifo), 0o644) == 0)
            nonisolated(unsafe) var received = Data()
            let path = tree.path(fifo)
            let reader = Thread {
                let descriptor = open(path, O_RDONLY)
                guard descriptor >= 0 else { return }
                defer { close(descriptor) }
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count <= 0 { break }
                    received.append(contentsOf: buffer[0..<count])
                }
            }
            reader.start()
            let run = try BatchRun.run(arguments, in: tree, seconds: 30)
            #expect(run.status == 0, "\(arguments): \(run.errorOutput)")
            let deadline = Date().addingTimeInterval(10)
            while !reader.isFinished, Date() < deadline { usleep(1_000) }
            var info = stat()
            #expect(lstat(tree.path(fifo), &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "\(fifo) was replaced")
            #expect(!received.isEmpty, "\(fifo): nothing came through")
        }
    }

    @Test func quietStillPrintsFailures() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/good.docx")
        try tree.write("d/bad.docx", "PK\u{3}\u{4} broken")
        let run = try BatchRun.run(["convert", "d", "-o", "o", "-q"], in: tree)
        #expect(run.status == 1)
        #expect(run.errorOutput.contains("d/bad.docx"), "\(run.errorOutput)")
        #expect(!run.errorOutput.contains("Converted"))
    }

    /// `-q` drops the summary, not what must be said: a document that
    /// gave no text is still named.
    @Test func quietStillSaysWhenADocumentGaveNoText() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/good.docx")
        try tree.write("d/empty.html", "<html><body><p></p></body></html>")
        let run = try BatchRun.run(["convert", "d", "-o", "o", "-q"], in: tree)
        #expect(run.status == 0)
        #expect(run.errorOutput.contains("anydoc: warning: d/empty.html: no text was found"), "\(run.errorOutput)")
        #expect(!run.errorOutput.contains("good.docx"))
    }

    /// A file name holding a newline prints escaped, as one line: it
    /// cannot forge an error line of its own, in a batch or alone.
    @Test func aNewlineInAFileNameCannotForgeALine() throws {
        let tree = try BatchTree()
        let name = "x\nanydoc: error: forged.docx"
        try tree.write("d/" + name, "PK\u{3}\u{4} broken")
        let batch = try BatchRun.run(["convert", "d", "-o", "o"], in: tree)
        let single = try BatchRun.run(["convert", "d/" + name], in: tree)
        let detect = try BatchRun.run(["detect", "d/" + name, "d/missing\nanydoc: error: forged.pdf"], in: tree)
        for run in [batch, single, detect] {
            #expect(run.status != 0)
            let lines = run.errorOutput.split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("anydoc: error: forged") }, "\(run.errorOutput)")
            #expect(run.errorOutput.contains("\\x0aanydoc: error: forged"), "\(run.errorOutput)")
        }
    }

    /// `--chunks -o FOLDER` names its files as a batch names Markdown, so
    /// `a.docx` and `a.txt` keep a file each; a FIFO among several inputs
    /// is skipped unread, as the batch skips it.
    @Test func chunkFilesNeverShareANameNorWaitOnAFIFO() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/a.docx")
        try tree.write("d/a.txt", "Plain words of the text file.\n")
        let folder = try BatchRun.run(["convert", "--chunks", "d", "-o", "o"], in: tree)
        #expect(folder.status == 0, "\(folder.errorOutput)")
        let names = tree.files(below: "o").filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(names == ["a.docx.jsonl", "a.txt.jsonl"], "\(names)")
        #expect(tree.read("o/a.txt.jsonl")?.contains("Plain words") == true)

        #expect(mkfifo(tree.path("f.txt"), 0o644) == 0)
        let fifo = try BatchRun.run(["convert", "--chunks", "d/a.txt", "f.txt", "-o", "p"], in: tree, seconds: 20)
        #expect(!fifo.timedOut, "waited on the FIFO")
        #expect(fifo.status == 1)
        #expect(fifo.errorOutput.contains("f.txt: I/O: not a regular file"), "\(fifo.errorOutput)")
    }

    /// `-` among a batch's inputs is standard input, never a file named `-`.
    @Test func aDashAmongTheInputsIsStandardInput() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "x.docx")
        try tree.write("-", "# Not this file\n")
        let run = try BatchRun.run(["convert", "-", "x.docx", "-o", "o"], in: tree, input: "# From standard input\n")
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(tree.read("o/stdin.md") == "# From standard input\n")
    }

    /// `detect` never waits on a FIFO nobody writes to, and reads a device
    /// only as far as detection needs, then goes on to the next name.
    @Test func detectNeitherWaitsOnAFIFONorReadsADeviceWhole() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "a.docx")
        #expect(mkfifo(tree.path("f"), 0o644) == 0)
        try tree.link("zero.txt", to: "/dev/zero")
        let run = try BatchRun.run(["detect", "f", "zero.txt", "a.docx"], in: tree, seconds: 20)
        #expect(!run.timedOut, "waited on the FIFO")
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output == "f\tunknown\nzero.txt\tunknown\na.docx\tdocx\n", "\(run.output)")
    }

    @Test func filesWithoutAKnownExtensionAreDetectedByContentUnlessExtensionsAreGiven() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/report.bin")
        try tree.write("d/NOTES", "Plain notes without an extension.\n")
        try tree.write("d/blob.dat", String(repeating: "\u{0}\u{1}\u{2}\u{3}", count: 64))
        let run = try BatchRun.run(["convert", "d", "-o", "o", "--report", "r.jsonl"], in: tree)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(tree.read("o/NOTES.md")?.contains("Plain notes") == true)
        #expect(tree.exists("o/report.md"))
        let report = try tree.report("r.jsonl")
        let byPath = Dictionary(uniqueKeysWithValues: report.map { ($0["path"] as? String ?? "", $0) })
        #expect(byPath["d/report.bin"]?["format"] as? String == "docx")
        #expect(byPath["d/NOTES"]?["format"] as? String == "txt")
        #expect(byPath["d/blob.dat"]?["status"] as? String == "skipped")
        for line in report where line["status"] as? String == "ok" {
            #expect((line["bytes_in"] as? Int ?? 0) > 0 && (line["bytes_out"] as? Int ?? 0) > 0 && line["milliseconds"] is Double)
            #expect(line["output"] is String)
        }

        let restricted = try BatchRun.run(["convert", "d", "-o", "o2", "--extensions", "bin"], in: tree)
        #expect(restricted.status == 0)
        #expect(tree.files(below: "o2").filter { $0.hasSuffix(".md") } == ["report.md"])
    }

    @Test func filesFromReadsAListByLinesOrNULs() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "d/one two.docx")
        try tree.copy("docx/tables.docx", to: "d/sub/three.docx")
        try tree.write("list.txt", "d/one two.docx\nd/sub/three.docx\n")
        let lines = try BatchRun.run(["convert", "--files-from", "list.txt", "-o", "o"], in: tree)
        #expect(lines.status == 0, "\(lines.errorOutput)")
        #expect(tree.files(below: "o").filter { $0.hasSuffix(".md") } == ["d/one two.md", "d/sub/three.md"])
        try tree.copy("docx/lists.docx", to: "escape.docx")
        let nul = try BatchRun.run(["convert", "--files-from", "-", "-0", "-o", "o2"], in: tree, input: "d/sub/three.docx\u{0}d/../escape.docx\u{0}")
        #expect(nul.status == 0, "\(nul.errorOutput)")
        #expect(tree.exists("o2/d/sub/three.md"))
        // `..` in a listed path never leads out of the output folder.
        #expect(tree.files(below: "o2").filter { $0.hasSuffix(".md") }.count == 2)
        #expect(!tree.exists("escape.md") && !tree.exists("o2/../escape.md"))
    }
}

/// `--assets` in a folder someone else may have prepared: links planted
/// there are replaced, never written through, and every image link
/// resolves from the Markdown file that holds it.
@Suite struct BatchAssetsProcessTests {
    static let pictures = "pptx/text-links-pictures.pptx"

    @Test func aLinkPlantedInTheAssetsFolderIsReplacedNotWrittenThrough() throws {
        let tree = try BatchTree()
        try tree.copy(Self.pictures, to: "d/deck.pptx")
        try tree.write("victim.txt", "precious\n")
        try tree.link("img/deck/image1.png", to: "../../victim.txt")
        try tree.write("elsewhere/keep.txt", "x\n")
        try tree.link("img2/deck", to: "../elsewhere")

        let run = try BatchRun.run(["convert", "d", "-o", "o", "--assets", "img"], in: tree)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(tree.read("victim.txt") == "precious\n")
        var info = stat()
        #expect(lstat(tree.path("img/deck/image1.png"), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG)

        let planted = try BatchRun.run(["convert", "d", "-o", "o2", "--assets", "img2"], in: tree)
        #expect(planted.status == 1, "a folder link inside the assets folder fails that document")
        #expect(tree.files(below: "elsewhere") == ["keep.txt"])
        #expect(!tree.exists("o2/deck.md"))
    }

    /// An assets folder that would also hold Markdown outputs is refused:
    /// a document's images, named by the document (a part may be called
    /// `b.md`), could replace another input's Markdown there.
    @Test func anAssetsFolderThatHoldsOutputsIsRefused() throws {
        let tree = try BatchTree()
        try tree.copy(Self.pictures, to: "d/deck.pptx")
        try tree.copy("docx/lists.docx", to: "d/deck/b.docx")
        for assets in ["o", "o/deck"] {
            let run = try BatchRun.run(["convert", "d", "-o", "o", "--assets", assets], in: tree)
            #expect(run.status == 2, "\(assets): \(run.errorOutput)")
            #expect(tree.files(below: "o").filter { $0.hasSuffix(".md") }.isEmpty)
        }
        let apart = try BatchRun.run(["convert", "d", "-o", "o", "--assets", "o/images"], in: tree)
        #expect(apart.status == 0, "\(apart.errorOutput)")
    }

    @Test func everyImageLinkResolvesFromTheMarkdownFileThatHoldsIt() throws {
        let tree = try BatchTree()
        try tree.copy(Self.pictures, to: "d/a/b/deck.pptx")
        try tree.copy(Self.pictures, to: "d/top.pptx")
        let batch = try BatchRun.run(["convert", "d", "-o", "out/md", "--assets", "media"], in: tree)
        #expect(batch.status == 0, "\(batch.errorOutput)")
        for output in ["out/md/a/b/deck.md", "out/md/top.md"] {
            let markdown = try #require(tree.read(output))
            #expect(ImageLinks.local(in: markdown).count == 2, "\(markdown)")
            #expect(ImageLinks.broken(inFileAt: tree.path(output)).isEmpty, "\(output): \(markdown)")
        }
        // Two documents never share an assets folder.
        #expect(tree.exists("media/a/b/deck/image1.png") && tree.exists("media/top/image1.png"))

        let single = try BatchRun.run(["convert", "d/top.pptx", "-o", "sub/doc.md", "--assets", "sub/img"], in: tree)
        #expect(single.status == 0, "\(single.errorOutput)")
        #expect(tree.read("sub/doc.md")?.contains("](img/image1.png)") == true)
        #expect(ImageLinks.broken(inFileAt: tree.path("sub/doc.md")).isEmpty)
    }

    @Test func namesOverTheFileSystemLimitAreShortenedNotFailed() throws {
        let tree = try BatchTree()
        let stem = String(repeating: "n", count: 248)
        try tree.copy("docx/lists.docx", to: "d/\(stem).docx")
        try tree.write("d/\(stem).txt", "the text twin\n")
        let run = try BatchRun.run(["convert", "d", "-o", "o", "--assets", "img"], in: tree)
        #expect(run.status == 0, "\(run.errorOutput)")
        let outputs = tree.files(below: "o").filter { $0.hasSuffix(".md") }
        #expect(outputs.count == 2 && outputs.allSatisfy { $0.utf8.count <= 255 })
    }
}
