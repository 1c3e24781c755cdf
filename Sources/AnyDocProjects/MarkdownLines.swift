/// Recognisers for the Markdown lines that give a document its structure:
/// ATX headings, page markers and code fences. Both the section splitter
/// and the reader text use them, so the two agree on what is code.
enum MarkdownLines {
    /// An open code fence: its character and how many of them opened it.
    typealias Fence = (marker: UInt8, count: Int)

    static func leadingSpaces(_ line: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in line { if byte == 0x20 { count += 1 } else { break } }
        return count
    }

    static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    }

    /// The level and raw text of an ATX heading (closing `#`s removed).
    static func atxHeading(_ line: ArraySlice<UInt8>) -> (level: Int, text: ArraySlice<UInt8>)? {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return nil }
        var index = line.startIndex + indent
        var level = 0
        while index < line.endIndex, line[index] == UInt8(ascii: "#") { level += 1; index += 1 }
        guard (1...6).contains(level) else { return nil }
        guard index == line.endIndex || line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x0D else { return nil }
        var text = trimmed(line[index...])
        // A closing run of #s after a space is not part of the heading.
        var end = text.endIndex
        while end > text.startIndex, text[end - 1] == UInt8(ascii: "#") { end -= 1 }
        if end == text.startIndex {
            text = text[end..<end]
        } else if end < text.endIndex, text[end - 1] == 0x20 || text[end - 1] == 0x09 {
            text = trimmed(text[..<end])
        }
        return (level, text)
    }

    static func pageMarker(_ line: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: line, as: UTF8.self).trimmingASCIISpace()
        guard text.hasPrefix("<!-- page "), text.hasSuffix(" -->") else { return nil }
        return Int(text.dropFirst(10).dropLast(4))
    }

    static func opensFence(_ line: ArraySlice<UInt8>) -> Fence? {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let first = rest.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
        let count = rest.prefix(while: { $0 == first }).count
        guard count >= 3 else { return nil }
        if first == UInt8(ascii: "`"), rest.dropFirst(count).contains(UInt8(ascii: "`")) { return nil }
        return (first, count)
    }

    static func closesFence(_ line: ArraySlice<UInt8>, _ open: Fence) -> Bool {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        let count = rest.prefix(while: { $0 == open.marker }).count
        return count >= open.count && isBlank(rest.dropFirst(count))
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return bytes[bytes.endIndex...] }
        let last = bytes.lastIndex(where: { !isSpace($0) })!
        return bytes[first...last]
    }
}
