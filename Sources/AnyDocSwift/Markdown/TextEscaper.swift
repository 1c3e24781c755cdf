/// Escapes literal text for CommonMark/GFM with the fewest backslashes:
/// a character is escaped only when, with its neighbours, it could open
/// or close some syntax. Pipes in table cells are escaped later, over the
/// whole cell.
enum TextEscaper {
    /// Bytes that may need attention; text without any is copied as is.
    private static let special: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in Array("\\`*_~[]<&!$".utf8) { table[Int(byte)] = true }
        for byte in 0..<32 where byte != 9 { table[byte] = true }
        table[127] = true
        return table
    }()

    /// Appends `text` to `out`. `next` is the first character written after
    /// the text (nil at the end of the paragraph).
    static func append(_ text: String, next: Unicode.Scalar?, scope: InlineScope, into out: inout String) {
        // After a footnote reference, `[^1]:` at a line start would define
        // a footnote. (A `]` of this text before `:` is escaped below.)
        if text.utf8.first == UInt8(ascii: ":"), out.utf8.last == UInt8(ascii: "]") { out += "\\" }
        if !text.utf8.contains(where: { special[Int($0)] }) {
            out += text
            return
        }
        let scalars = Array(text.unicodeScalars)
        var previous = out.unicodeScalars.last
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let following = index + 1 < scalars.count ? scalars[index + 1] : next
            switch scalar {
            case "\r", "\n":
                if scalar == "\r", following == "\n" { index += 1 }
                switch scope.context {
                case .block: out += "\n"
                case .heading: out += " "
                case .tableCell: out += "<br>"
                }
                previous = "\n"
                index += 1
                continue
            case "*", "_", "~":
                // A delimiter run is judged as a whole, by what surrounds it.
                var end = index + 1
                while end < scalars.count, scalars[end] == scalar { end += 1 }
                let after = end < scalars.count ? scalars[end] : next
                let escape = scalar == "~"
                    ? scope.escapeTildes && mayDelimit(scalar, before: previous, after: after)
                    : mayDelimit(scalar, before: previous, after: after)
                for _ in index..<end {
                    if escape { out += "\\" }
                    out.unicodeScalars.append(scalar)
                }
                previous = scalar
                index = end
                continue
            case "\\":
                // Before punctuation it would escape it; before a line end it would be a hard break.
                if following == nil || following == "\n" || following == "\r"
                    || following.map(MarkdownCharacters.isASCIIPunctuation) == true {
                    out += "\\"
                }
            case "`":
                out += "\\"
            case "[":
                if scope.inLinkText || following == "^" { out += "\\" }
            case "]":
                if scope.inLinkText || following == "(" || following == "[" || following == ":" { out += "\\" }
            case "<":
                if let following, following == "/" || following == "!" || following == "?"
                    || MarkdownCharacters.isASCIILetter(following) {
                    out += "\\"
                }
            case "&":
                if MarkdownCharacters.looksLikeEntity(scalars, from: index) { out += "\\" }
            case "!":
                if following == "[" { out += "\\" }
            case "$":
                if scope.escapeDollars { out += "\\" }
            default:
                if MarkdownCharacters.isDroppedControl(scalar) {
                    index += 1
                    continue
                }
            }
            out.unicodeScalars.append(scalar)
            previous = scalar
            index += 1
        }
    }

    /// Whether a run of `marker` between `before` and `after` could open or
    /// close emphasis. Between two spaces it never can; `_` also cannot
    /// inside a word.
    private static func mayDelimit(_ marker: Unicode.Scalar, before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
        if MarkdownCharacters.isWhitespace(before) && MarkdownCharacters.isWhitespace(after) { return false }
        if marker == "_" {
            let wordBefore = !MarkdownCharacters.isWhitespace(before) && !MarkdownCharacters.isPunctuation(before, symbols: true)
            let wordAfter = !MarkdownCharacters.isWhitespace(after) && !MarkdownCharacters.isPunctuation(after, symbols: true)
            if wordBefore && wordAfter { return false }
        }
        return true
    }
}
