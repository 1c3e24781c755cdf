import Foundation
import Testing
@testable import AnyDocProjects

@Suite struct ProjectStoreTests {
    @Test func ingestVersionSearchReadVerifyAndCollect() throws {
        let fixture = try Fixture()
        try fixture.copyDocuments()
        try fixture.write("guide.md", guideMarkdown)
        try fixture.write(".hidden.md", "secret")
        try fixture.write("notes.xyz", "unsupported")
        let store = try fixture.store()
        let ingestion = Ingestion(store: store, jobs: 2)
        let expected = Fixture.hasChinese ? 6 : 5

        // First ingest: everything added, hidden and unsupported files listed.
        let first = try ingestion.run([fixture.documents], project: "Field Work")
        #expect(first.failed.isEmpty, "\(first.failed)")
        #expect(first.added == expected)
        #expect(Set(first.skipped.map(\.reason)) == ["hidden", "unsupported extension"])

        // Same bytes again: no new versions.
        let second = try ingestion.run([fixture.documents], project: "field  work")
        #expect(second.added == 0 && second.updated == 0 && second.unchanged == expected)
        #expect(try store.history(of: "guide.md", in: "Field Work").count == 1)

        // One changed file: exactly one new version; v1 stays readable.
        let v1 = try store.version(of: "guide.md", in: "Field Work")
        let v1Markdown = try store.markdown(of: v1)
        try fixture.write("guide.md", guideMarkdown + "\n\nA new paragraph about glaciers.\n")
        let third = try ingestion.run([fixture.documents], project: "Field Work")
        #expect(third.updated == 1 && third.added == 0 && third.unchanged == expected - 1)
        let history = try store.history(of: "guide.md", in: "Field Work")
        #expect(history.map(\.number) == [1, 2])
        #expect(try store.markdown(of: store.version(of: "guide.md@v1", in: "Field Work")) == v1Markdown)
        #expect(try store.version(of: v1.sourceSha256!, in: "Field Work").number == 1)
        #expect(try store.version(of: "guide.md", in: "Field Work", selector: String(v1.markdownSha256!.prefix(10))).number == 1)
        #expect(try store.markdown(of: store.version(of: "guide.md", in: "Field Work")).contains("glaciers"))
        #expect(history[1].converterVersion == AnyDocProjects.converterVersion)
        #expect(history[1].resourceId == v1.resourceId)

        // Search: words, diacritics folded, phrases, prefixes, headings and pages.
        let kingfisher = try store.search(in: "Field Work", query: "kingfisher")
        #expect(kingfisher.first?.path == "guide.md")
        #expect(kingfisher.first?.version == 2)
        #expect(kingfisher.first?.headingPath == ["Field Guide", "Birds of the Coast"])
        #expect(kingfisher.first?.snippet.contains("<mark>kingfisher</mark>") == true)
        #expect(try store.search(in: "Field Work", query: "creme brulee").first?.headingPath.last == "Café Notes")
        #expect(try store.search(in: "Field Work", query: "\"quiet rivers\"").count == 1)
        #expect(try store.search(in: "Field Work", query: "\"rivers quiet\"").isEmpty)
        let prefix = try store.search(in: "Field Work", query: "photo*")
        #expect(prefix.count == 1 && prefix[0].snippet.contains("<mark>photosynthesis</mark>"))
        #expect(try store.search(in: "Field Work", query: "photo").isEmpty)
        #expect(try store.search(in: "Field Work", query: "glaciers").count == 1)
        let mountain = try #require(try store.search(in: "Field Work", query: "mountain weather").first)
        #expect(mountain.location == SourceLocation(kind: .page, number: 2))
        #expect(try store.search(in: "Field Work", query: "fenced").first?.headingPath == ["Field Guide", "Café Notes"])
        #expect(try store.search(in: "Field Work", query: "welcome").first?.location?.kind == .slide)
        #expect(try store.search(in: "Field Work", query: "kingfisher", resource: "sample-inventory.csv").isEmpty)
        #expect(try store.search(in: "Field Work", query: "kingfisher OR nonexistentword").count == 1)
        #expect(throws: ProjectError.self) { try store.search(in: "Field Work", query: "   ") }
        if Fixture.hasChinese {
            let long = try store.search(in: "Field Work", query: "文本编码")
            #expect(long.first?.path == "chinese.txt")
            #expect(long.first?.snippet.contains("<mark>文本编码</mark>") == true)
            #expect(try store.search(in: "Field Work", query: "测试").first?.path == "chinese.txt")
            #expect(try store.search(in: "Field Work", query: "\"不得出现乱码\"").first?.path == "chinese.txt")
            #expect(try store.search(in: "Field Work", query: "不存在的词语").isEmpty)
        }

        // Paging a read to the end yields the Markdown exactly once.
        let tools = ResourceTools(store: store, defaultProject: "Field Work")
        for name in ["guide.md", "chinese.txt", "titles-order.pptx"] where name != "chinese.txt" || Fixture.hasChinese {
            let whole = try store.markdown(of: store.version(of: name, in: "Field Work"))
            var text = ""
            var offset: Int? = 0
            var pages = 0
            while let start = offset {
                let page = try tools.resourceRead(ResourceReadInput(resource: name, offset: start, maxChars: 37))
                #expect(page.offset == start && page.totalChars == whole.unicodeScalars.count)
                text += page.text
                offset = page.nextOffset
                pages += 1
            }
            #expect(text == whole)
            #expect(pages > 1)
        }
        // A pinned version reads the same after the resource changed.
        let pinned = try tools.resourceRead(ResourceReadInput(resource: "guide.md", version: "v1", maxChars: 100_000))
        #expect(pinned.text == v1Markdown && pinned.nextOffset == nil && pinned.version == 1)

        // Removal is a tombstone: not listed, not searched, history kept.
        let tombstone = try store.remove(in: "Field Work", "guide.md")
        #expect(tombstone.deleted && tombstone.number == 3)
        #expect(try store.search(in: "Field Work", query: "kingfisher").isEmpty)
        #expect(throws: ProjectError.self) { try store.version(of: "guide.md", in: "Field Work") }
        #expect(try store.markdown(of: store.version(of: "guide.md@v2", in: "Field Work")).contains("glaciers"))
        #expect(try store.resources(in: "Field Work").count == expected - 1)
        #expect(try store.resources(in: "Field Work", includeDeleted: true).count == expected)
        // Ingesting it again brings it back as a new version.
        let fourth = try ingestion.run([fixture.documents + "/guide.md"], project: "Field Work")
        #expect(fourth.added == 1 && fourth.items.first?.version == 4)

        // Verify: clean, then a corrupted object is reported.
        #expect(try store.verify().isClean)
        let victim = store.objects.path(of: v1.markdownSha256!)
        chmod(victim, 0o600)
        try Data("tampered".utf8).write(to: URL(fileURLWithPath: victim))
        let damaged = try store.verify()
        #expect(!damaged.isClean)
        #expect(damaged.problems.contains { $0.hash == v1.markdownSha256 && $0.problem == "damaged" && $0.referencedBy == ["Field Work:guide.md@v1"] })
        try FileManager.default.removeItem(atPath: victim)
        #expect(try store.verify().problems.contains { $0.hash == v1.markdownSha256 && $0.problem == "missing" })
    }

