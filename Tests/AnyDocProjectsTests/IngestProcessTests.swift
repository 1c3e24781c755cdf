import Foundation
import Testing
@testable import AnyDocProjects

/// Ingests through the real executable where process behaviour matters:
/// versions across runs, a crash in the middle, two writers at once.
@Suite(.serialized, .enabled(if: CorpusFolder.isPresent, "needs the corpus at ../shared/corpus"))
struct IngestProcessTests {
    static let project = "Process Tests"

    @Test func changedFileMakesExactlyOneVersionAndTheOldOneStaysReadable() throws {
        let fixture = try Fixture()
        let changed = "md/docling_duck.md"
        try CorpusFolder.copy([
            changed, "txt/gen_chinese_gb18030.txt", "csv/gen_products_gbk.csv", "docx/pandoc_lists.docx",
            "pptx/poi_with_japanese.pptx", "xlsx/tika_testEXCEL_phonetic.xlsx",
        ], to: fixture.documents)
        func anydoc(_ arguments: [String]) throws -> AnydocProcess.Outcome {
            try AnydocProcess.run(arguments + ["--store", fixture.storePath], logsIn: fixture.folder)
        }
        func ingest() throws -> IngestSummary {
            let outcome = try anydoc(["ingest", fixture.documents, "--project", Self.project, "--jobs", "2", "--json"])
            #expect(outcome.status == 0, "\(outcome.output)\(outcome.errorOutput)")
            return try outcome.decode(IngestSummary.self)
        }

        let first = try ingest()
        #expect(first.added == 6 && first.failed.isEmpty)
        let v1 = try anydoc(["resources", "read", changed, "--project", Self.project]).output
        #expect(v1.contains("duck"))
        let unchanged = try ingest()
        #expect(unchanged.added == 0 && unchanged.updated == 0 && unchanged.unchanged == 6)

        let appended = "\n\nA heron waded past the duck pond at dawn.\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fixture.documents + "/" + changed))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(appended.utf8))
        try handle.close()
        let second = try ingest()
        #expect(second.updated == 1 && second.added == 0 && second.unchanged == 5)
        #expect(second.items.filter { $0.outcome == .updated }.map(\.path) == [changed])

        let history = try anydoc(["resources", "history", changed, "--project", Self.project, "--json"]).decode([ResourceVersion].self)
        #expect(history.map(\.number) == [1, 2])
        #expect(history[0].resourceId == history[1].resourceId)
        let latest = try anydoc(["resources", "read", changed, "--project", Self.project]).output
        #expect(latest == v1 + appended)
        // The old version by number, by either hash, and by a hash prefix.
        #expect(try anydoc(["resources", "read", changed + "@v1", "--project", Self.project]).output == v1)
        #expect(try anydoc(["resources", "read", try #require(history[0].markdownSha256), "--project", Self.project]).output == v1)
        #expect(try anydoc(["resources", "read", try #require(history[0].sourceSha256), "--project", Self.project]).output == v1)
        #expect(try anydoc(["resources", "read", changed, "--version", String(history[0].markdownSha256!.prefix(12)),
                            "--project", Self.project]).output == v1)
        // Search sees only the live version.
        let hits = try anydoc(["resources", "search", "heron", "--project", Self.project, "--json"]).decode([SearchHit].self)
        #expect(hits.map(\.path) == [changed] && hits.map(\.version) == [2])
        #expect(try anydoc(["store", "verify"]).status == 0)
    }

    @Test func killedIngestLeavesACleanStoreAndTheRerunConvertsOnlyWhatIsMissing() throws {
        let fixture = try Fixture()
        let folders = ["docx", "pptx", "xlsx", "odt", "epub", "html", "pdf"]
        let names = CorpusFolder.files(below: CorpusFolder.root).filter { folders.contains(String($0.prefix(while: { $0 != "/" }))) }
        try CorpusFolder.copy(names, to: fixture.documents)
        let total = names.count
        #expect(total > 150)

        // Kill the ingest once it has committed some documents, well before the end.
        let (process, _, _) = try AnydocProcess.start(
            ["ingest", fixture.documents, "--project", Self.project, "--store", fixture.storePath, "--jobs", "2", "--quiet"],
            logsIn: fixture.folder)
        var committedBeforeKill = 0
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline {
            if FileManager.default.fileExists(atPath: fixture.storePath + "/store.sqlite"),
               let count = try? ProjectStore(root: fixture.storePath).resources(in: Self.project, limit: 1000).count, count >= 8 {
                committedBeforeKill = count
                break
            }
            usleep(20_000)
        }
        try #require(process.isRunning, "the ingest ended before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)

        let store = try ProjectStore(root: fixture.storePath)
        let committed = try store.resources(in: Self.project, limit: 1000)
        #expect(committed.count >= committedBeforeKill && committed.count < total)
        #expect(committed.allSatisfy { $0.latestVersion == 1 && !$0.deleted })
        // Every committed version is whole: its objects are there and readable.
        for resource in committed {
            let version = try store.version(of: resource.path, in: Self.project)
            #expect(try store.source(of: version).count == version.sourceBytes)
            #expect(try store.markdown(of: version).utf8.count == version.markdownBytes)
        }
        let verifyAfterCrash = try AnydocProcess.run(["store", "verify", "--store", fixture.storePath, "--json"], logsIn: fixture.folder)
        #expect(verifyAfterCrash.status == 0, "\(verifyAfterCrash.output)")
        let crashReport = try verifyAfterCrash.decode(VerifyReport.self)
        #expect(crashReport.problems.isEmpty && crashReport.databaseCheck == "ok")

        // The rerun skips what was committed and converts the rest.
        let rerun = try AnydocProcess.run(
            ["ingest", fixture.documents, "--project", Self.project, "--store", fixture.storePath, "--jobs", "2", "--json"],
            logsIn: fixture.folder)
        let summary = try rerun.decode(IngestSummary.self)
        #expect(summary.unchanged == committed.count)
        #expect(summary.added + summary.failed.count == total - committed.count)
        #expect(summary.updated == 0)
        #expect(Set(summary.items.filter { $0.outcome == .unchanged }.map(\.path)) == Set(committed.map(\.path)))
        let resources = try store.resources(in: Self.project, limit: 1000)
        #expect(resources.count == total - summary.failed.count)
        #expect(resources.allSatisfy { $0.latestVersion == 1 })

        // Objects the killed run stored but never committed are garbage.
        let collect = try AnydocProcess.run(["store", "gc", "--grace", "0", "--store", fixture.storePath, "--json"], logsIn: fixture.folder)
        let garbage = try collect.decode(GarbageReport.self)
        #expect(garbage.keptRecent == 0 && garbage.kept > 0)
        let verify = try AnydocProcess.run(["store", "verify", "--store", fixture.storePath, "--json"], logsIn: fixture.folder)
        #expect(verify.status == 0, "\(verify.output)")
        let report = try verify.decode(VerifyReport.self)
        #expect(report.problems.isEmpty && report.objectsChecked == garbage.kept)
    }

    /// On a terminal (a pseudo-terminal from `script`, 80 columns) the
    /// progress line redraws in place and never wraps, even for names in
    /// double-width characters; with `--json` standard output holds only
    /// the JSON while the progress line still goes to the terminal.
    @Test(.enabled(if: AnydocProcess.findProgram("script") != nil, "needs script(1) for a terminal"))
    func progressLineOnATerminalNeverWrapsAndJSONStaysClean() throws {
        let fixture = try Fixture()
        let longName = String(repeating: "数据转换工具测试", count: 8)
        for index in 0..<30 {
            let name = index % 2 == 0 ? "\(longName)-\(index).md" : "plain-\(index).md"
            try fixture.write("docs/" + name, "# Note \(index)\n\nText \(index).\n")
        }
        let binary = try #require(AnydocProcess.executable)
        let jsonPath = fixture.folder + "/summary.json"
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        for json in [false, true] {
            var command = [binary, "ingest", fixture.documents + "/docs", "--project", "Terminal \(json)", "--store", fixture.storePath]
                .map(quoted).joined(separator: " ")
            if json { command += " --json > " + quoted(jsonPath) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(AnydocProcess.findProgram("script")))
            process.arguments = ["-qec", command, "/dev/null"]
            let outputPath = fixture.folder + "/terminal-\(json).log"
            FileManager.default.createFile(atPath: outputPath, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
            process.standardInput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let screen = try String(contentsOfFile: outputPath, encoding: .utf8)

            let redraws = screen.components(separatedBy: "\r\u{1B}[K").dropFirst()
            // Each redraw up to the next erase; the last erase clears the line for the summary.
            let lines = redraws.map { $0.components(separatedBy: "\r\n")[0] }.filter { $0.hasPrefix("[") }
            #expect(lines.last?.hasPrefix("[30/30] ") == true, "\(lines)")
            for line in lines {
                let width = line.unicodeScalars.reduce(0) { $0 + (SearchQuery.isCJK($1) ? 2 : 1) }
                #expect(width < 80, "wraps at 80 columns: \(line)")
            }
            #expect(lines.contains { $0.contains("…") && $0.hasSuffix(".md") }, "a long name is shortened from the front: \(lines)")
            if json {
                // The summary is the JSON file's only content; the terminal got no summary text.
                let summary = try AnydocProcess.decode(IngestSummary.self, from: Data(contentsOf: URL(fileURLWithPath: jsonPath)))
                #expect(summary.added == 30)
                #expect(!screen.contains("Ingested into"))
            } else {
                // The line is erased before the summary, which ends the output.
                #expect(screen.contains("\r\u{1B}[KIngested into 'Terminal false': 30 added, 0 updated, 0 unchanged, 0 skipped, 0 failed ("))
                #expect(screen.hasSuffix(" s).\r\n"))
            }
        }
    }

    @Test func twoConcurrentIngestsIntoOneProjectLoseNothing() throws {
        let fixture = try Fixture()
        let copies = ["docx/pandoc_lists.docx", "pptx/poi_with_japanese.pptx", "xlsx/tika_testEXCEL_phonetic.xlsx", "csv/gen_products_gbk.csv"]
        for side in ["left", "right"] {
            try CorpusFolder.copy(copies, to: fixture.documents + "/" + side, prefix: side + "-")
            for index in 0..<20 {
                try fixture.write("\(side)/notes/\(side)-\(index).md", "# \(side) note \(index)\n\nWritten for the \(side)word batch, number \(index).\n")
            }
            // One logical path both sides write: two versions, in either order.
            try fixture.write("\(side)/shared.md", "# Shared\n\nThe \(side)word copy of the shared page.\n")
        }
        let runs = try ["left", "right"].map { side in
            try AnydocProcess.start(
                ["ingest", fixture.documents + "/" + side, "--project", Self.project, "--store", fixture.storePath, "--jobs", "2", "--json"],
                logsIn: fixture.folder)
        }
        var summaries: [IngestSummary] = []
        for (process, output, errorOutput) in runs {
            process.waitUntilExit()
            let outcome = AnydocProcess.collect(process, output, errorOutput)
            #expect(outcome.status == 0, "\(outcome.errorOutput)")
            summaries.append(try outcome.decode(IngestSummary.self))
        }
        let perSide = copies.count + 20
        #expect(summaries.allSatisfy { $0.failed.isEmpty && $0.items.count == perSide + 1 })
        #expect(summaries.map(\.added).reduce(0, +) == 2 * perSide + 1)
        #expect(summaries.map(\.updated).reduce(0, +) == 1)

        let store = try fixture.store()
        let resources = try store.resources(in: Self.project, limit: 1000)
        #expect(resources.count == 2 * perSide + 1)
        #expect(try store.history(of: "shared.md", in: Self.project).map(\.number) == [1, 2])
        for side in ["left", "right"] {
            let hits = try store.search(in: Self.project, query: side + "word", limit: 100)
            // The shared page holds only the side that committed last.
            #expect(hits.filter { $0.path.hasPrefix("notes/") }.count == 20)
            #expect(resources.filter { ($0.path as NSString).lastPathComponent.hasPrefix(side + "-") }.count == perSide)
        }
        #expect(try store.projects().map(\.name) == [Self.project])
        #expect(try AnydocProcess.run(["store", "verify", "--store", fixture.storePath], logsIn: fixture.folder).status == 0)
    }
}
