/// Escaping for the little HTML the serializer writes (complex tables,
/// anchors). Control characters are dropped; line endings become `\n`
/// for the caller to place.
enum HTMLEscaping {
    static func text(_ text: String) -> String {
        escape(text, quotes: false)
    }

    static func attribute(_ text: String) -> String {
        escape(text, quotes: true).replacingAll("\n", with: " ")
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || (quotes && $0 == 34) || $0 < 32 || $0 == 127 })
        else { return text }
        let clean = text.normalizingLineEnds()
        var result = ""
        result.reserveCapacity(clean.utf8.count + 16)
        for scalar in clean.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
