import Foundation
import Testing
@testable import AnyDocProjects

/// Ranking: plain words are each optional and scored together, evidence is
/// gathered per document, phrases, AND, NOT and prefixes keep their
/// meaning, and CJK and mixed queries behave the same way.
@Suite struct SearchRankingTests {
    static let documents = [
        // Its two words sit in different sections.
        "split.md": "# Coastal birds\n\nA kestrel hovered over the cliffs at dawn.\n\n# Wetland birds\n\nA heron stood in the reeds all morning.\n",
        // One of the words, often, in one section.
        "kestrels.md": "# Kestrel notes\n\nKestrel, kestrel, kestrel: the kestrel again.\n",
        "together.md": "# Field day\n\nThe quiet rivers ran past a kestrel and a heron.\n",
        "apart.md": "# Rivers\n\nThe rivers were wide.\n\n# Evening\n\nIt was quiet at last, and nothing else stirred in the valley that night.\n",
        "chinese.md": "# 数据\n\n本文讨论文件的转换方法。\n\n# 其他\n\n这里出现过乱码。\n",
        "mixed.md": "# Notes\n\nThe kestrel count.\n\n# 备注\n\n这里出现过乱码。\n",
    ]

    static func store(_ fixture: Fixture, extra: [String: String] = [:]) throws -> ProjectStore {
        for (name, text) in documents.merging(extra, uniquingKeysWith: { $1 }) { try fixture.write(name, text) }
        let store = try fixture.store()
        #expect(try Ingestion(store: store, jobs: 2).run([fixture.documents], project: "Rank").failed.isEmpty)
        return store
    }

    static func paths(_ store: ProjectStore, _ query: String, limit: Int = 10) throws -> [String] {
        var order: [String] = []
        for hit in try store.search(in: "Rank", query: query, limit: limit) where !order.contains(hit.path) {
            order.append(hit.path)
        }
        return order
    }

    @Test func wordsInDifferentSectionsOfOneDocumentFindIt() throws {
        let fixture = try Fixture()
        let store = try Self.store(fixture)
        let sections = try store.withDatabase { try $0.queryFirst("SELECT count(*) FROM sections s JOIN resources r ON r.id = s.resource_id WHERE r.path = 'split.md'") { $0.int(0) } }
        #expect(sections == 2)
        // No section holds both words of "cliffs reeds": the document holding both is found, first.
        #expect(try Self.paths(store, "cliffs reeds") == ["split.md"])
        // Both words in one document rank above one word many times.
        let order = try Self.paths(store, "cliffs heron")
        #expect(order.first == "split.md")
        #expect(Set(order) == ["split.md", "together.md"])
        // A section holding both words ranks above sections holding one each.
        #expect(try Self.paths(store, "kestrel heron").first == "together.md")
    }

    @Test func phrasesAndOperatorsKeepTheirMeaning() throws {
        let fixture = try Fixture()
        let store = try Self.store(fixture)
        // A phrase must be there as written; plain words need not be together.
        #expect(try Self.paths(store, "\"quiet rivers\"") == ["together.md"])
        #expect(try Self.paths(store, "\"rivers quiet\"").isEmpty)
        let words = try Self.paths(store, "quiet rivers")
        #expect(words == ["together.md", "apart.md"])
        // AND: both in one section.
        #expect(try Self.paths(store, "kestrel AND heron") == ["together.md"])
        #expect(try Self.paths(store, "cliffs AND reeds").isEmpty)
        // NOT and -word: no section holding the word.
        for query in ["kestrel -heron", "kestrel NOT heron"] {
            let hits = try store.search(in: "Rank", query: query)
            #expect(Set(hits.map(\.path)) == ["split.md", "kestrels.md", "mixed.md"], "\(query)")
            #expect(hits.allSatisfy { !$0.snippet.lowercased().contains("heron") }, "\(query)")
        }
        #expect(throws: ProjectError.self) { try store.search(in: "Rank", query: "-kestrel") }
        // A prefix matches the words it starts.
        #expect(try Self.paths(store, "kest*").first == "kestrels.md")
        #expect(try Self.paths(store, "cliff* reed*") == ["split.md"])
        // OR still reads as either.
        #expect(Set(try Self.paths(store, "cliffs OR reeds")) == ["split.md"])
    }

