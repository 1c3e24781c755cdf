import FoundationEssentials
import Glibc

/// One search result: a section of a resource's live version. Results come
/// grouped by resource, best resource first, each resource's sections best
/// first.
public struct SearchHit: Sendable, Codable, Equatable {
    /// The id of the resource the section belongs to (JSON `resource_id`).
    public var resourceId: String
    /// The resource's logical path within its project.
    public var path: String
    /// The number of the live version the section is from.
    public var version: Int
    /// Headings above the match, outermost first.
    public var headingPath: [String]
    /// The page, slide or sheet, when the source has them.
    public var location: SourceLocation?
    /// Text around the match, matched terms wrapped in `<mark>`…`</mark>`.
    public var snippet: String
    /// The section's score, higher is better: BM25 of the terms it holds
    /// (sign flipped from SQLite's), raised when it holds more of them or
    /// holds them close together.
    public var score: Double
    /// Where the section starts, in Unicode scalars: pass it to
    /// `resource_read` as `offset` to read the hit in context.
    public var offset: Int
    /// The section's length in Unicode scalars.
    public var length: Int
    /// The resource's score: the evidence of all its matching sections,
    /// weighed by the share of the query's terms they hold together.
    public var resourceScore: Double = 0
    /// How many more matching sections of this resource the search found
    /// than it returns (a lower bound: each term reads a bounded number).
    public var moreInResource: Int = 0

    enum CodingKeys: String, CodingKey {
        case resourceId = "resource_id", path, version, headingPath = "heading_path", location, snippet, score, offset, length,
             resourceScore = "resource_score", moreInResource = "more_in_resource"
    }
}

extension ProjectStore {
    /// What a snippet puts before each matched term.
    public static let highlightStart = "<mark>"
    /// What a snippet puts after each matched term.
    public static let highlightEnd = "</mark>"

    /// Full-text search over the live version of each resource in a
    /// project, best first. `resource` limits it to one resource.
    public func search(in project: String, query text: String, limit: Int = 10, resource reference: String? = nil) throws(ProjectError) -> [SearchHit] {
        // A NUL reads as the end of the string to SQLite's text functions:
        // a term holding one matched every section. (Tabs and line breaks
        // are spaces between words, as in pasted text.)
        guard !text.utf8.contains(0) else { throw .invalidArgument("a search query cannot contain a NUL character") }
        let query = SearchQuery(text)
        guard !query.terms.isEmpty else { throw .invalidArgument("the search query is empty") }
        try query.checkSize()
        let plan = SearchPlan(query)
        guard !plan.scored.isEmpty else { throw .invalidArgument("the search query has only excluded terms: name something to find") }
        let limit = max(1, min(limit, 1000))
        return try withDatabase { database in
            let projectID = try Self.projectID(database, name: project)
            let resourceID = try reference.map { try Self.findResource(database, project: project, $0).id }
            let scope = Scope(projectID: projectID, resourceID: resourceID, limit: limit)
            return try Self.understood { try Self.rankedSearch(database, plan: plan, scope: scope) }
        }
    }

    /// Where a search looks and how many hits it returns.
    struct Scope {
        var projectID: Int
        /// Only this resource's sections, when set.
        var resourceID: String?
        var limit: Int
    }

    /// The most sections one term contributes, best first, so that a
    /// common word costs one bounded read of the index; and the most hits
    /// of one resource shown while other resources have hits to show.
    static let sectionsPerTerm = 250
    static let hitsPerResource = 3

    /// Looks each scored term up in its index, then ranks documents by the
    /// evidence of their sections together (`SearchRanking`), then reads
    /// and cuts snippets for the hits returned only.
    private static func rankedSearch(_ database: SQLiteDatabase, plan: SearchPlan, scope: Scope) throws -> [SearchHit] {
        let filter = SearchFilter(plan: plan, scope: scope)
        let scored = plan.scored
        let perTerm = max(sectionsPerTerm, scope.limit)
        var matches: [SearchRanking.Match] = []
        for (number, term) in scored.enumerated() {
            matches += try termMatches(database, term, number: number, filter: filter, limit: perTerm)
        }
        let near = try plan.nearExpression.map { try nearSections(database, $0) } ?? []
        let documents = SearchRanking.rank(matches, termCount: scored.count, near: near)
        let perResource = scope.resourceID == nil ? hitsPerResource : scope.limit
        let page = SearchRanking.page(documents, limit: scope.limit, perDocument: perResource)
        let marked = try highlighted(database, page.map(\.section.id), plan: plan)
        return try page.map { entry in
            var hit = try sectionHit(database, entry.section, marked: marked[entry.section.id], plan: plan)
            hit.resourceScore = documents[entry.document].score
            hit.moreInResource = entry.more
            return hit
        }
    }