    @Test func objectsArePrivateDeduplicatedAndCollected() throws {
        let fixture = try Fixture()
        try fixture.copyDocuments(["sample-inventory.csv"], chinese: false)
        try fixture.write("a.md", "# Same\n\nIdentical bytes.\n")
        try fixture.write("b.md", "# Same\n\nIdentical bytes.\n")
        let store = try fixture.store()
        let ingestion = Ingestion(store: store, jobs: 2)
        _ = try ingestion.run([fixture.documents], project: "keep")
        _ = try ingestion.run([fixture.documents + "/a.md"], project: "drop")
        let entries = store.objects.entries()
        // a.md and b.md share bytes and Markdown: one object each for the pair, stored once.
        let csvObjects = 2
        let markdownPair = 1  // pass-through Markdown is identical to its source
        #expect(entries.count == csvObjects + markdownPair)
        var info = stat()
        stat(entries[0].path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        stat(store.objects.root + "/" + entries[0].hash!.prefix(2), &info)
        #expect(info.st_mode & 0o777 == 0o700)
        stat(fixture.storePath, &info)
        #expect(info.st_mode & 0o777 == 0o700)

        // An unreferenced object (as a deleted project leaves) goes; referenced ones stay.
        let orphan = try store.objects.put(Array("orphan".utf8))
        try store.deleteProject("drop")
        let report = try store.collectGarbage(graceSeconds: 0)
        #expect(report.removed == 1 && report.kept == entries.count)
        #expect(!store.objects.contains(orphan))
        #expect(try store.verify().isClean)
        for resource in try store.resources(in: "keep") {
            _ = try store.markdown(of: store.version(of: resource.path, in: "keep"))
        }
        // Within the grace period nothing unreferenced is removed.
        let young = try store.objects.put(Array("young".utf8))
        #expect(try store.collectGarbage().keptRecent == 1)
        #expect(store.objects.contains(young))
    }

    @Test func concurrentIngestsIntoOneProjectLoseNothing() throws {
        let fixture = try Fixture()
        for side in ["left", "right"] {
            for index in 0..<12 {
                try fixture.write("\(side)/\(side)-\(index).md", "# \(side) \(index)\n\nDocument \(index) from the \(side) batch.\n")
            }
            try fixture.write("\(side)/shared.md", "# Shared\n\nWritten by the \(side) batch.\n")
        }
        let results = LockedArray()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let side = index == 0 ? "left" : "right"
            do {
                // Each side has its own connection, as two processes would.
                let store = try ProjectStore(root: fixture.storePath)
                let summary = try Ingestion(store: store, jobs: 3).run([fixture.documents + "/" + side], project: "Shared Project")
                results.append(summary)
            } catch {
                results.append(error)
            }
        }
        let summaries = results.items.compactMap { $0 as? IngestSummary }
        #expect(summaries.count == 2, "\(results.items)")
        #expect(summaries.allSatisfy { $0.failed.isEmpty })
        #expect(summaries.map(\.added).reduce(0, +) == 25)
        #expect(summaries.map(\.updated).reduce(0, +) == 1)
        let store = try fixture.store()
        #expect(try store.resources(in: "Shared Project", limit: 100).count == 25)
        #expect(try store.history(of: "shared.md", in: "Shared Project").map(\.number) == [1, 2])
        #expect(try store.search(in: "Shared Project", query: "batch", limit: 100).count == 25)
        #expect(try store.projects().count == 1)
        #expect(try store.verify().isClean)
    }

