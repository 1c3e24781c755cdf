/// Recognisers for the Markdown lines that give a document its structure:
/// headings, page markers, code fences, table rows and list items, as the
/// writer produces them (and as hand-written Markdown mostly has them).
/// The chunker cuts at them and the store's reader text reads through
/// them, so both agree on what is a heading and what is code.
package enum MarkdownLines {
    package static func leadingSpaces(_ line: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in line { if byte == 0x20 { count += 1 } else { break } }
        return count
    }

    package static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    }

    package static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return bytes[bytes.endIndex...] }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        return bytes[first...last]
    }

    /// The level and raw text of an ATX heading (closing `#`s removed).
    package static func atxHeading(_ line: ArraySlice<UInt8>) -> (level: Int, text: ArraySlice<UInt8>)? {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return nil }
        var index = line.startIndex + indent
        var level = 0
        while index < line.endIndex, line[index] == UInt8(ascii: "#") { level += 1; index += 1 }
        guard (1...6).contains(level) else { return nil }
        guard index == line.endIndex || line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x0D else { return nil }
        var text = trimmed(line[index...])
        var end = text.endIndex
        while end > text.startIndex, text[end - 1] == UInt8(ascii: "#") { end -= 1 }
        if end == text.startIndex {
            text = text[end..<end]
        } else if end < text.endIndex, text[end - 1] == 0x20 || text[end - 1] == 0x09 {
            text = trimmed(text[..<end])
        }
        return (level, text)
    }

    /// The number of a `<!-- page N -->` marker line.
    package static func pageMarker(_ line: ArraySlice<UInt8>) -> Int? {
        let text = trimmed(line)
        let open = Array("<!-- page ".utf8), close = Array(" -->".utf8)
        guard text.count > open.count + close.count, text.starts(with: open), text.suffix(close.count).elementsEqual(close) else { return nil }
        let digits = text.dropFirst(open.count).dropLast(close.count)
        guard digits.count <= 9, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    package static func opensFence(_ line: ArraySlice<UInt8>) -> Chunk.CodeFence? {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let first = rest.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
        let count = rest.prefix(while: { $0 == first }).count
        guard count >= 3 else { return nil }
        if first == UInt8(ascii: "`"), rest.dropFirst(count).contains(UInt8(ascii: "`")) { return nil }
        return Chunk.CodeFence(marker: first, count: count)
    }

    package static func closesFence(_ line: ArraySlice<UInt8>, _ open: Chunk.CodeFence) -> Bool {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        let count = rest.prefix(while: { $0 == open.marker }).count
        return count >= open.count && isBlank(rest.dropFirst(count))
    }

    /// A pipe-table line: it starts with `|`.
    package static func isTableRow(_ line: ArraySlice<UInt8>) -> Bool {
        let indent = leadingSpaces(line)
        return indent <= 3 && line.dropFirst(indent).first == UInt8(ascii: "|")
    }

    /// A table's delimiter row, such as `| --- | :-: |`.
    package static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        let text = trimmed(line)
        guard text.first == UInt8(ascii: "|"), text.contains(UInt8(ascii: "-")) else { return false }
        return text.allSatisfy { $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") || $0 == 0x20 }
    }

    /// A line that starts a list item at the outer level: `- `, `* `,
    /// `+ `, `1. ` or `1) `.
    package static func startsListItem(_ line: ArraySlice<UInt8>) -> Bool {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        guard let first = rest.first else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            return rest.dropFirst().first == 0x20
        }
        let digits = rest.prefix(while: { (0x30...0x39).contains($0) })
        guard (1...9).contains(digits.count) else { return false }
        let after = rest.dropFirst(digits.count)
        return (after.first == UInt8(ascii: ".") || after.first == UInt8(ascii: ")")) && after.dropFirst().first == 0x20
    }

    /// Whether a line holds words a reader sees: a letter or digit outside
    /// HTML tags and comments (a page marker or `---` holds none).
    package static func hasWords(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if byte == UInt8(ascii: "<"), let close = line[index...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            if byte >= 0x80 {
                // A scalar: letters and digits of every script count.
                var end = index + 1
                while end < line.endIndex, line[end] & 0xC0 == 0x80 { end += 1 }
                if let scalar = String(decoding: line[index..<end], as: UTF8.self).unicodeScalars.first,
                    scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                {
                    return true
                }
                index = end
                continue
            }
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { return true }
            index += 1
        }
        return false
    }
}
