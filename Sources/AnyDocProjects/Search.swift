import Foundation

/// One search result: a section of a resource's live version.
public struct SearchHit: Sendable, Codable, Equatable {
    public var resourceId: String
    public var path: String
    public var version: Int
    /// Headings above the match, outermost first.
    public var headingPath: [String]
    /// The page, slide or sheet, when the source has them.
    public var location: SourceLocation?
    /// Text around the match, matched terms wrapped in `<mark>`…`</mark>`.
    public var snippet: String
    /// Higher is better (BM25, sign flipped from SQLite's).
    public var score: Double
    /// Where the section starts, in Unicode scalars: pass it to
    /// `resource_read` as `offset` to read the hit in context.
    public var offset: Int
    public var length: Int

    enum CodingKeys: String, CodingKey {
        case resourceId = "resource_id", path, version, headingPath = "heading_path", location, snippet, score, offset, length
    }
}

extension ProjectStore {
    public static let highlightStart = "<mark>"
    public static let highlightEnd = "</mark>"

    /// Full-text search over the live version of each resource in a
    /// project, best first. `resource` limits it to one resource.
    public func search(in project: String, query text: String, limit: Int = 10, resource reference: String? = nil) throws(ProjectError) -> [SearchHit] {
        let query = SearchQuery(text)
        guard !query.terms.isEmpty else { throw .invalidArgument("the search query is empty") }
        try query.checkSize()
        let limit = max(1, min(limit, 1000))
        return try withDatabase { database in
            let projectID = try Self.projectID(database, name: project)
            let resourceID = try reference.map { try Self.findResource(database, project: project, $0).id }
            let scope = Scope(projectID: projectID, resourceID: resourceID, limit: limit)
            guard query.needsTrigrams else {
                return try Self.wordSearch(database, expression: query.wordExpression, scope: scope)
            }
            let plan = query.cjkPlan
            if let expression = plan.trigramExpression {
                return try Self.cjkSearch(database, index: .trigrams, expression: expression, highlight: plan.trigramTerms[0],
                                          pairs: plan.pairExpression, substrings: plan.substrings, scope: scope)
            }
            if let expression = plan.pairExpression {
                return try Self.cjkSearch(database, index: .pairs, expression: expression, highlight: plan.pairs[0],
                                          pairs: nil, substrings: plan.substrings, scope: scope)
            }
            return try Self.substringSearch(database, substrings: plan.substrings, scope: scope)
        }
    }

    private static let hitColumns = """
        r.id, r.path, s.version, s.heading, s.location_kind, s.location_number, s.location_name, s.start_offset, s.length
        """

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

    /// Where a search looks and how many hits it returns.
    struct Scope {
        var projectID: Int
        /// Only this resource's sections, when set.
        var resourceID: String?
        var limit: Int
    }

    /// A search of the word index, ranked by BM25 with headings weighted
    /// double.
    ///
    /// The ranking is FTS5's own (`ORDER BY rank`): the index ranks its
    /// matches and hands them over best first, so each is joined to its
    /// section and resource, checked and given a snippet only until the
    /// limit is reached. Ordering by `bm25()` instead made SQLite join and
    /// sort every match first: a common word matches most sections, and
    /// that cost a third more time.
    private static func wordSearch(_ database: SQLiteDatabase, expression: String, scope: Scope) throws -> [SearchHit] {
        let sql = """
            SELECT \(hitColumns), highlight(search_words, 1, ?, ?), search_words.rank
            FROM search_words JOIN sections s ON s.id = search_words.rowid JOIN resources r ON r.id = s.resource_id
            WHERE search_words MATCH ? AND search_words.rank MATCH 'bm25(2.0, 1.0)'
                AND r.project_id = ? AND s.version = r.latest_version AND (? IS NULL OR r.id = ?)
            ORDER BY search_words.rank LIMIT ?
            """
        let parameters: [SQLiteValue] = [.text(String(SearchSnippet.matchStart)), .text(String(SearchSnippet.matchEnd)), .text(expression),
                                          .integer(Int64(scope.projectID)), scope.resourceID.sqliteValue, scope.resourceID.sqliteValue,
                                          .integer(Int64(scope.limit))]
        return try understood {
            try database.query(sql, parameters, row: { row in
                hit(row, snippet: SearchSnippet.window(row.string(9)), score: -row.double(10))
            })
        }
    }

