/// Reads Word field instructions such as `HYPERLINK "https://…" \o "tip"`.
enum WordFieldInstruction {
    /// The link target of a HYPERLINK field: its URL, or `#bookmark` for
    /// `\l`; nil for any other field.
    static func hyperlinkTarget(_ instruction: String) -> String? {
        let words = tokens(instruction)
        guard let first = words.first, first.uppercased() == "HYPERLINK" else { return nil }
        var url: String?
        var anchor: String?
        var index = 1
        while index < words.count {
            let word = words[index]
            if word == "\\l", index + 1 < words.count {
                anchor = words[index + 1]
                index += 2
            } else if word.hasPrefix("\\") {
                index += word == "\\o" || word == "\\t" ? 2 : 1
            } else {
                if url == nil { url = word }
                index += 1
            }
        }
        if let anchor { return (url ?? "") + "#" + anchor }
        return url
    }

    /// Splits an instruction into words, keeping quoted text together.
    private static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var quoted = false
        var hasToken = false
        for character in text {
            if character == "\"" {
                if quoted { result.append(current); current = ""; hasToken = false }
                quoted.toggle()
            } else if character.isWhitespace && !quoted {
                if hasToken { result.append(current); current = ""; hasToken = false }
            } else {
                current.append(character)
                hasToken = true
            }
        }
        if hasToken || (quoted && !current.isEmpty) { result.append(current) }
        return result
    }
}
