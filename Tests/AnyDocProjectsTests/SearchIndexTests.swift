import Foundation
import Testing
@testable import AnyDocProjects

/// The search indexes: CJK letter pairs, prefixes, and the upgrade of a
/// store written with the first layout.
@Suite struct SearchIndexTests {
    static let documents = [
        "encoding.md": "# 数据转换\n\n本文件用于测试文本编码的识别与转换。乱码，乱码。\n",
        "other.md": "# 其他说明\n\n这里也出现一次乱码。\n",
        "kana.md": "# カタカナ\n\nかがみの国の話。\n",
        "english.md": "# Photography\n\nNotes on photosynthesis and a photon or two.\n",
        "chapter.md": "# 第1章\n\nOpening lines.\n",
    ]

    static func store(_ fixture: Fixture) throws -> ProjectStore {
        for (name, text) in documents { try fixture.write(name, text) }
        let store = try fixture.store()
        let summary = try Ingestion(store: store, jobs: 2).run([fixture.documents], project: "Index")
        #expect(summary.added == documents.count && summary.failed.isEmpty)
        return store
    }

    @Test func pairsAreTheAdjacentLettersOfEachCJKRun() {
        #expect(CJKBigrams.of("数据，转换ab乱码x") == "数据 转换 乱码")
        #expect(CJKBigrams.of("测试文本") == "测试 试文 文本")
        #expect(CJKBigrams.of("乱码乱码") == "乱码 码乱 乱码")
        #expect(CJKBigrams.of("かがみ") == "かが がみ")
        #expect(CJKBigrams.of("plain English, one 字 only") == "")
        #expect(CJKBigrams.isPair("乱码") && !CJKBigrams.isPair("码") && !CJKBigrams.isPair("乱码乱") && !CJKBigrams.isPair("码。"))
    }

    @Test func twoCharacterWordsComeFromThePairIndexRankedByFrequency() throws {
        let fixture = try Fixture()
        let store = try Self.store(fixture)
        let hits = try store.search(in: "Index", query: "乱码")
        // Twice in a shorter text ranks above once.
        #expect(hits.map(\.path) == ["encoding.md", "other.md"])
        #expect(hits[0].snippet == "数据转换 本文件用于测试文本编码的识别与转换。<mark>乱码</mark>，乱码。")
        #expect(hits[1].snippet == "其他说明 这里也出现一次<mark>乱码</mark>。")
        #expect(hits[0].score > hits[1].score && hits[1].score > 0)
        // Each pair is optional; holding more of them ranks higher; a heading counts.
        #expect(try store.search(in: "Index", query: "转换 乱码").map(\.path) == ["encoding.md", "other.md"])
        #expect(try store.search(in: "Index", query: "说明").map(\.path) == ["other.md"])
        #expect(try store.search(in: "Index", query: "乱码 不在").map(\.path) == ["encoding.md", "other.md"])
        #expect(try store.search(in: "Index", query: "\"乱码\" \"不在\"").isEmpty)
        // A pair with a longer term: trigram index and pair index together.
        #expect(try store.search(in: "Index", query: "识别与 乱码").map(\.path) == ["encoding.md", "other.md"])
        #expect(try store.search(in: "Index", query: "识别与 AND 说明").isEmpty)
        // Kana keep their voicing marks: かが is not かか.
        #expect(try store.search(in: "Index", query: "かが").map(\.path) == ["kana.md"])
        #expect(try store.search(in: "Index", query: "かか").isEmpty)
        // Three characters with no two CJK letters side by side: the trigram index.
        #expect(try store.search(in: "Index", query: "第1章").map(\.path) == ["chapter.md"])
        #expect(try store.search(in: "Index", query: "第1章").first?.snippet == "<mark>第1章</mark> Opening lines.")
        // Only sections with CJK text are in the trigram index: not the English note.
        let indexed = try store.withDatabase { try $0.queryFirst("SELECT count(*) FROM search_trigrams_docsize") { $0.int(0) } }
        #expect(indexed == 4)
        // One character, or a pair across punctuation, is a substring scan.
        #expect(try store.search(in: "Index", query: "码").map(\.path) == ["encoding.md", "other.md"])
        #expect(try store.search(in: "Index", query: "码，").map(\.path) == ["encoding.md"])
    }

