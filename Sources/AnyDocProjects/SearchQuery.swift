/// A parsed search query. Plain words and prefix* terms are all optional:
/// the ranking rewards sections and documents holding more of them.
/// "Quoted phrases" and terms joined by `AND` must be in the section;
/// `NOT term` and `-term` must not. `OR` between terms makes each optional,
/// phrases included.
struct SearchQuery {
    enum Term: Equatable {
        case word(String, prefix: Bool)
        case phrase(String)
        case or
        case and
        case not
    }

    var terms: [Term] = []
    /// The query's length in characters, as typed.
    var length = 0

    init(_ text: String) {
        length = text.unicodeScalars.count
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
            } else if first == "-", scalars.count > 1, let next = scalars.dropFirst().first,
                      !next.properties.isWhitespace, next != "-" {
                // `-term` excludes it, like `NOT term`.
                scalars.removeFirst()
                if terms.last != .not { terms.append(.not) }
            } else {
                let body = scalars.prefix(while: { !$0.properties.isWhitespace && $0 != "\"" })
                scalars = scalars.dropFirst(body.count)
                var word = String(String.UnicodeScalarView(body))
                if let keyword = Self.keywords[word] {
                    // An operator joins terms: one with nothing before it is dropped, except NOT.
                    let afterTerm = terms.last.map { !Self.isOperator($0) } ?? false
                    if keyword == .not ? terms.last != .not : afterTerm { terms.append(keyword) }
                    continue
                }
                let prefix = word.hasSuffix("*")
                while word.hasSuffix("*") { word.removeLast() }
                if !word.isEmpty { terms.append(.word(word, prefix: prefix)) }
            }
        }
        while let last = terms.last, Self.isOperator(last) { terms.removeLast() }
    }

    static func isOperator(_ term: Term) -> Bool {
        switch term {
        case .or, .and, .not: true
        case .word, .phrase: false
        }
    }

    /// Operators, written in capitals as FTS5 has them; `NOT` may start a query.
    private static let keywords: [String: Term] = ["OR": .or, "AND": .and, "NOT": .not]

    /// The most a query may ask, so that none makes the index do unbounded
    /// work: each term is a list to read and merge and each phrase word a
    /// position check; a prefix of one letter would merge the list of every
    /// word that starts with it, where two or three read one list of the
    /// prefix index.
    static let maxLength = 1_000
    static let maxWords = 32
    static let maxPrefixes = 4
    static let minPrefixLength = 2

    /// Refuses a query beyond the limits, saying which one.
    func checkSize() throws(ProjectError) {
        if length > Self.maxLength {
            throw .invalidArgument("the search query is too long (\(length) characters; at most \(Self.maxLength))")
        }
        var words = 0
        var prefixes = 0
        for term in terms {
            switch term {
            case .word(let text, let prefix):
                words += Self.wordCount(text)
                guard prefix else { continue }
                prefixes += 1
                if text.unicodeScalars.count < Self.minPrefixLength && !text.unicodeScalars.contains(where: Self.isCJK) {
                    throw .invalidArgument("the prefix '\(text)*' is too short: a prefix needs at least \(Self.minPrefixLength) characters")
                }
            case .phrase(let text):
                words += Self.wordCount(text)
            case .or, .and, .not:
                continue
            }
        }
        if words > Self.maxWords {
            throw .invalidArgument("the search query has too many words (\(words); at most \(Self.maxWords))")
        }
        if prefixes > Self.maxPrefixes {
            throw .invalidArgument("the search query has too many prefix terms (\(prefixes); at most \(Self.maxPrefixes))")
        }
    }

    /// The words the index sees in `text`: runs of letters and digits.
    static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let isWordScalar = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if isWordScalar && !inWord { count += 1 }
            inWord = isWordScalar
        }
        return max(count, 1)
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
    static func quoted(_ text: String) -> String {
        "\"" + text.replacing( "\"", with: "\"\"") + "\""
    }
}
