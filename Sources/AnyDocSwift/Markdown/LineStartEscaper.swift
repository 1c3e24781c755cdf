/// Makes every line of a rendered paragraph read as paragraph text:
/// trims the indentation and trailing spaces that would change meaning,
/// drops blank lines that would split it, and escapes a line start that
/// would open a heading, list, quote, fence, break or table.
enum LineStartEscaper {
    static func escape(_ paragraph: String) -> String {
        if isPlainLine(paragraph) { return paragraph }
        var result = ""
        result.reserveCapacity(paragraph.utf8.count + 8)
        for rawLine in paragraph.lineSlices() {
            let line = trim(rawLine)
            if line.isEmpty { continue }
            if !result.isEmpty { result += "\n" }
            appendEscaped(line, to: &result)
        }
        return result
    }

    /// One line, neither indented nor ending in blanks, whose first
    /// character starts no block syntax: most paragraphs, kept as they are.
    private static func isPlainLine(_ paragraph: String) -> Bool {
        let bytes = paragraph.utf8
        guard let first = bytes.first, let last = bytes.last else { return false }
        switch first {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "-"),
             UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "="), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "|"), UInt8(ascii: ":"):
            return false
        default:
            break
        }
        if last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { return false }
        return !paragraph.containsByte(UInt8(ascii: "\n"))
    }

    private static func trim(_ line: Substring) -> Substring {
        let bytes = line.utf8
        guard let start = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return "" }
        let last = bytes.lastIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") })!
        return line[start...last]
    }

    private static func appendEscaped(_ line: Substring, to result: inout String) {
        let bytes = Array(line.utf8.prefix(12))
        guard let first = bytes.first else { return }
        if isDelimiterRow(line) {
            result += "\\"
            result += line
            return
        }
        func isBreak(_ offset: Int) -> Bool {
            offset >= bytes.count || bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t")
        }
        switch first {
        case UInt8(ascii: "#"):
            var run = 0
            while run < bytes.count, bytes[run] == UInt8(ascii: "#") { run += 1 }
            if run <= 6 && isBreak(run) { result += "\\" }
        case UInt8(ascii: ">"):
            result += "\\"
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "="), UInt8(ascii: "_"):
            if isBreak(1) && first != UInt8(ascii: "=") && first != UInt8(ascii: "_") {
                result += "\\"
            } else if isRuleOrUnderline(line, marker: first) {
                result += "\\"
            }
        case UInt8(ascii: "~"):
            if line.hasPrefix("~~~") { result += "\\" }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var digits = 0
            while digits < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digits]) { digits += 1 }
            if digits <= 9, digits < bytes.count,
               bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")"),
               isBreak(digits + 1) {
                let splitIndex = line.utf8.index(line.startIndex, offsetBy: digits)
                result += line[..<splitIndex]
                result += "\\"
                result += line[splitIndex...]
                return
            }
        default:
            break
        }
        result += line
    }

    /// A line like `--- | :--:` or `:--` would turn the line above into a
    /// table header. Lines of dashes alone are left to `isRuleOrUnderline`.
    private static func isDelimiterRow(_ line: Substring) -> Bool {
        var hasDash = false, hasOther = false
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: "-"): hasDash = true
            case UInt8(ascii: "|"), UInt8(ascii: ":"): hasOther = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            default: return false
            }
        }
        return hasDash && hasOther
    }

    /// A line made only of one marker (and spaces) is a thematic break or
    /// a setext underline: `---`, `***`, `___`, `==`, even a lone `-`.
    private static func isRuleOrUnderline(_ line: Substring, marker: UInt8) -> Bool {
        var count = 0
        for byte in line.utf8 {
            if byte == marker { count += 1 } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { return false }
        }
        switch marker {
        case UInt8(ascii: "-"), UInt8(ascii: "="): return count >= 1
        default: return count >= 3
        }
    }
}
