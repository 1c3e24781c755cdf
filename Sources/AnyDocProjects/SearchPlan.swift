/// How each term of a query is looked up, and what it does to a section:
/// found in it, optional terms raise its score; required terms must be in
/// it and excluded ones must not.
struct SearchPlan: Equatable {
    enum Role: Equatable { case optional, required, excluded }

    /// The index that answers a term: words for text without CJK script;
    /// for CJK, trigrams for three or more characters, letter pairs for two
    /// CJK letters, and a substring scan for anything shorter.
    enum Index: Equatable { case words, trigrams, pairs, substring }

    struct Term: Equatable {
        var text: String
        var prefix: Bool
        var role: Role
        var index: Index

        /// The FTS5 expression for the term's index.
        var expression: String { SearchQuery.quoted(text) + (prefix && index == .words ? "*" : "") }
    }

    /// The most terms scored, each one index lookup of a bounded number of
    /// sections; further terms are ignored for scoring (they still count
    /// toward the query limits of `SearchQuery`).
    static let maxScoredTerms = 12
    /// The most substrings a section is checked for, required or excluded.
    static let maxSubstrings = 8

    var terms: [Term] = []

    init(_ query: SearchQuery) {
        let items = query.terms
        var seen: Set<String> = []
        for (position, item) in items.enumerated() {
            let text: String, prefix: Bool, phrase: Bool
            switch item {
            case .word(let word, let isPrefix): (text, prefix, phrase) = (word, isPrefix, false)
            case .phrase(let words): (text, prefix, phrase) = (words, false, true)
            case .or, .and, .not: continue
            }
            let before = position > 0 ? items[position - 1] : nil
            let after = position + 1 < items.count ? items[position + 1] : nil
            let role: Role
            if before == .not {
                role = .excluded
            } else if before == .and || after == .and || (phrase && before != .or && after != .or) {
                role = .required
            } else {
                role = .optional
            }
            let term = Term(text: text, prefix: prefix, role: role, index: Self.index(for: text))
            let key = "\(role)|\(term.index)|\(prefix)|\(text.lowercased())"
            if seen.insert(key).inserted { terms.append(term) }
        }
    }

    static func index(for text: String) -> Index {
        guard text.unicodeScalars.contains(where: SearchQuery.isCJK) else { return .words }
        if text.unicodeScalars.count >= 3 { return .trigrams }
        return CJKBigrams.isPair(text) ? .pairs : .substring
    }

    /// The terms that score sections, required ones first, at most `maxScoredTerms`.
    var scored: [Term] {
        Array((terms.filter { $0.role == .required } + terms.filter { $0.role == .optional }).prefix(Self.maxScoredTerms))
    }

    func terms(_ role: Role, in index: Index) -> [Term] {
        terms.filter { $0.role == role && $0.index == index }
    }

    /// The terms every section must hold, as one expression of `index`.
    func required(in index: Index) -> String? {
        let expressions = terms(.required, in: index).map(\.expression)
        return expressions.isEmpty ? nil : expressions.joined(separator: " AND ")
    }

    /// The excluded terms of the word index, as one expression.
    var excludedWords: String? {
        let expressions = terms(.excluded, in: .words).map(\.expression)
        return expressions.isEmpty ? nil : expressions.joined(separator: " OR ")
    }

    /// Required CJK text that no index answers, checked as substrings.
    var requiredSubstrings: [String] { Array(terms(.required, in: .substring).map(\.text).prefix(Self.maxSubstrings)) }

    /// Excluded CJK text, of any length, checked as substrings.
    var excludedSubstrings: [String] {
        Array(terms.filter { $0.role == .excluded && $0.index != .words }.map(\.text).prefix(Self.maxSubstrings))
    }

    /// The scored terms of the word index for proximity: found within a few
    /// words of each other in one section.
    var nearExpression: String? {
        let words = scored.filter { $0.index == .words }.prefix(6).map(\.expression)
        return words.count >= 2 ? "NEAR(" + words.joined(separator: " ") + ", \(Self.nearDistance))" : nil
    }

    static let nearDistance = 10
}
