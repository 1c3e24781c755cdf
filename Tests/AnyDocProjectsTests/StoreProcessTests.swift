import Foundation
import Testing
@testable import AnyDocProjects

/// The store driven through the real `anydoc` binary, as several users
/// and scripts would: commands at once, processes killed half-way, stores
/// damaged by hand, trees that hold traps.
@Suite(.serialized) struct StoreProcessTests {
    static func run(_ arguments: [String], _ fixture: Fixture, within seconds: Double = 120) throws -> (AnydocProcess.Outcome, timedOut: Bool) {
        let (process, output, error) = try AnydocProcess.start(arguments, logsIn: fixture.folder)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (AnydocProcess.collect(process, output, error), timedOut)
    }

    static func anydoc(_ arguments: [String], _ fixture: Fixture) throws -> AnydocProcess.Outcome {
        let (outcome, timedOut) = try run(arguments + ["--store", fixture.storePath], fixture)
        #expect(!timedOut, "anydoc \(arguments) did not finish")
        return outcome
    }

    static func writeDocuments(_ fixture: Fixture, folder: String = "", count: Int) throws {
        for index in 0..<count {
            try fixture.write(folder + "d\(index).md", "# Document \(index)\n\nParagraph \(index) about harbours, gulls and tides.\n")
        }
    }