    @Test func chineseAndMixedQueriesGatherEvidencePerDocument() throws {
        let fixture = try Fixture()
        let store = try Self.store(fixture)
        // Two Chinese words in different sections of one document.
        #expect(try Self.paths(store, "转换 乱码") == ["chinese.md", "mixed.md"])
        #expect(try Self.paths(store, "转换方法 乱码").first == "chinese.md")
        // A Latin word and a Chinese word, each in its own section.
        #expect(try Self.paths(store, "kestrel 乱码").first == "mixed.md")
        let hits = try store.search(in: "Rank", query: "kestrel 乱码")
        #expect(hits.contains { $0.snippet.contains("<mark>乱码</mark>") } && hits.contains { $0.snippet.contains("<mark>kestrel</mark>") })
        // Excluding a Chinese word.
        #expect(Set(try Self.paths(store, "乱码 -转换")) == ["chinese.md", "mixed.md"])
        #expect(try store.search(in: "Rank", query: "乱码 -这里").isEmpty)
    }

    @Test func oneLongDocumentDoesNotFillThePage() throws {
        let fixture = try Fixture()
        let book = (1...12).map { "# Chapter \($0)\n\nThe kestrel returned in chapter \($0), as kestrels do.\n" }.joined(separator: "\n")
        let store = try Self.store(fixture, extra: ["book.md": book])
        // Five documents hold the word: the book shows three sections, the others one each.
        let hits = try store.search(in: "Rank", query: "kestrel", limit: 7)
        #expect(hits.count == 7)
        // Grouped by document, at most three of each while others have hits.
        let book3 = hits.filter { $0.path == "book.md" }
        #expect(book3.count == ProjectStore.hitsPerResource)
        #expect(book3.allSatisfy { $0.moreInResource == 12 - ProjectStore.hitsPerResource })
        #expect(Set(hits.map(\.path)).count == 5)
        var seen: [String] = []
        for hit in hits where seen.last != hit.path {
            #expect(!seen.contains(hit.path), "hits of \(hit.path) are not together")
            seen.append(hit.path)
        }
        #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.resourceScore >= $1.resourceScore })
        // The tool's output lists the resources first, with their counts.
        let output = try ResourceTools(store: store, defaultProject: "Rank").resourceSearch(ResourceSearchInput(query: "kestrel", limit: 7))
        #expect(output.hits == hits)
        #expect(output.resources.map(\.path) == seen)
        #expect(output.resources.map(\.hits).reduce(0, +) == 7)
        #expect(output.resources.first { $0.path == "book.md" }.map { [$0.hits, $0.moreHits] } == [3, 9])
        // Narrowed to the book, every section may show.
        let inBook = try store.search(in: "Rank", query: "kestrel", limit: 20, resource: "book.md")
        #expect(inBook.count == 12 && inBook.allSatisfy { $0.moreInResource == 0 })
    }

    @Test func queriesParseIntoRoles() {
        func roles(_ text: String) -> [String] {
            SearchPlan(SearchQuery(text)).terms.map { "\($0.text)\($0.prefix ? "*" : ""):\($0.role)" }
        }
        #expect(roles("kestrel heron") == ["kestrel:optional", "heron:optional"])
        #expect(roles("\"quiet rivers\" kestrel") == ["quiet rivers:required", "kestrel:optional"])
        #expect(roles("\"quiet rivers\" OR kestrel") == ["quiet rivers:optional", "kestrel:optional"])
        #expect(roles("kestrel AND heron owl") == ["kestrel:required", "heron:required", "owl:optional"])
        #expect(roles("kestrel -heron NOT owl") == ["kestrel:optional", "heron:excluded", "owl:excluded"])
        #expect(roles("NOT heron kest*") == ["heron:excluded", "kest*:optional"])
        #expect(roles("e-mail - x") == ["e-mail:optional", "-:optional", "x:optional"])
        #expect(roles("OR AND kestrel OR") == ["kestrel:optional"])
        let plan = SearchPlan(SearchQuery("转换 乱码码 码 kestrel"))
        #expect(plan.terms.map(\.index) == [.pairs, .trigrams, .substring, .words])
        // Scoring work is bounded however many terms a query has.
        #expect(SearchPlan(SearchQuery((1...30).map { "w\($0)" }.joined(separator: " "))).scored.count == SearchPlan.maxScoredTerms)
    }
}
