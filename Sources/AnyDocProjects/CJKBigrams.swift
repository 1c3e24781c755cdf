/// Two-letter terms for Chinese, Japanese and Korean text, which runs words
/// together without spaces. The trigram index finds terms of three or more
/// characters, but most Chinese words have two; indexing every adjacent pair
/// of letters in a run of CJK script turns a two-character query into one
/// index lookup instead of a scan of every section.
enum CJKBigrams {
    /// The pairs of `text` in order, space-separated, repeats kept so the
    /// ranking sees how often a word occurs; empty when the text has no run
    /// of two CJK letters, so text in other scripts costs nothing.
    static func of(_ text: String) -> String {
        var pairs = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            guard isLetter(scalar) else {
                previous = nil
                continue
            }
            if let first = previous {
                if !pairs.isEmpty { pairs.append(" ") }
                pairs.append(first)
                pairs.append(scalar)
            }
            previous = scalar
        }
        return String(pairs)
    }

    /// True for a term the pair index answers: exactly two CJK letters.
    static func isPair(_ term: String) -> Bool {
        var scalars = term.unicodeScalars.makeIterator()
        guard let first = scalars.next(), let second = scalars.next(), scalars.next() == nil else { return false }
        return isLetter(first) && isLetter(second)
    }

    /// True when the text has any character of a CJK script, letter or
    /// not: only such sections can match a query the trigram index answers,
    /// since every such query holds one.
    static func containsCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: SearchQuery.isCJK)
    }

    /// A letter of a CJK script; punctuation such as 。 and 、 ends a run.
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        SearchQuery.isCJK(scalar) && scalar.properties.isAlphabetic
    }
}
