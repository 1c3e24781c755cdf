/// The self-contained pieces of inline syntax: code spans, autolinks,
/// link destinations and titles.
enum InlineSyntax {
    /// A code span whose fence is longer than any run of backticks inside.
    static func codeSpan(_ code: String) -> String {
        let content = code.singleLine()
        var longest = 0, run = 0
        for byte in content.utf8 {
            if byte == UInt8(ascii: "`") { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        let fence = String(repeating: "`", count: longest + 1)
        // CommonMark strips one space from each side when both have one.
        let needsPadding = content.hasPrefix("`") || content.hasSuffix("`")
            || (content.hasPrefix(" ") && content.hasSuffix(" ") && !content.allSatisfy { $0 == " " })
        return needsPadding ? "\(fence) \(content) \(fence)" : "\(fence)\(content)\(fence)"
    }

    static func isAutolinkable(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        guard scheme.count >= 2, scheme.count <= 32, scheme.first!.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "." || $0 == "-") })
        else { return false }
        return !destination.unicodeScalars.contains(where: { $0 == " " || $0 == "<" || $0 == ">" || $0.value < 32 || $0.value == 127 })
    }

    /// A link destination, in angle brackets when it has spaces or
    /// unbalanced parentheses. Backslashes are doubled and `&` that looks
    /// like a character reference is written `&amp;`, since both would
    /// otherwise be decoded.
    static func destination(_ destination: String) -> String {
        if !destination.isEmpty, !destination.utf8.contains(where: { destinationSpecial[Int($0)] }) { return destination }
        let url = destination.singleLine()
        var depth = 0, balanced = true, bracketed = url.isEmpty
        for scalar in url.unicodeScalars {
            switch scalar {
            case "(": depth += 1
            case ")": depth -= 1; if depth < 0 { balanced = false }
            case " ", "\t", "<", ">": bracketed = true
            default: break
            }
        }
        if depth != 0 || !balanced { bracketed = true }
        let scalars = Array(url.unicodeScalars)
        var result = bracketed ? "<" : ""
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\": result += "\\\\"
            case "<", ">": result += "\\"; result.unicodeScalars.append(scalar)
            case "&" where MarkdownCharacters.looksLikeEntity(scalars, from: index): result += "&amp;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return bracketed ? result + ">" : result
    }

    /// Bytes that make a destination need more than copying.
    private static let destinationSpecial: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in Array(" ()<>\\&".utf8) { table[Int(byte)] = true }
        for byte in 0..<32 { table[byte] = true }
        table[127] = true
        return table
    }()

    /// ` "title"`, or nothing when there is no title.
    static func title(_ title: String?) -> String {
        guard let title = title?.singleLine(), !title.isEmpty else { return "" }
        if !title.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "&") }) {
            return " \"" + title + "\""
        }
        let scalars = Array(title.unicodeScalars)
        var result = " \""
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\", "\"": result += "\\"; result.unicodeScalars.append(scalar)
            case "&" where MarkdownCharacters.looksLikeEntity(scalars, from: index): result += "&amp;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