    @Test func prefixQueriesUseThePrefixIndexes() throws {
        let fixture = try Fixture()
        let store = try Self.store(fixture)
        #expect(try store.search(in: "Index", query: "ph*").map(\.path) == ["english.md"])
        let hits = try store.search(in: "Index", query: "pho*")
        #expect(hits.count == 1 && hits[0].snippet.contains("<mark>photosynthesis</mark>") && hits[0].snippet.contains("<mark>photon</mark>"))
        #expect(try store.search(in: "Index", query: "photos*").first?.snippet.contains("<mark>photon</mark>") == false)
        let schema = try store.withDatabase { database in
            try database.queryFirst("SELECT sql FROM sqlite_master WHERE name = 'search_words'") { $0.string(0) }
        }
        #expect(schema?.contains("prefix = '2 3'") == true)
    }

    /// The index ranks its matches before the project is checked: when
    /// another project holds all the best of them, the search still finds
    /// this project's sections, best first.
    @Test func anotherProjectsBetterMatchesDoNotHideThisOnes() throws {
        let fixture = try Fixture()
        for index in 0..<220 {
            try fixture.write("loud/note-\(index).md", "# Kestrel \(index)\n\nKestrel kestrel kestrel.\n")
        }
        try fixture.write("quiet/once.md", "# Field notes\n\nA kestrel hovered once over the long meadow beside the river and the old mill.\n")
        try fixture.write("quiet/twice.md", "# Kestrel\n\nThe kestrel came back.\n")
        try fixture.write("quiet/none.md", "# Heron\n\nOnly herons here.\n")
        let store = try fixture.store()
        let ingestion = Ingestion(store: store, jobs: 2)
        #expect(try ingestion.run([fixture.documents + "/loud"], project: "Loud").added == 220)
        #expect(try ingestion.run([fixture.documents + "/quiet"], project: "Quiet").added == 3)

        let quiet = try store.search(in: "Quiet", query: "kestrel")
        #expect(quiet.map(\.path) == ["twice.md", "once.md"])
        #expect(quiet.map(\.snippet) == ["<mark>Kestrel</mark> The <mark>kestrel</mark> came back.",
                                         "Field notes A <mark>kestrel</mark> hovered once over the long meadow beside the river and the old mill."])
        #expect(try store.search(in: "Quiet", query: "kes*").map(\.path) == ["twice.md", "once.md"])
        let loud = try store.search(in: "Loud", query: "kestrel", limit: 5)
        #expect(loud.count == 5 && loud.allSatisfy { $0.path.hasPrefix("note-") && $0.snippet.contains("<mark>Kestrel</mark>") })
        #expect(zip(loud, loud.dropFirst()).allSatisfy { $0.score >= $1.score })
        // The same hits when the search is narrowed to each resource.
        for hit in quiet {
            #expect(try store.search(in: "Quiet", query: "kestrel", resource: hit.path) == [hit])
        }
    }

    /// A store written with the first layout (no prefix indexes, no pair
    /// index) is upgraded in place when opened, its sections indexed anew.
    @Test func aFirstLayoutStoreIsUpgradedWhenOpened() throws {
        let fixture = try Fixture()
        do {
            let store = try Self.store(fixture)
            try store.withDatabase { database in
                try database.execute(Self.firstLayoutSQL)
            }
            #expect(try store.withDatabase { try $0.queryFirst("PRAGMA user_version") { $0.int(0) } } == 1)
        }
        let upgraded = try fixture.store()
        #expect(try upgraded.withDatabase { try $0.queryFirst("PRAGMA user_version") { $0.int(0) } } == StoreSchema.version)
        #expect(try upgraded.search(in: "Index", query: "乱码").map(\.path) == ["encoding.md", "other.md"])
        #expect(try upgraded.search(in: "Index", query: "pho*").map(\.path) == ["english.md"])
        #expect(try upgraded.search(in: "Index", query: "识别与").map(\.path) == ["encoding.md"])
        #expect(try upgraded.verify().isClean)
        // Writing after the upgrade keeps every index in step.
        try fixture.write("other.md", "# 其他说明\n\n这里没有那个词。\n")
        let summary = try Ingestion(store: upgraded, jobs: 1).run([fixture.documents], project: "Index")
        #expect(summary.updated == 1)
        #expect(try upgraded.search(in: "Index", query: "乱码").map(\.path) == ["encoding.md"])
        #expect(try upgraded.verify().isClean)
        // Opening again does not migrate twice.
        #expect(try ProjectStore(root: fixture.storePath).search(in: "Index", query: "那个").map(\.path) == ["other.md"])
    }

    /// A store of schema 2 held each section's Markdown, a long one as one
    /// row: opened, its sections are cut again from that Markdown into
    /// bounded pieces of reader text, and the indexes made anew.
    @Test func aSecondLayoutStoreIsReindexedWhenOpened() throws {
        let fixture = try Fixture()
        let table = "# Rows\n\n| n | word |\n| --- | --- |\n" + (0..<2_000).map { "| \($0) | kestrel |" }.joined(separator: "\n") + "\n"
        try fixture.write("guide.md", guideMarkdown)
        try fixture.write("rows.md", table)
        try fixture.write("cells.md", "# Cells\n\n<table><tr><td>Alpha</td></tr></table>\n\n## 说明\n\n这里也出现一次乱码。\n")
        var expected: [String: [Section]] = [:]
        do {
            let store = try fixture.store()
            #expect(try Ingestion(store: store, jobs: 1).run([fixture.documents], project: "Old").added == 3)
            var old: [(id: String, version: Int, sections: [Section])] = []
            for path in ["guide.md", "rows.md", "cells.md"] {
                let version = try store.version(of: path, in: "Old")
                let markdown = try store.markdown(of: version)
                expected[path] = SectionSplitter.split(markdown)
                old.append((version.resourceId, version.number, Self.secondLayoutSections(markdown)))
            }
            try store.withDatabase { database in
                for resource in old {
                    try ProjectStore.replaceSections(database, resourceID: resource.id, version: resource.version, sections: resource.sections)
                }
                try database.execute("PRAGMA user_version = 2")
            }
            #expect(try store.search(in: "Old", query: "td").map(\.path) == ["cells.md"])
        }
        let upgraded = try fixture.store()
        #expect(try upgraded.withDatabase { try $0.queryFirst("PRAGMA user_version") { $0.int(0) } } == StoreSchema.version)
        #expect(try upgraded.search(in: "Old", query: "td").isEmpty)
        #expect(try upgraded.search(in: "Old", query: "alpha").map(\.path) == ["cells.md"])
        #expect(try upgraded.search(in: "Old", query: "乱码").map(\.path) == ["cells.md"])
        #expect(try upgraded.search(in: "Old", query: "mountain weather").first?.location == SourceLocation(kind: .page, number: 2))
        #expect(try upgraded.search(in: "Old", query: "kestrel", limit: 100).count > 3)
        for (path, sections) in expected {
            let id = try upgraded.resource(named: path, in: "Old").id
            let stored = try upgraded.withDatabase { database in
                try database.query("SELECT start_offset, length, body, heading FROM sections WHERE resource_id = ? ORDER BY ordinal", id) { row in
                    "\(row.int(0)) \(row.int(1)) \(row.string(2)) \(row.string(3))"
                }
            }
            #expect(stored == sections.map { "\($0.offset) \($0.length) \($0.text) \($0.headingPath.joined(separator: "\n"))" }, "\(path)")
        }
        #expect(try upgraded.verify().isClean)
    }

    /// Sections as schema 2 stored them: cut only at headings and page
    /// markers, each holding its Markdown as it is.
    static func secondLayoutSections(_ markdown: String) -> [Section] {
        let scalars = Array(markdown.unicodeScalars)
        return SectionSplitter.split(markdown, maxLength: Int.max / 4).map { section in
            var old = section
            old.text = String(String.UnicodeScalarView(scalars[section.offset..<section.offset + section.length]))
            return old
        }
    }

    /// Turns a current store back into the first layout, as anydoc wrote it
    /// before schema 2.
    static let firstLayoutSQL = """
        DROP TRIGGER sections_indexed;
        DROP TRIGGER sections_unindexed;
        DROP TABLE search_words;
        DROP TABLE search_trigrams;
        DROP TABLE search_bigrams;
        ALTER TABLE sections DROP COLUMN cjk_bigrams;
        ALTER TABLE sections DROP COLUMN has_cjk;
        CREATE VIRTUAL TABLE search_words USING fts5 (
            heading, body, content = 'sections', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2');
        CREATE VIRTUAL TABLE search_trigrams USING fts5 (
            heading, body, content = 'sections', content_rowid = 'id', tokenize = 'trigram');
        CREATE TRIGGER sections_indexed AFTER INSERT ON sections BEGIN
            INSERT INTO search_words (rowid, heading, body) VALUES (new.id, new.heading, new.body);
            INSERT INTO search_trigrams (rowid, heading, body) VALUES (new.id, new.heading, new.body);
        END;
        CREATE TRIGGER sections_unindexed AFTER DELETE ON sections BEGIN
            INSERT INTO search_words (search_words, rowid, heading, body) VALUES ('delete', old.id, old.heading, old.body);
            INSERT INTO search_trigrams (search_trigrams, rowid, heading, body) VALUES ('delete', old.id, old.heading, old.body);
        END;
        INSERT INTO search_words (search_words) VALUES ('rebuild');
        INSERT INTO search_trigrams (search_trigrams) VALUES ('rebuild');
        PRAGMA user_version = 1;
        """
}
