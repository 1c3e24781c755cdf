import Foundation
import Testing
@testable import AnyDocProjects

/// Search does bounded work: sections are cut into pieces of bounded
/// length, snippets come from a bounded window, and queries are capped.
@Suite struct SearchBoundsTests {
    /// A 1 MB table with a word on every row was one section, and FTS5's
    /// `snippet()` compared each match with every other: one search took
    /// minutes. Now each piece is bounded and the snippet is cut in one pass.
    @Test func aMegabyteTableIsSearchedInBoundedTime() throws {
        let fixture = try Fixture()
        var csv = "id,name,status,note\n"
        var row = 0
        while csv.utf8.count < 1_000_000 {
            csv += "\(row),kestrel \(row % 97),active,item \(row % 1000)\n"
            row += 1
        }
        try fixture.write("rows.csv", csv)
        let store = try fixture.store()
        #expect(try Ingestion(store: store, jobs: 1).run([fixture.documents], project: "Big").added == 1)

        let lengths = try store.withDatabase { try $0.query("SELECT length, length(body) FROM sections") { ($0.int(0), $0.int(1)) } }
        #expect(lengths.count > 100 && lengths.allSatisfy { $0.0 <= SectionSplitter.preferredLength && $0.1 <= $0.0 })
        let clock = ContinuousClock()
        for query in ["active", "\"active item\"", "kes*", "item OR active OR kestrel", "12"] {
            var hits: [SearchHit] = []
            let elapsed = try clock.measure { hits = try store.search(in: "Big", query: query, limit: 50) }
            #expect(elapsed < .seconds(1), "\(query): \(elapsed)")
            #expect(hits.count == 50 && hits.allSatisfy { Self.textLength($0.snippet) <= SearchSnippet.width + 2 }, "\(query)")
        }
    }

    /// A NUL in a query read as an empty needle to SQLite, so every
    /// section matched: it is refused; tabs and line breaks, as pasted
    /// text holds, separate words.
    @Test func aQueryWithAControlCharacterIsRefused() throws {
        let fixture = try Fixture()
        try fixture.write("a.md", "# Alpha\n\nKestrel over the water.\n")
        try fixture.write("b.md", "# Beta\n\nNothing of the sort.\n")
        let store = try fixture.store()
        _ = try Ingestion(store: store).run([fixture.documents], project: "P")
        #expect(try store.search(in: "P", query: "kestrel").map(\.path) == ["a.md"])
        for query in ["\u{0}kestrel", "kes\u{0}trel", "\u{0}"] {
            #expect { try store.search(in: "P", query: query) } throws: { ($0 as? ProjectError)?.code == "invalid_argument" }
        }
        #expect(try store.search(in: "P", query: "kestrel\twater\n").map(\.path) == ["a.md"])
    }

    /// A word in more sections than `rankedSectionsPerTerm` is scored in
    /// its newest matches only; a rarer word beside it still decides.
    @Test func aCommonTermIsRankedInABoundedNumberOfSections() throws {
        let fixture = try Fixture()
        let count = ProjectStore.rankedSectionsPerTerm + 200
        // The first parts say the word most often: scored among all, they would come first.
        let text = (0..<count).map { part in
            "# Part \(part)\n\n" + (part < 100 ? "kestrel kestrel kestrel" : "a kestrel among many other words in this part of the text") + "\n"
        }.joined(separator: "\n")
        try fixture.write("long.md", text)
        try fixture.write("rare.md", "# Rare\n\nA kestrel and a lammergeier.\n")
        let store = try fixture.store()
        #expect(try Ingestion(store: store, jobs: 1).run([fixture.documents], project: "B").added == 2)
        let hits = try store.search(in: "B", query: "kestrel", limit: 20, resource: "long.md")
        #expect(hits.count == 20)
        #expect(hits.allSatisfy { hit in (hit.headingPath.last.flatMap { Int($0.dropFirst("Part ".count)) } ?? 0) >= 100 })
        #expect(try store.search(in: "B", query: "kestrel lammergeier").first?.path == "rare.md")

        // Another project's newer matches of the word do not hide this one's.
        try fixture.write("quiet/once.md", "# Field notes\n\nA kestrel hovered once.\n")
        try fixture.write("quiet/twice.md", "# Kestrel\n\nThe kestrel came back.\n")
        let ingestion = Ingestion(store: store, jobs: 1)
        #expect(try ingestion.run([fixture.documents + "/quiet"], project: "Quiet").added == 2)
        try fixture.write("later.md", text.replacingOccurrences(of: "Part", with: "Later part"))
        #expect(try ingestion.run([fixture.documents + "/later.md"], project: "B").added == 1)
        #expect(try store.search(in: "Quiet", query: "kestrel").map(\.path) == ["twice.md", "once.md"])
    }