    /// The best sections holding one term, with its BM25 score (headings
    /// weighted double), as the index ranks them (`ORDER BY rank`): the
    /// index hands them over best first, so only `limit` are joined to
    /// their section and checked. Terms no index holds are a scan of the
    /// project's sections, bounded by `limit`.
    private static func termMatches(_ database: SQLiteDatabase, _ term: SearchPlan.Term, number: Int, filter: SearchFilter,
                                    limit: Int) throws -> [SearchRanking.Match] {
        let join = "JOIN resources r ON r.id = s.resource_id"
        guard let table = term.index.table else {
            // Scored by how often the text occurs: more often ranks higher, as with BM25.
            let sql = """
                SELECT s.id, s.resource_id, (length(s.body) - length(replace(s.body, ?, ''))) / length(?)
                FROM sections s \(join) WHERE instr(s.body, ?) > 0\(filter.sql) LIMIT ?
                """
            let text = SQLiteValue.text(term.text)
            let parameters: [SQLiteBindable] = [text, text, text] + filter.parameters + [SQLiteValue.integer(Int64(limit))]
            return try database.query(sql, parameters) { row in
                let count = Double(max(1, row.int(2)))
                return SearchRanking.Match(section: Int64(row.int(0)), resource: row.string(1), term: number,
                                           score: substringScore * count / (count + 1))
            }
        }
        let ranked = { (bound: Int64) throws -> [SearchRanking.Match] in
            try rankedMatches(database, term, table: table, number: number, filter: filter, bound: bound, limit: limit)
        }
        // The bound over the whole index costs least; when the project's own
        // matches above it are too few, they are bounded on their own.
        let indexBound = try rankingBound(database, table: table, term.expression, filter: nil)
        let matches = try ranked(indexBound)
        guard matches.count < limit, indexBound > 0 else { return matches }
        return try ranked(rankingBound(database, table: table, term.expression, filter: filter))
    }

    private static func rankedMatches(_ database: SQLiteDatabase, _ term: SearchPlan.Term, table: String, number: Int,
                                      filter: SearchFilter, bound: Int64, limit: Int) throws -> [SearchRanking.Match] {
        let join = "JOIN resources r ON r.id = s.resource_id"
        let sql = """
            SELECT s.id, s.resource_id, \(table).rank FROM \(table) JOIN sections s ON s.id = \(table).rowid \(join)
            WHERE \(table) MATCH ? AND \(table).rank MATCH '\(term.index.ranking)'\(filter.sql) AND \(table).rowid >= ?
            ORDER BY \(table).rank LIMIT ?
            """
        let parameters: [SQLiteBindable] = [SQLiteValue.text(term.expression)] + filter.parameters
            + [SQLiteValue.integer(bound), SQLiteValue.integer(Int64(limit))]
        return try database.query(sql, parameters) { row in
            SearchRanking.Match(section: Int64(row.int(0)), resource: row.string(1), term: number, score: -row.double(2))
        }
    }

    /// The most sections of the project whose BM25 score one term computes.
    /// FTS5 scores every match before it sorts (two microseconds each, a
    /// docsize lookup and a position list): a word in nearly every one of
    /// 12,000 sections cost 20 ms on its own. A term that common has an
    /// inverse document frequency near zero, so it adds next to nothing to
    /// a score; its newest matches stand for the rest.
    static let rankedSectionsPerTerm = 1_000

    /// The lowest section id a term's ranking reads: that of its
    /// `rankedSectionsPerTerm`-th newest match in the project (the index
    /// walks a term's matches by id at no scoring cost), or 0 when it has
    /// fewer.
    private static func rankingBound(_ database: SQLiteDatabase, table: String, _ expression: String, filter: SearchFilter?) throws -> Int64 {
        let offset = SQLiteValue.integer(Int64(rankedSectionsPerTerm - 1))
        guard let filter else {
            let sql = "SELECT rowid FROM \(table) WHERE \(table) MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?"
            return try database.query(sql, [SQLiteValue.text(expression), offset]) { Int64($0.int(0)) }.first ?? 0
        }
        let sql = """
            SELECT s.id FROM \(table) JOIN sections s ON s.id = \(table).rowid JOIN resources r ON r.id = s.resource_id
            WHERE \(table) MATCH ?\(filter.sql) ORDER BY \(table).rowid DESC LIMIT 1 OFFSET ?
            """
        let parameters: [SQLiteBindable] = [SQLiteValue.text(expression)] + filter.parameters + [offset]
        return try database.query(sql, parameters) { Int64($0.int(0)) }.first ?? 0
    }

