/// One searchable piece of a document's Markdown.
public struct Section: Sendable, Equatable {
    /// Headings above this section, outermost first.
    public var headingPath: [String]
    public var location: SourceLocation?
    /// Start and length in Unicode scalars, the unit `resource_read` uses,
    /// so a search hit can be opened where it is.
    public var offset: Int
    public var length: Int
    public var text: String
}

/// Splits Markdown into sections at ATX headings and `<!-- page N -->`
/// markers, tracking the heading path and where each section comes from.
/// It reads the rendered text, not the document model, so what is searched
/// is exactly what `resource_read` returns.
public enum SectionSplitter {
    /// Sections longer than this (in scalars) are cut at a blank line, so a
    /// hit in a long unheaded text still points near its match.
    public static let preferredLength = 8_000

    /// Sections of `markdown`. A section that grows past `maxLength` scalars
    /// is cut at a blank line, or at the end of the line that crossed the
    /// length: lines are never split, so a single long line can exceed it.
    public static func split(
        _ markdown: String, format: DocumentFormatFamilyHint = .other, maxLength: Int = preferredLength
    ) -> [Section] {
        var sections: [Section] = []
        var headings: [(level: Int, text: String)] = []
        var location: SourceLocation?
        var current: [UInt8] = []
        var currentStart = 0
        var currentLength = 0
        var offset = 0
        var fence: (marker: UInt8, count: Int)?
        var lastBlankAt: (bytes: Int, scalars: Int)?

        func flush(keepingTail tail: (bytes: Int, scalars: Int)? = nil) {
            var body = current
            var bodyLength = currentLength
            var rest: [UInt8] = []
            if let tail {
                body = Array(current[0..<tail.bytes])
                bodyLength = tail.scalars
                rest = Array(current[tail.bytes...])
            }
            if body.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
                sections.append(Section(
                    headingPath: headings.map { $0.text }, location: location,
                    offset: currentStart, length: bodyLength, text: String(decoding: body, as: UTF8.self)))
            }
            currentStart += bodyLength
            current = rest
            currentLength -= bodyLength
        }

        let bytes = Array(markdown.utf8)
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let next = min(lineEnd + 1, bytes.count)
            let line = bytes[lineStart..<lineEnd]
            var scalars = 0
            for byte in bytes[lineStart..<next] where byte & 0xC0 != 0x80 { scalars += 1 }

            var startsSection = false
            var newLocation = location
            var heading: (level: Int, text: String)?
            if let open = fence {
                if closesFence(line, open) { fence = nil }
            } else if let marker = opensFence(line) {
                fence = marker
            } else if let page = pageMarker(line) {
                startsSection = true
                newLocation = SourceLocation(kind: .page, number: page)
            } else if let found = atxHeading(line) {
                startsSection = true
                heading = found
                if found.level == 2 {
                    switch format {
                    case .presentation:
                        if let slide = slideNumber(found.text) {
                            newLocation = SourceLocation(kind: .slide, number: slide.number, name: slide.title)
                        }
                    case .spreadsheet:
                        newLocation = SourceLocation(kind: .sheet, name: found.text)
                    case .other:
                        break
                    }
                }
            }

            if startsSection {
                if !current.isEmpty { flush() }
                currentStart = offset
                location = newLocation
                if let heading {
                    while let last = headings.last, last.level >= heading.level { headings.removeLast() }
                    headings.append(heading)
                }
                lastBlankAt = nil
            } else if fence == nil, line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                if currentLength >= max(maxLength, 1), let split = lastBlankAt ?? Optional((current.count, currentLength)) {
                    flush(keepingTail: split)
                    lastBlankAt = nil
                } else {
                    lastBlankAt = (current.count, currentLength)
                }
            }
            current.append(contentsOf: bytes[lineStart..<next])
            currentLength += scalars
            offset += scalars
            lineStart = next
        }
        if !current.isEmpty { flush() }
        return sections
    }

    /// Which provenance level-2 headings carry, by the source's family.
    public enum DocumentFormatFamilyHint: Sendable {
        case presentation, spreadsheet, other
    }

    // MARK: - Line recognisers

    private static func leadingSpaces(_ line: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in line { if byte == 0x20 { count += 1 } else { break } }
        return count
    }

    static func atxHeading(_ line: ArraySlice<UInt8>) -> (level: Int, text: String)? {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return nil }
        var index = line.startIndex + indent
        var level = 0
        while index < line.endIndex, line[index] == UInt8(ascii: "#") { level += 1; index += 1 }
        guard (1...6).contains(level) else { return nil }
        guard index == line.endIndex || line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x0D else { return nil }
        var text = String(decoding: line[index...], as: UTF8.self).trimmingASCIISpace()
        // A closing run of #s is not part of the heading.
        if let closing = text.lastIndex(where: { $0 != "#" }), text.last == "#",
           text[closing] == " " {
            text = String(text[..<closing]).trimmingASCIISpace()
        } else if text.allSatisfy({ $0 == "#" }) {
            text = ""
        }
        return (level, unescape(stripAnchors(text)))
    }

    static func pageMarker(_ line: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: line, as: UTF8.self).trimmingASCIISpace()
        guard text.hasPrefix("<!-- page "), text.hasSuffix(" -->") else { return nil }
        return Int(text.dropFirst(10).dropLast(4))
    }

    private static func opensFence(_ line: ArraySlice<UInt8>) -> (marker: UInt8, count: Int)? {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let first = rest.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
        let count = rest.prefix(while: { $0 == first }).count
        guard count >= 3 else { return nil }
        if first == UInt8(ascii: "`"), rest.dropFirst(count).contains(UInt8(ascii: "`")) { return nil }
        return (first, count)
    }

    private static func closesFence(_ line: ArraySlice<UInt8>, _ open: (marker: UInt8, count: Int)) -> Bool {
        let indent = leadingSpaces(line)
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        let count = rest.prefix(while: { $0 == open.marker }).count
        return count >= open.count && rest.dropFirst(count).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// `Slide 3` or `Slide 3: Title`, as the writer numbers slides.
    private static func slideNumber(_ heading: String) -> (number: Int, title: String?)? {
        guard heading.hasPrefix("Slide ") else { return nil }
        let rest = heading.dropFirst(6)
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard let number = Int(digits) else { return nil }
        let tail = rest.dropFirst(digits.count)
        if tail.isEmpty { return (number, nil) }
        guard tail.hasPrefix(": ") else { return nil }
        return (number, String(tail.dropFirst(2)))
    }

    private static func stripAnchors(_ text: String) -> String {
        guard text.hasPrefix("<a id=\""), let close = text.range(of: "\"></a>") else { return text }
        return String(text[close.upperBound...])
    }

    /// Drops the backslashes the writer adds before punctuation.
    private static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                if !(character.isASCII && character.isPunctuation || character.isSymbol) { result.append("\\") }
                result.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }
}

extension String {
    func trimmingASCIISpace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