    /// A collection with no grace period at all, run over and over while
    /// ingests, removals, deletions and reads go on: every committed
    /// version keeps its objects.
    @Test func gcIngestRemoveAndReadTogetherNeverLoseAReferencedObject() throws {
        let fixture = try Fixture()
        try Self.writeDocuments(fixture, count: 30)
        #expect(try Self.anydoc(["ingest", fixture.documents, "-p", "Base", "-q"], fixture).status == 0)
        let stop = Date().addingTimeInterval(12)
        var round = 0
        while Date() < stop {
            let project = "P\(round)"
            var running: [(Process, String, String)] = []
            for arguments in [
                ["ingest", fixture.documents, "-p", project, "-q"],
                ["store", "gc", "--grace", "0"],
                ["resources", "remove", "d\(round % 30).md", "-p", "Base"],
                ["store", "gc", "--grace", "0"],
                ["resources", "read", "d\((round + 1) % 30).md", "-p", "Base"],
                ["projects", "delete", "P\(round - 1)"],
            ] {
                running.append(try AnydocProcess.start(arguments + ["--store", fixture.storePath], logsIn: fixture.folder))
            }
            for (index, (process, output, error)) in running.enumerated() {
                process.waitUntilExit()
                let outcome = AnydocProcess.collect(process, output, error)
                #expect(!outcome.errorOutput.contains("corrupt") && !outcome.errorOutput.contains("locked"), "\(outcome.errorOutput)")
                if index == 0 { #expect(outcome.status == 0, "the ingest failed: \(outcome.errorOutput)") }
            }
            round += 1
        }
        let verify = try Self.anydoc(["store", "verify"], fixture)
        #expect(verify.status == 0, "after \(round) rounds: \(verify.output)")
        #expect(round >= 3)
    }

    /// Ingests and collections killed at random points leave a store that
    /// verifies clean, and the next ingest finishes the work.
    @Test func processesKilledAtRandomPointsLeaveAStoreThatVerifies() throws {
        let fixture = try Fixture()
        try Self.writeDocuments(fixture, count: 40)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<8 {
            let ingest = try AnydocProcess.start(["ingest", fixture.documents, "-p", "K\(round % 3)", "-q", "--store", fixture.storePath],
                                                 logsIn: fixture.folder)
            let gc = try AnydocProcess.start(["store", "gc", "--grace", "0", "--store", fixture.storePath], logsIn: fixture.folder)
            usleep(UInt32.random(in: 5_000...250_000, using: &generator))
            for process in [ingest.0, gc.0] where process.isRunning { kill(process.processIdentifier, SIGKILL) }
            ingest.0.waitUntilExit()
            gc.0.waitUntilExit()
            // A first ingest killed before it made the database left no store.
            guard FileManager.default.fileExists(atPath: fixture.storePath + "/store.sqlite") else { continue }
            let verify = try Self.anydoc(["store", "verify"], fixture)
            #expect(verify.status == 0, "round \(round): \(verify.output) \(verify.errorOutput)")
        }
        let finish = try Self.anydoc(["ingest", fixture.documents, "-p", "K0", "--json"], fixture)
        #expect(finish.status == 0)
        #expect(try Self.anydoc(["resources", "list", "-p", "K0", "--json"], fixture).output.components(separatedBy: "\"path\"").count - 1 == 40)
        #expect(try Self.anydoc(["store", "verify"], fixture).status == 0)
    }

    @Test func concurrentIngestsIntoANewStoreNeverFailOnTheLock() throws {
        let fixture = try Fixture()
        try Self.writeDocuments(fixture, count: 3)
        var failures: [String] = []
        for round in 0..<40 {
            let store = fixture.folder + "/store-\(round)"
            let processes = try (0..<3).map { index in
                try AnydocProcess.start(["ingest", fixture.documents, "-p", "P\(index % 2)", "-q", "--store", store], logsIn: fixture.folder)
            }
            for (process, output, error) in processes {
                process.waitUntilExit()
                let outcome = AnydocProcess.collect(process, output, error)
                if outcome.status != 0 { failures.append(outcome.errorOutput) }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    @Test func damagedObjectsFailReadsAndVerifyRepairRestoresThem() throws {
        let fixture = try Fixture()
        try fixture.copyDocuments(["sample-inventory.csv"], chinese: false)
        #expect(try Self.anydoc(["ingest", fixture.documents, "-p", "P", "-q"], fixture).status == 0)
        let version = try ProjectStore(root: fixture.storePath).version(of: "sample-inventory.csv", in: "P")
        let store = try ProjectStore(root: fixture.storePath)
        try flipByte(in: store.objects.path(of: version.markdownSha256!))
        try flipByte(in: store.objects.path(of: version.sourceSha256!))

        let read = try Self.anydoc(["resources", "read", "sample-inventory.csv", "-p", "P"], fixture)
        #expect(read.status == 1 && read.output.isEmpty)
        #expect(read.errorOutput.contains("corrupt") || read.errorOutput.contains("damaged"))
        #expect(read.errorOutput.contains(version.markdownSha256!))

        let unrepaired = try Self.anydoc(["store", "verify", "--repair"], fixture)
        #expect(unrepaired.status == 1 && unrepaired.output.contains("cannot restore \(version.sourceSha256!)"))
        let repaired = try Self.anydoc(["store", "verify", "--repair", fixture.documents], fixture)
        #expect(repaired.status == 0, "\(repaired.output)")
        #expect(try Self.anydoc(["resources", "read", "sample-inventory.csv", "-p", "P"], fixture).status == 0)
    }

    @Test func anEmptiedDatabaseStopsGcAndVerifyInsteadOfPassingForANewStore() throws {
        let fixture = try Fixture()
        try Self.writeDocuments(fixture, count: 5)
        #expect(try Self.anydoc(["ingest", fixture.documents, "-p", "P", "-q"], fixture).status == 0)
        let objectsBefore = try ProjectStore(root: fixture.storePath).objects.entries().count
        #expect(truncate(fixture.storePath + "/store.sqlite", 0) == 0)
        for command in [["store", "gc", "--grace", "0"], ["store", "verify"], ["ingest", fixture.documents, "-p", "P"]] {
            let outcome = try Self.anydoc(command, fixture)
            #expect(outcome.status == 1, "\(command)")
            #expect(outcome.errorOutput.contains("missing or empty"), "\(command): \(outcome.errorOutput)")
        }
        try FileManager.default.removeItem(atPath: fixture.storePath + "/store.sqlite")
        #expect(try Self.anydoc(["store", "gc", "--grace", "0"], fixture).status != 0)
        let remaining = try FileManager.default.subpathsOfDirectory(atPath: fixture.storePath + "/objects").filter { $0.count > 3 }
        #expect(remaining.count == objectsBefore)
    }

    /// Arguments the store refuses are usage errors (exit 2), as the
    /// command line's own are: an empty project name, an empty query, one
    /// with too many words; and `--shard` without the `--jsonl` it divides.
    @Test func refusedArgumentsAreUsageErrors() throws {
        let fixture = try Fixture()
        try fixture.write("a.md", "# A\n\nText.\n")
        #expect(try Self.anydoc(["ingest", fixture.documents, "-p", "P"], fixture).status == 0)
        let words = (0..<40).map { "w\($0)" }.joined(separator: " ")
        for command in [["ingest", fixture.documents, "-p", ""], ["resources", "search", "", "-p", "P"],
                        ["resources", "search", words, "-p", "P"], ["convert", fixture.documents + "/a.md", "--shard", "1/2"]] {
            let outcome = try Self.anydoc(command, fixture)
            #expect(outcome.status == 2, "\(command): \(outcome.errorOutput)")
        }
    }

    @Test func aMistypedStoreIsAUsageErrorAndCreatesNothing() throws {
        let fixture = try Fixture()
        let missing = fixture.folder + "/typo"
        for command in [["store", "verify"], ["store", "gc"], ["resources", "list", "-p", "P"], ["projects", "list"],
                        ["resources", "search", "x", "-p", "P"], ["resources", "read", "a.md", "-p", "P"]] {
            let (outcome, _) = try Self.run(command + ["--store", missing], fixture)
            #expect(outcome.status == 2, "\(command): \(outcome.errorOutput)")
            #expect(outcome.errorOutput.contains("no store at"))
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    /// A FIFO and a link to a file outside the tree sit among the
    /// documents: the ingest ends, says why it skipped them, and the
    /// outside file is never stored.
    @Test func ingestOfATreeWithAFifoAndOutwardLinksEndsAndStoresNeither() throws {
        let fixture = try Fixture()
        try Self.writeDocuments(fixture, count: 2)
        #expect(mkfifo(fixture.documents + "/waiting.md", 0o600) == 0)
        let outside = fixture.folder + "/private.md"
        try Data("# Private\n\nThe word zanzibar must stay out.\n".utf8).write(to: URL(fileURLWithPath: outside))
        #expect(symlink(outside, fixture.documents + "/link.md") == 0)
        #expect(symlink("/etc/passwd", fixture.documents + "/passwd.txt") == 0)
        let (outcome, timedOut) = try Self.run(["ingest", fixture.documents, "-p", "P", "--store", fixture.storePath], fixture, within: 60)
        #expect(!timedOut)
        #expect(outcome.status == 0, "\(outcome.errorOutput)")
        #expect(outcome.errorOutput.contains("waiting.md: not a regular file"))
        #expect(outcome.errorOutput.contains("link.md: a symbolic link to"))
        for word in ["zanzibar", "root"] {
            #expect(try Self.anydoc(["resources", "search", word, "-p", "P", "--json"], fixture).decode([SearchHit].self).isEmpty)
        }
        #expect(try Self.anydoc(["resources", "search", "gulls", "-p", "P", "--json"], fixture).decode([SearchHit].self).count == 2)
    }

    /// A folder the ingesting user cannot read is a failure in the summary,
    /// not a silent gap. Root reads everything, so the run drops to nobody.
    @Test(.enabled(if: getuid() == 0 && AnydocProcess.findProgram("setpriv") != nil, "needs root and setpriv"))
    func anUnreadableFolderIsReportedAsAFailure() throws {
        let fixture = try Fixture()
        try Self.writeDocuments(fixture, count: 2)
        try fixture.write("locked/inside.md", "# Locked\n")
        chmod(fixture.folder, 0o755)
        chmod(fixture.documents, 0o755)
        chmod(fixture.documents + "/locked", 0o700)
        let storeParent = fixture.folder + "/nobody"
        try FileManager.default.createDirectory(atPath: storeParent, withIntermediateDirectories: true)
        chown(storeParent, 65534, 65534)
        for file in CorpusFolder.files(below: fixture.documents) { chmod(fixture.documents + "/" + file, 0o644) }
        // The binary must be reachable by nobody too.
        let binary = try #require(AnydocProcess.executable)
        let copy = fixture.folder + "/anydoc"
        try FileManager.default.copyItem(atPath: binary, toPath: copy)
        chmod(copy, 0o755)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(AnydocProcess.findProgram("setpriv")))
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", copy, "ingest", fixture.documents,
                             "-p", "P", "--store", storeParent + "/store"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(text)")
        #expect(text.contains("failed \(fixture.documents)/locked: io: cannot read the folder"), "\(text)")
        #expect(text.contains("2 added"))
    }
}