    /// What a section holding a term no index answers scores for it: about
    /// what a rare word scores in a short section.
    static let substringScore = 1.0
    /// The most sections a proximity check returns.
    static let nearSectionLimit = 1_000

    /// Sections where the query's words stand within a few words of each other.
    private static func nearSections(_ database: SQLiteDatabase, _ expression: String) throws -> Set<Int64> {
        let sql = "SELECT rowid FROM search_words WHERE search_words MATCH ? LIMIT ?"
        return Set(try database.query(sql, expression, nearSectionLimit) { Int64($0.int(0)) })
    }

    private static let hitColumns = """
        r.id, r.path, s.version, s.heading, s.location_kind, s.location_number, s.location_name, s.start_offset, s.length
        """

    /// The bodies of `sections` with the query's words marked, by the word
    /// index, in one query: the ids within the hits' range are walked once
    /// and only the hits are highlighted. One query per hit made FTS5 merge
    /// a prefix's words anew for each, ten times the cost of the search.
    private static func highlighted(_ database: SQLiteDatabase, _ sections: [Int64], plan: SearchPlan) throws -> [Int64: String] {
        let words = plan.scored.filter { $0.index == .words }.map(\.expression)
        guard !words.isEmpty, let first = sections.min(), let last = sections.max() else { return [:] }
        let sql = """
            SELECT rowid, highlight(search_words, 1, ?, ?) FROM search_words
            WHERE search_words MATCH ? AND rowid BETWEEN ? AND ? AND +rowid IN (SELECT value FROM json_each(?))
            """
        let ids = "[" + sections.map(String.init).joined(separator: ",") + "]"
        let rows = try database.query(sql, String(SearchSnippet.matchStart), String(SearchSnippet.matchEnd),
                                      words.joined(separator: " OR "), first, last, ids) { (Int64($0.int(0)), $0.string(1)) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// A hit for a ranked section: its place, and a snippet of its body with
    /// the query's words marked (`marked`, when the word index found any)
    /// and its CJK terms marked in Swift.
    private static func sectionHit(_ database: SQLiteDatabase, _ section: SearchRanking.Section, marked: String?,
                                   plan: SearchPlan) throws -> SearchHit {
        let sql = "SELECT \(hitColumns), s.body FROM sections s JOIN resources r ON r.id = s.resource_id WHERE s.id = ?"
        guard var hit = try database.queryFirst(sql, Int64(section.id), row: { row in
            (hit(row, snippet: "", score: section.score), row.string(9))
        }) else { throw ProjectError.notFound("a search hit's section is gone") }
        var text = marked ?? hit.1
        for term in plan.scored where term.index != .words {
            text = SearchSnippet.marking(term.text, in: text)
        }
        hit.0.snippet = SearchSnippet.window(text)
        return hit.0
    }

    private static func hit(_ row: SQLiteRow, snippet: String, score: Double) -> SearchHit {
        let heading = row.string(3)
        let location = row.optionalString(4).flatMap(SourceLocation.Kind.init(rawValue:)).map {
            SourceLocation(kind: $0, number: row.optionalInt(5), name: row.optionalString(6))
        }
        return SearchHit(
            resourceId: row.string(0), path: row.string(1), version: row.int(2),
            headingPath: heading.isEmpty ? [] : heading.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            location: location, snippet: snippet, score: score, offset: row.int(7), length: row.int(8))
    }

    /// Runs a search, turning FTS5's complaints about a query into a usage error.
    private static func understood(_ search: () throws -> [SearchHit]) throws -> [SearchHit] {
        do {
            return try search()
        } catch let error as SQLiteError where error.primaryCode == 1 {
            throw ProjectError.invalidArgument("the search query could not be understood: \(error.message)")
        }
    }
}

extension SearchPlan.Index {
    /// The FTS5 table of the index; nil for substrings, which no index holds.
    var table: String? {
        switch self {
        case .words: "search_words"
        case .trigrams: "search_trigrams"
        case .pairs: "search_bigrams"
        case .substring: nil
        }
    }

    /// Headings weigh double where the index has them as a column.
    var ranking: String { self == .pairs ? "bm25()" : "bm25(2.0, 1.0)" }
}