    @Test func projectNamesAreUniqueAfterNormalisation() throws {
        let fixture = try Fixture()
        let store = try fixture.store()
        let project = try store.createProject("  Ｑ3\tReports  ")
        #expect(project.name == "Ｑ3 Reports")
        #expect(project.key == "q3 reports")
        #expect(throws: ProjectError.self) { try store.createProject("q3 REPORTS") }
        do {
            _ = try store.createProject("Q3   reports")
            Issue.record("a clash must fail")
        } catch {
            #expect(error.code == "name_clash")
            #expect(error.message.contains("Ｑ3 Reports"))
        }
        #expect(throws: ProjectError.self) { try store.createProject("   ") }
        _ = try store.createProject("Other")
        #expect(throws: ProjectError.self) { try store.renameProject("other", to: "q3 reports") }
        #expect(try store.renameProject("other", to: "OTHER").name == "OTHER")
        #expect(try store.project(named: "q3 reports").name == "Ｑ3 Reports")
        #expect(try store.projects().map(\.name) == ["OTHER", "Ｑ3 Reports"])
    }

    @Test func storeLocationFollowsFlagsThenEnvironment() {
        #expect(StoreLocation.resolve(explicit: "/x", environment: ["ANYDOC_STORE": "/y"]) == "/x")
        #expect(StoreLocation.resolve(environment: ["ANYDOC_STORE": "/y", "XDG_DATA_HOME": "/d"]) == "/y")
        #expect(StoreLocation.resolve(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/anydoc")
        #expect(StoreLocation.resolve(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]) == "/h/.local/share/anydoc")
    }
}

/// Results gathered from several threads.
final class LockedArray: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Any] = []
    func append(_ item: Any) { lock.lock(); storage.append(item); lock.unlock() }
    var items: [Any] { lock.lock(); defer { lock.unlock() }; return storage }
}
