/// Character classes as CommonMark defines them for delimiter runs and
/// escapes. `nil` stands for the start or end of the text.
enum MarkdownCharacters {
    /// Unicode whitespace: space separators (Zs), tab, line feed, form
    /// feed and carriage return. The edge of the text counts as whitespace.
    static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
        case 0..<0x80: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// ASCII punctuation or Unicode punctuation (P*). With `symbols`, also
    /// Unicode symbols (S*), which newer CommonMark counts as punctuation;
    /// checks that must hold for both readings use each where it is stricter.
    static func isPunctuation(_ scalar: Unicode.Scalar?, symbols: Bool) -> Bool {
        guard let scalar else { return false }
        if scalar.isASCII { return isASCIIPunctuation(scalar) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return symbols
        default:
            return false
        }
    }

    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// A control character that carries no text: C0 other than tab and
    /// line endings, and DEL.
    static func isDroppedControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0x7F
    }

    /// Whether a delimiter run between `before` and `after` can open
    /// (left-flanking) emphasis under either reading of punctuation.
    static func isLeftFlanking(before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
        !isWhitespace(after)
            && (!isPunctuation(after, symbols: true) || isWhitespace(before) || isPunctuation(before, symbols: false))
    }

    /// Whether a delimiter run between `before` and `after` can close
    /// (right-flanking) emphasis under either reading of punctuation.
    static func isRightFlanking(before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
        !isWhitespace(before)
            && (!isPunctuation(before, symbols: true) || isWhitespace(after) || isPunctuation(after, symbols: false))
    }

    /// `&name;`, `&#123;` or `&#x1F;` at `start` would be read as a character reference.
    static func looksLikeEntity<C: RandomAccessCollection>(_ scalars: C, from start: C.Index) -> Bool
    where C.Element == Unicode.Scalar {
        var index = start
        guard index < scalars.endIndex, scalars[index] == "&" else { return false }
        index = scalars.index(after: index)
        if index < scalars.endIndex, scalars[index] == "#" { index = scalars.index(after: index) }
        var length = 0
        while index < scalars.endIndex, length <= 32 {
            let scalar = scalars[index]
            if scalar == ";" { return length > 0 }
            guard isASCIILetter(scalar) || isASCIIDigit(scalar) else { return false }
            length += 1
            index = scalars.index(after: index)
        }
        return false
    }
}
