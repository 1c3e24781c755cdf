/// YAML front matter built from a document's metadata.
enum FrontMatter {
    static func render(_ metadata: Metadata) -> String {
        var lines: [String] = []
        func add(_ key: String, _ value: String?) {
            if let value, !value.isEmpty { lines.append("\(key): \(quoted(value))") }
        }
        add("title", metadata.title)
        if !metadata.authors.isEmpty {
            lines.append("authors:")
            for author in metadata.authors { lines.append("  - \(quoted(author))") }
        }
        add("subject", metadata.subject)
        if !metadata.keywords.isEmpty {
            lines.append("keywords:")
            for keyword in metadata.keywords { lines.append("  - \(quoted(keyword))") }
        }
        add("created", metadata.created)
        add("modified", metadata.modified)
        add("language", metadata.language)
        add("format", metadata.sourceFormat?.rawValue)
        if let count = metadata.pageCount { lines.append("pages: \(count)") }
        for (key, value) in metadata.extra { add(safeKey(key), value) }
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