    /// The two indexes for CJK text: trigrams for terms of three or more
    /// characters (headings weighted double), letter pairs for two-letter
    /// words. Ranked best first by the index like `wordSearch`; the snippet
    /// is cut from the body around `highlight`, so only the bodies of the
    /// hits returned are read.
    enum CJKIndex {
        case trigrams, pairs

        var table: String { self == .trigrams ? "search_trigrams" : "search_bigrams" }
        var ranking: String { self == .trigrams ? "bm25(2.0, 1.0)" : "bm25()" }
    }

    private static func cjkSearch(_ database: SQLiteDatabase, index: CJKIndex, expression: String, highlight: String,
                                  pairs: String?, substrings: [String], scope: Scope) throws -> [SearchHit] {
        let table = index.table
        var sql = """
            SELECT \(hitColumns), s.body, \(table).rank
            FROM \(table) JOIN sections s ON s.id = \(table).rowid JOIN resources r ON r.id = s.resource_id
            WHERE \(table) MATCH ? AND \(table).rank MATCH '\(index.ranking)'
                AND r.project_id = ? AND s.version = r.latest_version AND (? IS NULL OR r.id = ?)
            """
        var parameters: [SQLiteValue] = [.text(expression), .integer(Int64(scope.projectID)),
                                          scope.resourceID.sqliteValue, scope.resourceID.sqliteValue]
        appendPairFilter(pairs, to: &sql, &parameters)
        appendSubstringFilter(substrings, to: &sql, &parameters)
        sql += " ORDER BY \(table).rank LIMIT ?"
        parameters.append(.integer(Int64(scope.limit)))
        return try understood {
            try database.query(sql, parameters, row: { row in
                hit(row, snippet: snippetAround(row.string(9), [highlight]), score: -row.double(10))
            })
        }
    }

    /// Requires the section to hold every two-letter CJK word of `pairs`
    /// (a MATCH expression for the pair index), looked up by the section's id.
    private static func appendPairFilter(_ pairs: String?, to sql: inout String, _ parameters: inout [SQLiteValue]) {
        guard let pairs else { return }
        sql += " AND EXISTS (SELECT 1 FROM search_bigrams WHERE search_bigrams MATCH ? AND search_bigrams.rowid = s.id)"
        parameters.append(.text(pairs))
    }

    /// Requires up to eight substrings of the section's body. The SQL text
    /// is the same for any number of them, so one prepared statement serves.
    private static func appendSubstringFilter(_ substrings: [String], to sql: inout String, _ parameters: inout [SQLiteValue]) {
        for substring in substrings.prefix(8) {
            sql += " AND instr(s.body, ?) > 0"
            parameters.append(.text(substring))
        }
        for _ in min(8, substrings.count)..<8 {
            sql += " AND ?"
            parameters.append(.integer(1))
        }
    }

    /// Runs a search, turning FTS5's complaints about a query into a usage error.
    private static func understood(_ search: () throws -> [SearchHit]) throws -> [SearchHit] {
        do {
            return try search()
        } catch let error as SQLiteError where error.primaryCode == 1 {
            throw ProjectError.invalidArgument("the search query could not be understood: \(error.message)")
        }
    }

    /// The fallback for single CJK characters and other terms no index
    /// holds: a scan of the project's sections, bounded by the limit.
    private static func substringSearch(_ database: SQLiteDatabase, substrings: [String], scope: Scope) throws -> [SearchHit] {
        var sql = """
            SELECT \(hitColumns), s.body FROM sections s JOIN resources r ON r.id = s.resource_id
            WHERE r.project_id = ? AND s.version = r.latest_version AND (? IS NULL OR r.id = ?)
            """
        var parameters: [SQLiteValue] = [.integer(Int64(scope.projectID)), scope.resourceID.sqliteValue, scope.resourceID.sqliteValue]
        appendSubstringFilter(substrings, to: &sql, &parameters)
        sql += " ORDER BY r.path, s.ordinal LIMIT ?"
        parameters.append(.integer(Int64(scope.limit)))
        return try database.query(sql, parameters, row: { row in
            hit(row, snippet: snippetAround(row.string(9), substrings), score: 0)
        })
    }

    /// A window of the body around the first occurrence of the first term.
    static func snippetAround(_ body: String, _ terms: [String]) -> String {
        SearchSnippet.window(terms.first.map { SearchSnippet.marking($0, in: body) } ?? body)
    }
}
