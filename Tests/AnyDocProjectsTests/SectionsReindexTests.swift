import Foundation
import Testing
@testable import AnyDocProjects

/// A store whose sections an older chunker cut has them cut again, from
/// the committed Markdown, when it is opened or by `reindexSections`.
@Suite struct SectionsReindexTests {
    static func sections(_ store: ProjectStore) throws -> [String] {
        try store.withDatabase { database in
            try database.query("SELECT resource_id, version, ordinal, start_offset, length, body FROM sections ORDER BY resource_id, ordinal") {
                "\($0.string(0)) \($0.int(1)) \($0.int(2)) \($0.int(3)) \($0.int(4)) \($0.string(5))"
            }
        }
    }

    /// Makes the store look as an older anydoc left it: no record of the
    /// cut, and sections that are not the current cut.
    static func makeOld(_ store: ProjectStore) throws {
        try store.withDatabase { database in
            try database.execute("DROP TABLE IF EXISTS store_info")
            let versions = try SectionsFormat.indexedVersions(database)
            for version in versions {
                let stale = Section(headingPath: [], location: nil, offset: 0, length: 1, text: "stale cut")
                try ProjectStore.replaceSections(database, resourceID: version.resourceID, version: version.number, sections: [stale])
            }
        }
    }

    @Test func anOldStoreIsUpgradedWhenOpened() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        var rows = "<table><tr><th>Bird</th><th>Notes</th></tr>\n"
        for number in 1...400 { rows += "<tr><td>tern \(number)</td><td><ul><li>nests on dune \(number)</li></ul></td></tr>\n" }
        try fixture.write("birds.html", "<html><body>" + rows + "</table></body></html>")
        let fresh: [String]
        do {
            let store = try fixture.store()
            #expect(try Ingestion(store: store, jobs: 1).run([fixture.documents], project: "Birds").added == 2)
            fresh = try Self.sections(store)
            try Self.makeOld(store)
            #expect(try Self.sections(store) != fresh)
        }
        let reopened = try fixture.store()
        #expect(try Self.sections(reopened) == fresh)
        #expect(try reopened.withDatabase { try SectionsFormat.recorded($0) } == SectionsFormat.current)
        #expect(try !reopened.search(in: "Birds", query: "dune", limit: 5).isEmpty)
        #expect(try reopened.search(in: "Birds", query: "stale", limit: 5).isEmpty)
        #expect(try reopened.verify().problems.isEmpty)
        // Nothing left to do: a second open, or a reindex, changes nothing.
        #expect(try reopened.reindexSections().rebuilt == 0)
        #expect(try reopened.reindexSections(force: true).rebuilt == 2)
        #expect(try Self.sections(reopened) == fresh)
    }

    @Test func aVersionWhoseMarkdownIsDamagedKeepsItsSections() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        let store = try fixture.store()
        #expect(try Ingestion(store: store, jobs: 1).run([fixture.documents], project: "Guide").added == 1)
        let hash = try store.withDatabase { try $0.queryFirst("SELECT markdown_sha256 FROM versions") { $0.string(0) } }!
        try Self.makeOld(store)
        let old = try Self.sections(store)
        let object = try FileManager.default.subpathsOfDirectory(atPath: fixture.storePath + "/objects").first { $0.replacingOccurrences(of: "/", with: "").hasSuffix(hash) }!
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: fixture.storePath + "/objects/" + object))
        let report = try store.reindexSections(force: true)
        #expect(report.skipped == 1 && report.rebuilt == 0)
        #expect(try Self.sections(store) == old)
    }
}