    /// A snippet's length without its marks.
    static func textLength(_ snippet: String) -> Int {
        snippet.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "").unicodeScalars.count
    }

    @Test func longLinesAndTablesAreCutIntoBoundedPieces() {
        let line = String(repeating: "<td>word</td> ", count: 10_000)
        let table = (0..<5_000).map { "| \($0) | ünïcode |" }.joined(separator: "\n")
        for markdown in [line, "# Head\n\n" + table + "\n", "```\n" + table + "\n```\nafter\n"] {
            let pieces = SectionSplitter.split(markdown, maxLength: 1_000)
            let scalars = Array(markdown.unicodeScalars)
            #expect(pieces.count > 10)
            #expect(pieces.allSatisfy { $0.length <= 1_000 })
            // Pieces follow each other without gaps or overlaps.
            #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.offset + $0.length == $1.offset })
            #expect(pieces.last.map { $0.offset + $0.length } == scalars.count)
        }
        // A long line is cut after a tag, not inside one.
        let cut = SectionSplitter.split(line, maxLength: 1_000)
        #expect(cut.allSatisfy { !$0.text.contains("<") && !$0.text.contains("td") })
        // A piece cut inside a code fence stays code.
        let code = SectionSplitter.split("```\n" + table + "\n```\nafter\n", maxLength: 1_000)
        #expect(code.dropFirst().first?.text.contains("|") == true)
    }

    @Test func snippetsAreBoundedWindowsAroundTheMostTerms() {
        let m = (SearchSnippet.matchStart, SearchSnippet.matchEnd)
        let filler = String(repeating: "filler ", count: 100)
        let text = "\(m.0)alpha\(m.1) " + filler + "\(m.0)alpha\(m.1) and \(m.0)beta\(m.1) here " + filler
        let snippet = SearchSnippet.window(text)
        #expect(snippet.hasPrefix("…") && snippet.hasSuffix("…"))
        #expect(snippet.contains("<mark>alpha</mark> and <mark>beta</mark> here"))
        #expect(Self.textLength(snippet) <= SearchSnippet.width + 2)
        #expect(SearchSnippet.window("short \(m.0)text\(m.1)") == "short <mark>text</mark>")
        #expect(SearchSnippet.window(filler).hasSuffix("…"))
        // A match longer than the window is cut too.
        let long = SearchSnippet.window("a " + String(m.0) + String(repeating: "x", count: 5_000) + String(m.1))
        #expect(long.hasPrefix("a <mark>xxx") && long.hasSuffix("</mark>…") && Self.textLength(long) <= SearchSnippet.width + 2)
        #expect(SearchSnippet.window(SearchSnippet.marking("乱码", in: "这里也出现一次乱码。乱码")) == "这里也出现一次<mark>乱码</mark>。乱码")
    }

    @Test func oversizedQueriesAreRefused() throws {
        let fixture = try Fixture()
        try fixture.write("a.md", "# Apples\n\nAn apple a day.\n")
        let store = try fixture.store()
        _ = try Ingestion(store: store, jobs: 1).run([fixture.documents], project: "Q")
        func refused(_ query: String) -> String? {
            do {
                _ = try store.search(in: "Q", query: query)
                return nil
            } catch {
                guard case .invalidArgument(let message) = error else { return "wrong error: \(error)" }
                return message
            }
        }
        #expect(refused(Array(repeating: "a*", count: 200).joined(separator: " OR ")) != nil)
        #expect(refused(Array(repeating: "ap*", count: 5).joined(separator: " OR "))?.contains("too many prefix") == true)
        #expect(refused("a*")?.contains("at least 2") == true)
        #expect(refused((1...33).map { "w\($0)" }.joined(separator: " "))?.contains("too many words") == true)
        #expect(refused("\"" + (1...33).map { "w\($0)" }.joined(separator: "-") + "\"")?.contains("too many words") == true)
        #expect(refused(String(repeating: "x", count: 1_001))?.contains("too long") == true)
        // Within the limits, queries run.
        #expect(refused("ap* an* da* ap*") == nil)
        #expect(refused((1...32).map { "w\($0)" }.joined(separator: " OR ")) == nil)
        #expect(try store.search(in: "Q", query: "ap*").map(\.path) == ["a.md"])
    }
}
