/// The conditions every section a search returns meets, as SQL over
/// `sections s` and `resources r`: the project's live versions, the
/// resource asked for, the query's required terms present and its excluded
/// terms absent. The SQL has a few shapes only, so prepared statements are
/// reused: substrings always take `maxSubstrings` slots, unused ones bound
/// to NULL (which `instr` passes over).
struct SearchFilter {
    var sql = " AND r.project_id = ? AND s.version = r.latest_version AND (? IS NULL OR r.id = ?)"
    var parameters: [SQLiteValue]

    init(plan: SearchPlan, scope: ProjectStore.Scope) {
        parameters = [.integer(Int64(scope.projectID)), scope.resourceID.sqliteValue, scope.resourceID.sqliteValue]
        for index in [SearchPlan.Index.words, .trigrams, .pairs] {
            guard let expression = plan.required(in: index), let table = index.table else { continue }
            sql += " AND s.id IN (SELECT rowid FROM \(table) WHERE \(table) MATCH ?)"
            parameters.append(.text(expression))
        }
        if let excluded = plan.excludedWords {
            sql += " AND s.id NOT IN (SELECT rowid FROM search_words WHERE search_words MATCH ?)"
            parameters.append(.text(excluded))
        }
        let required = plan.requiredSubstrings, excluded = plan.excludedSubstrings
        guard !required.isEmpty || !excluded.isEmpty else { return }
        for slot in 0..<SearchPlan.maxSubstrings {
            sql += " AND coalesce(instr(s.body, ?), 1) > 0"
            parameters.append(slot < required.count ? .text(required[slot]) : .null)
        }
        for slot in 0..<SearchPlan.maxSubstrings {
            sql += " AND coalesce(instr(s.body, ?), 0) = 0"
            parameters.append(slot < excluded.count ? .text(excluded[slot]) : .null)
        }
    }
}
