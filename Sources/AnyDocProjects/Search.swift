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
}

/// A parsed search query: words (all must match), "quoted phrases" and
/// prefix* terms, with `OR` between two terms for either.
struct SearchQuery {
    enum Term: Equatable {
        case word(String, prefix: Bool)
        case phrase(String)
        case or
    }

    var terms: [Term] = []

    init(_ text: String) {
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.first {
            if first.properties.isWhitespace {
                scalars.removeFirst()
            } else if first == "\"" {
                scalars.removeFirst()
                let body = scalars.prefix(while: { $0 != "\"" })
                scalars = scalars.dropFirst(body.count + 1)
                let phrase = String(String.UnicodeScalarView(body)).trimmingASCIISpace()
                if !phrase.isEmpty { terms.append(.phrase(phrase)) }
            } else {
                let body = scalars.prefix(while: { !$0.properties.isWhitespace && $0 != "\"" })
                scalars = scalars.dropFirst(body.count)
                var word = String(String.UnicodeScalarView(body))
                if word == "OR" {
                    if let last = terms.last, last != .or { terms.append(.or) }
                    continue
                }
                let prefix = word.hasSuffix("*")
                while word.hasSuffix("*") { word.removeLast() }
                if !word.isEmpty { terms.append(.word(word, prefix: prefix)) }
            }
        }
        while terms.last == .or { terms.removeLast() }
    }

    /// True when any term holds Chinese, Japanese or Korean script, which
    /// has no spaces between words and goes to the trigram index.
    var needsTrigrams: Bool {
        terms.contains { term in
            switch term {
            case .word(let text, _), .phrase(let text): text.unicodeScalars.contains(where: Self.isCJK)
            case .or: false
            }
        }
    }

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF,
             0x3200...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF00...0xFFEF,
             0x20000...0x3FFFF:
            true
        default:
            false
        }
    }

    /// Quotes a term for FTS5: inside double quotes every character is
    /// literal text, so user input never becomes query syntax.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The MATCH expression for the word index.
    var wordExpression: String {
        terms.map { term in
            switch term {
            case .word(let text, let prefix): Self.quoted(text) + (prefix ? "*" : "")
            case .phrase(let text): Self.quoted(text)
            case .or: "OR"
            }
        }.joined(separator: " ")
    }

    /// For the trigram index: terms of three or more characters go to MATCH
    /// (substring semantics make `*` moot); shorter ones cannot use the
    /// index and are checked as substrings of the section.
    var trigramParts: (expression: String?, substrings: [String]) {
        var parts: [String] = []
        var short: [String] = []
        for term in terms {
            switch term {
            case .word(let text, _), .phrase(let text):
                if text.unicodeScalars.count >= 3 { parts.append(Self.quoted(text)) } else { short.append(text) }
            case .or:
                // OR over short terms cannot be expressed as substrings; the
                // trigram side treats every term as required.
                continue
            }
        }
        return (parts.isEmpty ? nil : parts.joined(separator: " "), short)
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
        let limit = max(1, min(limit, 1000))
        return try withDatabase { database in
            let projectID = try Self.projectID(database, name: project)
            let resourceID = try reference.map { try Self.findResource(database, project: project, $0).id }
            if query.needsTrigrams {
                let (expression, substrings) = query.trigramParts
                if let expression {
                    return try Self.ftsSearch(database, table: "search_trigrams", expression: expression, substrings: substrings,
                                              projectID: projectID, resourceID: resourceID, limit: limit, snippetTokens: 40)
                }
                return try Self.substringSearch(database, substrings: substrings, projectID: projectID, resourceID: resourceID, limit: limit)
            }
            return try Self.ftsSearch(database, table: "search_words", expression: query.wordExpression, substrings: [],
                                      projectID: projectID, resourceID: resourceID, limit: limit, snippetTokens: 24)
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

    private static func ftsSearch(_ database: SQLiteDatabase, table: String, expression: String, substrings: [String],
                                  projectID: Int, resourceID: String?, limit: Int, snippetTokens: Int) throws -> [SearchHit] {
        // The table name is one of two constants; every value is a parameter.
        precondition(table == "search_words" || table == "search_trigrams")
        var sql = """
            SELECT \(hitColumns), snippet(\(table), 1, ?, ?, '…', \(snippetTokens)), bm25(\(table), 2.0, 1.0)
            FROM \(table) JOIN sections s ON s.id = \(table).rowid JOIN resources r ON r.id = s.resource_id
            WHERE \(table) MATCH ? AND r.project_id = ? AND s.version = r.latest_version AND (? IS NULL OR r.id = ?)
            """
        var parameters: [SQLiteValue] = [.text(highlightStart), .text(highlightEnd), .text(expression), .integer(Int64(projectID)),
                                          resourceID.sqliteValue, resourceID.sqliteValue]
        for substring in substrings.prefix(8) {
            sql += " AND instr(s.body, ?) > 0"
            parameters.append(.text(substring))
        }
        for _ in min(8, substrings.count)..<8 { sql += " AND ?"; parameters.append(.integer(1)) }
        sql += " ORDER BY bm25(\(table), 2.0, 1.0) LIMIT ?"
        parameters.append(.integer(Int64(limit)))
        do {
            return try database.query(sql, parameters, row: { row in
                hit(row, snippet: row.string(9), score: -row.double(10))
            })
        } catch let error as SQLiteError where error.primaryCode == 1 {
            throw ProjectError.invalidArgument("the search query could not be understood: \(error.message)")
        }
    }

    /// The fallback for CJK terms shorter than a trigram: a scan of the
    /// project's sections, bounded by the limit.
    private static func substringSearch(_ database: SQLiteDatabase, substrings: [String], projectID: Int, resourceID: String?, limit: Int) throws -> [SearchHit] {
        var sql = """
            SELECT \(hitColumns), s.body FROM sections s JOIN resources r ON r.id = s.resource_id
            WHERE r.project_id = ? AND s.version = r.latest_version AND (? IS NULL OR r.id = ?)
            """
        var parameters: [SQLiteValue] = [.integer(Int64(projectID)), resourceID.sqliteValue, resourceID.sqliteValue]
        for substring in substrings.prefix(8) {
            sql += " AND instr(s.body, ?) > 0"
            parameters.append(.text(substring))
        }
        for _ in min(8, substrings.count)..<8 { sql += " AND ?"; parameters.append(.integer(1)) }
        sql += " ORDER BY r.path, s.ordinal LIMIT ?"
        parameters.append(.integer(Int64(limit)))
        return try database.query(sql, parameters, row: { row in
            hit(row, snippet: snippetAround(row.string(9), substrings), score: 0)
        })
    }

    /// About thirty characters either side of the first term's first match.
    static func snippetAround(_ body: String, _ terms: [String]) -> String {
        guard let term = terms.first, let range = body.range(of: term) else { return String(body.prefix(60)) }
        let start = body.index(range.lowerBound, offsetBy: -30, limitedBy: body.startIndex) ?? body.startIndex
        let end = body.index(range.upperBound, offsetBy: 30, limitedBy: body.endIndex) ?? body.endIndex
        var text = start == body.startIndex ? "" : "…"
        text += body[start..<range.lowerBound] + highlightStart + body[range] + highlightEnd + body[range.upperBound..<end]
        if end != body.endIndex { text += "…" }
        return text.replacingOccurrences(of: "\n", with: " ")
    }
}
