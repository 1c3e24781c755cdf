import AnyDocSwift

/// One searchable piece of a document's Markdown.
public struct Section: Sendable, Equatable {
    /// Headings above this section, outermost first.
    public var headingPath: [String]
    public var location: SourceLocation?
    /// Start and length of its Markdown in Unicode scalars, the unit
    /// `resource_read` uses, so a search hit can be opened where it is.
    public var offset: Int
    public var length: Int
    /// The text a reader sees there (`ReaderText`): what the index holds.
    public var text: String
}

/// Splits Markdown into sections at ATX headings and `<!-- page N -->`
/// markers, tracking the heading path and where each section comes from,
/// and cuts long sections into pieces of at most `maxLength` scalars. It
/// reads the rendered text, not the document model, so a hit's offsets
/// point into exactly what `resource_read` returns.
public enum SectionSplitter {
    /// The longest piece, in scalars. Bounded pieces keep every search's
    /// work per hit bounded (a 1 MB table was one section, and one search
    /// over it took a minute) and point a hit close to its match.
    public static let preferredLength = 8_000

    /// Sections of `markdown`. A piece ends at its last blank line before it
    /// would pass `maxLength`, else at its last line end; a longer line is
    /// cut after a space or a tag's `>` where it has one.
    public static func split(
        _ markdown: String, format: DocumentFormatFamilyHint = .other, maxLength: Int = preferredLength
    ) -> [Section] {
        var splitter = Splitter(format: format, maxLength: max(maxLength, 64))
        let bytes = Array(markdown.utf8)
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            splitter.add(line: bytes[lineStart..<min(lineEnd + 1, bytes.count)])
            lineStart = lineEnd + 1
        }
        splitter.flush()
        return splitter.sections
    }

    /// Which provenance level-2 headings carry, by the source's family.
    public enum DocumentFormatFamilyHint: Sendable {
        case presentation, spreadsheet, other
    }

    /// `Slide 3` or `Slide 3: Title`, as the writer numbers slides.
    static func slideNumber(_ heading: String) -> (number: Int, title: String?)? {
        guard heading.hasPrefix("Slide ") else { return nil }
        let rest = heading.dropFirst(6)
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard let number = Int(digits) else { return nil }
        let tail = rest.dropFirst(digits.count)
        if tail.isEmpty { return (number, nil) }
        guard tail.hasPrefix(": ") else { return nil }
        return (number, String(tail.dropFirst(2)))
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

extension SectionSplitter.DocumentFormatFamilyHint {
    /// The hint for a format, by its name as versions record it.
    init(format: String?) {
        switch format.flatMap(DocumentFormat.init(rawValue:))?.family {
        case .presentation: self = .presentation
        case .spreadsheet: self = .spreadsheet
        default: self = .other
        }
    }
}
