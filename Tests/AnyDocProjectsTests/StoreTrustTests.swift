import Dispatch
import Foundation
import Testing
import AnyDocSwift
@testable import AnyDocProjects

/// The store's promises under damage, concurrency and hostile trees:
/// nothing referenced is lost, nothing damaged is served, nothing outside
/// the ingested folder is read.
@Suite struct StoreTrustTests {
    /// Sets every object file's time two hours back, as a store left alone
    /// for a while looks to a garbage collection.
    static func ageObjects(_ store: ProjectStore) {
        var times = [timespec(tv_sec: time(nil) - 7200, tv_nsec: 0), timespec(tv_sec: time(nil) - 7200, tv_nsec: 0)]
        for entry in store.objects.entries() { utimensat(AT_FDCWD, entry.path, &times, 0) }
    }

    /// Unreferenced object files with valid names, as deleted projects
    /// leave them: they make a collection's pass long, and so its window
    /// for a race wide.
    static func addStaleObjects(_ store: ProjectStore, count: Int) throws {
        for index in 0..<count {
            let hash = SHA256.hex(Array("stale \(index) \(UUID())".utf8))
            let path = store.objects.path(of: hash)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data("stale".utf8)))
        }
    }

    static func writeDocuments(_ fixture: Fixture, count: Int) throws {
        for index in 0..<count {
            try fixture.write("d\(index).md", "# Document \(index)\n\nParagraph \(index) about lighthouses and tides.\n")
        }
    }

    @Test func garbageCollectionDuringIngestKeepsEveryReferencedObject() throws {
        let fixture = try Fixture()
        try Self.writeDocuments(fixture, count: 60)
        let store = try fixture.store()
        for round in 0..<3 {
            // The objects exist already, old and unreferenced: an ingest reuses
            // them while a collection decides they are garbage.
            _ = try Ingestion(store: store, jobs: 2).run([fixture.documents], project: "X\(round)")
            try store.deleteProject("X\(round)")
            try Self.addStaleObjects(store, count: 2500)
            Self.ageObjects(store)
            let finished = LockedArray()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                do {
                    let own = try ProjectStore(root: fixture.storePath)
                    if index == 0 {
                        let summary = try Ingestion(store: own, jobs: 2).run([fixture.documents], project: "Y\(round)")
                        finished.append(summary)
                    } else {
                        while finished.items.isEmpty {
                            _ = try own.collectGarbage()
                            usleep(1000)
                        }
                    }
                } catch {
                    finished.append(error)
                }
            }
            #expect(finished.items.allSatisfy { $0 is IngestSummary }, "\(finished.items)")
            // The stale files are not objects of their names; only what a
            // version needs counts here.
            let report = try store.verify()
            let lost = report.problems.filter { $0.problem == "missing" || !$0.referencedBy.isEmpty }
            #expect(lost.isEmpty && report.databaseCheck == "ok", "round \(round): \(lost)")
        }
    }

    @Test func damagedObjectIsRefusedWhenReadAndRewrittenByTheNextPut() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        let store = try fixture.store()
        _ = try Ingestion(store: store).run([fixture.documents], project: "P")
        let version = try store.version(of: "guide.md", in: "P")
        let hash = try #require(version.markdownSha256)
        try flipByte(in: store.objects.path(of: hash))

        #expect(throws: ProjectError.self) { try store.markdown(of: version) }
        do {
            _ = try store.markdown(of: version)
        } catch {
            #expect(error.code == "corrupt")
            #expect(error.message.contains(hash))
        }
        // The same bytes stored again replace the damaged file.
        try store.objects.put(Array(guideMarkdown.utf8))
        #expect(try store.markdown(of: version) == guideMarkdown)
    }

    @Test func theAgentsReadToolRefusesADamagedObject() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        let store = try fixture.store()
        _ = try Ingestion(store: store).run([fixture.documents], project: "P")
        try flipByte(in: store.objects.path(of: try store.version(of: "guide.md", in: "P").markdownSha256!))
        let tools = ResourceTools(store: store, defaultProject: "P")
        #expect(throws: ProjectError.self) { try tools.resourceRead(ResourceReadInput(resource: "guide.md")) }
        let reply = MCPServer(tools: tools).handle(line: """
            {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"resource_read","arguments":{"resource":"guide.md"}}}
            """)
        #expect(reply?.contains("\"isError\":true") == true)
        #expect(reply?.contains("corrupt") == true)
    }

    /// An object file grown far past the size the store recorded (a sparse
    /// 100 GB file) is damage found from its size: nothing is read, no
    /// memory is reserved for it.
    @Test func anObjectOfTheWrongSizeIsDamageFoundBeforeReading() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        let store = try fixture.store()
        _ = try Ingestion(store: store).run([fixture.documents], project: "P")
        let version = try store.version(of: "guide.md", in: "P")
        let path = store.objects.path(of: try #require(version.markdownSha256))
        #expect(truncate(path, 100 << 30) == 0)
        #expect { try store.markdown(of: version) } throws: { ($0 as? ProjectError)?.code == "corrupt" }
        let reply = MCPServer(tools: ResourceTools(store: store, defaultProject: "P")).handle(line: """
            {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"resource_read","arguments":{"resource":"guide.md"}}}
            """)
        #expect(reply?.contains("corrupt") == true, "\(reply ?? "")")
    }

    /// A FIFO in an object's place is reported by `verify`, and an ingest
    /// of the same file stores the object again, neither waiting on it.
    @Test func aFIFOInAnObjectsPlaceIsDamageNotAWait() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        let store = try fixture.store()
        let ingestion = Ingestion(store: store)
        _ = try ingestion.run([fixture.documents], project: "P")
        let path = store.objects.path(of: try #require(try store.version(of: "guide.md", in: "P").markdownSha256))
        #expect(unlink(path) == 0 && mkfifo(path, 0o600) == 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var report: VerifyReport?
        nonisolated(unsafe) var again: IngestSummary?
        DispatchQueue.global().async {
            report = try? store.verify()
            again = try? ingestion.run([fixture.documents], project: "P")
            done.signal()
        }
        if done.wait(timeout: .now() + 30) == .timedOut {
            // Let the blocked open go on so the test process can end.
            for _ in 0..<2 { close(open(path, O_WRONLY | O_NONBLOCK)) }
            Issue.record("waited on the FIFO")
            return
        }
        #expect(report?.isClean == false)
        #expect(report?.problems.contains { $0.file?.hasSuffix(String(path.suffix(20))) == true } == true, "\(String(describing: report))")
        #expect(again?.failed.isEmpty == true, "\(String(describing: again?.failed))")
        #expect(try store.markdown(of: store.version(of: "guide.md", in: "P")) == guideMarkdown)
    }

    /// A version whose hash is damaged leaves its object unnamed: garbage
    /// collection must not take it, nor anything while an object is missing.
    @Test func collectionRemovesNothingWhileReferencesAreDamaged() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        try fixture.write("notes.md", "# Notes\n\nOther text.\n")
        let store = try fixture.store()
        _ = try Ingestion(store: store).run([fixture.documents], project: "P")
        let guide = try #require(try store.version(of: "guide.md", in: "P").sourceSha256)
        let damaged = "@" + guide.dropFirst()
        _ = try store.withDatabase { try $0.run("UPDATE versions SET source_sha256 = ?, markdown_sha256 = ? WHERE source_sha256 = ?", damaged, damaged, guide) }
        StoreTrustTests.ageObjects(store)
        #expect { try store.collectGarbage(graceSeconds: 0) } throws: { ($0 as? ProjectError)?.code == "corrupt" }
        #expect(store.objects.isIntact(guide), "the only copy was collected")

        _ = try store.withDatabase { try $0.run("UPDATE versions SET source_sha256 = ?, markdown_sha256 = ? WHERE source_sha256 = ?", guide, guide, damaged) }
        let notes = try #require(try store.version(of: "notes.md", in: "P").sourceSha256)
        #expect(unlink(store.objects.path(of: notes)) == 0)
        #expect { try store.collectGarbage(graceSeconds: 0) } throws: { ($0 as? ProjectError)?.code == "corrupt" }
        #expect(store.objects.isIntact(guide))
    }

    /// `verify` checks what a quick check skips: a version whose resource
    /// row is gone (the document vanishes from lists) is damage.
    @Test func verifyFindsVersionsWhoseResourceIsGone() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        let store = try fixture.store()
        _ = try Ingestion(store: store).run([fixture.documents], project: "P")
        #expect(try store.verify().isClean)
        try store.withDatabase { database in
            try database.execute("PRAGMA foreign_keys=OFF")
            _ = try database.run("DELETE FROM resources WHERE path = ?", "guide.md")
            try database.execute("PRAGMA foreign_keys=ON")
        }
        let report = try store.verify()
        #expect(!report.isClean)
        #expect(report.databaseCheck.contains("versions"), "\(report.databaseCheck)")
    }

    @Test func ingestingTheSameSourceAgainRepairsItsDamagedObjects() throws {
        let fixture = try Fixture()
        try fixture.copyDocuments(["sample-inventory.csv"], chinese: false)
        let store = try fixture.store()
        let ingestion = Ingestion(store: store)
        _ = try ingestion.run([fixture.documents], project: "P")
        let version = try store.version(of: "sample-inventory.csv", in: "P")
        let expected = try store.markdown(of: version)
        try flipByte(in: store.objects.path(of: version.markdownSha256!))
        try flipByte(in: store.objects.path(of: version.sourceSha256!))

        let again = try ingestion.run([fixture.documents], project: "P")
        #expect(again.failed.isEmpty, "\(again.failed)")
        #expect(again.repaired == 1)
        #expect(try store.markdown(of: version) == expected)
        #expect(try store.verify().isClean)
    }

    @Test func repairRestoresFromSourcesAndSaysWhatItCannot() throws {
        let fixture = try Fixture()
        try fixture.copyDocuments(["sample-inventory.csv"], chinese: false)
        try fixture.write("guide.md", guideMarkdown + "\nA line of its own.\n")
        let store = try fixture.store()
        _ = try Ingestion(store: store).run([fixture.documents], project: "P")
        let csv = try store.version(of: "sample-inventory.csv", in: "P")
        let guide = try store.version(of: "guide.md", in: "P")
        // The CSV's Markdown can be made again from its intact source; the
        // guide's source and Markdown are one object, which only the original file restores.
        try flipByte(in: store.objects.path(of: csv.markdownSha256!))
        try FileManager.default.removeItem(atPath: store.objects.path(of: guide.sourceSha256!))

        let partial = try store.repair(from: [])
        #expect(partial.restored == [csv.markdownSha256!])
        #expect(partial.unrestorable.map(\.hash) == [guide.sourceSha256!])
        #expect(!(try store.verify().isClean))

        let full = try store.repair(from: [fixture.documents])
        #expect(full.restored == [guide.sourceSha256!])
        #expect(full.unrestorable.isEmpty)
        #expect(try store.verify().isClean)
        #expect(try store.markdown(of: guide).contains("A line of its own."))
    }

    @Test(arguments: ["emptied", "removed"])
    func aStoreWhoseDatabaseIsGoneIsRefusedNotTakenForANewOne(damage: String) throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        do {
            let store = try fixture.store()
            _ = try Ingestion(store: store).run([fixture.documents], project: "P")
        }
        let database = fixture.storePath + "/store.sqlite"
        if damage == "emptied" {
            #expect(truncate(database, 0) == 0)
        } else {
            try FileManager.default.removeItem(atPath: database)
        }
        for mode in [ProjectStore.OpenMode.create, .existing] {
            #expect(throws: ProjectError.self) { try ProjectStore(root: fixture.storePath, mode: mode) }
        }
        // Nothing was deleted on the way.
        let objects = try FileManager.default.subpathsOfDirectory(atPath: fixture.storePath + "/objects")
        #expect(objects.filter { !$0.hasPrefix(".") && $0.count > 2 }.count == 1)
    }

    @Test func openingAMissingStoreForReadingCreatesNothing() throws {
        let fixture = try Fixture()
        let missing = fixture.folder + "/no-such-store"
        #expect(throws: ProjectError.notFound("no store at \(missing)")) { try ProjectStore(root: missing, mode: .existing) }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func manyProcessesOpeningOneNewStoreAtOnceAllSucceed() throws {
        let fixture = try Fixture()
        let failures = LockedArray()
        for round in 0..<40 {
            let root = fixture.folder + "/store-\(round)"
            DispatchQueue.concurrentPerform(iterations: 6) { index in
                do {
                    let store = try ProjectStore(root: root)
                    if index % 2 == 0 {
                        _ = try store.ensureProject("P")
                    } else {
                        _ = try store.projects()
                    }
                } catch {
                    failures.append(error)
                }
            }
        }
        #expect(failures.items.isEmpty, "\(failures.items.prefix(3))")
    }

    @Test func ingestSkipsLinksOutOfTheTreeAndSpecialFilesAndReportsUnreadableFolders() throws {
        let fixture = try Fixture()
        try fixture.write("inside.md", "# Inside\n\nKept.\n")
        try fixture.write("sub/deep.md", "# Deep\n\nKept too.\n")
        let outside = fixture.folder + "/secret.md"
        try Data("# Secret\n\nNever ingested.\n".utf8).write(to: URL(fileURLWithPath: outside))
        #expect(symlink(outside, fixture.documents + "/leak.md") == 0)
        #expect(symlink(fixture.documents + "/inside.md", fixture.documents + "/alias.md") == 0)
        #expect(symlink(fixture.folder, fixture.documents + "/up") == 0)
        #expect(mkfifo(fixture.documents + "/pipe.md", 0o600) == 0)
        // Root reads any folder: the unreadable case is run as another user
        // by the process tests.
        let asRoot = getuid() == 0
        if !asRoot {
            try fixture.write("locked/hidden-away.md", "# Locked\n")
            #expect(chmod(fixture.documents + "/locked", 0) == 0)
        }
        defer { chmod(fixture.documents + "/locked", 0o700) }

        let plan = Ingestion.plan([fixture.documents])
        #expect(Set(plan.inputs.map(\.path)) == ["inside.md", "sub/deep.md", "alias.md"])
        let reasons = Dictionary(plan.skipped.map { (($0.file as NSString).lastPathComponent, $0.reason) }, uniquingKeysWith: { a, _ in a })
        #expect(reasons["leak.md"]?.contains("outside") == true)
        #expect(reasons["up"]?.contains("outside") == true)
        #expect(reasons["pipe.md"]?.contains("not a regular file") == true)
        if !asRoot {
            #expect(plan.failed.contains { $0.file.hasSuffix("/locked") })
        }
        let summary = try Ingestion(store: try fixture.store()).run(plan, project: "P")
        #expect(summary.added == 3)
        #expect(try fixture.store().search(in: "P", query: "Never").isEmpty)
    }

    @Test func aNamedFifoIsSkippedWithoutBeingOpened() throws {
        let fixture = try Fixture()
        let pipe = fixture.documents + "/pipe.txt"
        #expect(mkfifo(pipe, 0o600) == 0)
        let plan = Ingestion.plan([pipe])
        #expect(plan.inputs.isEmpty)
        #expect(plan.skipped.first?.reason.contains("not a regular file") == true)
    }

    @Test func aWorldWritableStoreFolderIsMadePrivate() throws {
        let fixture = try Fixture()
        try FileManager.default.createDirectory(atPath: fixture.storePath, withIntermediateDirectories: true)
        #expect(chmod(fixture.storePath, 0o777) == 0)
        _ = try fixture.store()
        var info = stat()
        stat(fixture.storePath, &info)
        #expect(info.st_mode & 0o077 == 0)
    }

    @Test func controlCharactersInFileNamesArePrintedEscaped() throws {
        let fixture = try Fixture()
        try fixture.write("bad\u{1B}[31mname.xyz", "text")
        let summary = try Ingestion(store: try fixture.store()).run([fixture.documents], project: "P")
        #expect(!summary.text.contains("\u{1B}"))
        #expect(summary.text.contains("bad\\x1b[31mname.xyz"))
    }

    /// `resources list` prints each stored path on one row, escaped: a
    /// name holding a tab and a newline cannot forge a row of its own.
    @Test func resourceListsPrintNamesEscaped() throws {
        let fixture = try Fixture()
        try fixture.write("fake\tv9\tmd\tid\nreal.md", "# Forged\n")
        _ = try fixture.store()
        let ingest = try AnydocProcess.run(["ingest", fixture.documents, "--project", "P", "--store", fixture.storePath], logsIn: fixture.folder)
        #expect(ingest.status == 0, "\(ingest.errorOutput)")
        let list = try AnydocProcess.run(["resources", "list", "--project", "P", "--store", fixture.storePath], logsIn: fixture.folder)
        let rows = list.output.split(separator: "\n")
        #expect(rows.count == 1, "\(list.output)")
        #expect(rows.first?.hasPrefix("fake\\x09v9\\x09md\\x09id\\x0areal.md\t") == true, "\(list.output)")
    }
}

/// Changes one byte in the middle of a file, as a failing disk would.
func flipByte(in path: String) throws {
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    bytes[bytes.count / 2] ^= 0x20
    chmod(path, 0o600)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}
