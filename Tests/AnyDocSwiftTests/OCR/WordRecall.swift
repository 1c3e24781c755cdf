import Foundation

/// How much of a known text a recognised text contains.
enum WordRecall {
    /// The words of `text` for comparison: lower-cased runs of letters and
    /// digits, except that CJK characters count one by one (they are
    /// written without spaces). Text is compared in NFKC, so full-width
    /// digits match ASCII ones and half-width katakana full-width ones.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for scalar in text.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            let character = Character(scalar)
            if isCJK(scalar) {
                if !current.isEmpty { tokens.append(current) }
                current = ""
                if character.isLetter || character.isNumber { tokens.append(String(character)) }
            } else if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// The share of the truth's words (as a multiset) found in `output`.
    static func recall(of truth: String, in output: String) -> Double {
        let expected = tokens(truth)
        guard !expected.isEmpty else { return 1 }
        var available: [String: Int] = [:]
        for token in tokens(output) { available[token, default: 0] += 1 }
        var found = 0
        for token in expected where available[token, default: 0] > 0 {
            available[token, default: 0] -= 1
            found += 1
        }
        return Double(found) / Double(expected.count)
    }

    /// Truth words the output lacks, for failure messages.
    static func missing(from truth: String, in output: String, limit: Int = 30) -> [String] {
        var available: [String: Int] = [:]
        for token in tokens(output) { available[token, default: 0] += 1 }
        var missing: [String] = []
        for token in tokens(truth) {
            if available[token, default: 0] > 0 {
                available[token, default: 0] -= 1
            } else if missing.count < limit {
                missing.append(token)
            }
        }
        return missing
    }

    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F,
             0xAC00...0xD7AF, 0xFF66...0xFF9F:
            return true
        default:
            return false
        }
    }
}

/// The text drawn into TestDocuments/images by Scripts/make-ocr-fixtures.py.
enum OCRFixtureText {
    static let paragraph = """
        The quick brown fox jumps over the lazy dog.
        Optical character recognition turns pictures
        of printed pages into searchable text.
        """
    static let second = """
        Invoice number 4821 was paid on March 14.
        Seven boxes of paper were delivered today.
        """
    static let pageOne = """
        Chapter one begins on the first page.
        Rivers carry water from mountains to oceans.
        """
    static let pageTwo = """
        Chapter two continues on the second page.
        Gardens need sunlight, water and patience.
        """
}
