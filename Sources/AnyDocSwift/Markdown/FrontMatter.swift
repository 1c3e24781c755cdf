/// YAML front matter built from a document's metadata.
enum FrontMatter {
    /// `warnings` come last, as a list, so a reader of the file learns
    /// what the conversion could not do.
    static func render(_ metadata: Metadata, warnings: [String] = []) -> String {
        var lines: [String] = []
        // A repeated key would make the YAML invalid: the first one wins.
        var keys: Set<String> = []
        func add(_ key: String, _ value: String?) {
            guard let value, !value.isEmpty, keys.insert(key).inserted else { return }
            lines.append("\(key): \(quoted(value))")
        }
        func add(_ key: String, list: [String]) {
            guard !list.isEmpty, keys.insert(key).inserted else { return }
            lines.append("\(key):")
            for item in list { lines.append("  - \(quoted(item))") }
        }
        add("title", metadata.title)
        add("authors", list: metadata.authors)
        add("subject", metadata.subject)
        add("keywords", list: metadata.keywords)
        add("created", metadata.created)
        add("modified", metadata.modified)
        add("language", metadata.language)
        add("format", metadata.sourceFormat?.rawValue)
        if let count = metadata.pageCount, keys.insert("pages").inserted { lines.append("pages: \(count)") }
        for (key, value) in metadata.extra { add(safeKey(key), value) }
        add("warnings", list: warnings)
        return "---\n" + lines.map { $0 + "\n" }.joined() + "---"
    }

    /// A YAML double-quoted scalar: safe for any text.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // YAML reads these as line breaks.
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            default:
                if scalar.value < 32 || scalar.value == 127 {
                    result += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func safeKey(_ key: String) -> String {
        let cleaned = key.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" }
        return cleaned.isEmpty ? "key" : String(cleaned)
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
