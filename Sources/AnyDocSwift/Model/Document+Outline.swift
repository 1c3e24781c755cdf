/// Small answers about a document that would otherwise each need a walk.
extension Document {
    /// One entry of `outline`: a heading's level and its plain text.
    public struct OutlineEntry: Sendable, Equatable {
        /// The heading's level, 1 to 6 as in `Heading.level`.
        public var level: Int
        /// The heading's plain text, without formatting.
        public var title: String
        /// The heading's `Heading.anchor`, for linking to it; nil when it has none.
        public var anchor: String?

        /// An entry for a heading at `level` titled `title`.
        public init(level: Int, title: String, anchor: String? = nil) {
            self.level = level
            self.title = title
            self.anchor = anchor
        }
    }

    /// The headings, in reading order, including those inside block quotes
    /// and table cells.
    public var outline: [OutlineEntry] {
        var collector = OutlineCollector()
        walk(&collector)
        return collector.entries
    }

    /// Every link, in reading order, footnotes included.
    public var links: [Inline.Link] {
        var collector = LinkCollector()
        walk(&collector)
        return collector.links
    }

    /// The text a reader sees, one block per paragraph, without Markdown
    /// syntax: for word counts, language detection and embeddings.
    public var plainText: String {
        var collector = PlainTextCollector()
        walk(&collector)
        return collector.paragraphs.joined(separator: "\n\n")
    }
}

private struct OutlineCollector: DocumentWalker {
    var entries: [Document.OutlineEntry] = []

    mutating func visit(_ block: Block) -> Bool {
        if case .heading(let heading) = block {
            entries.append(.init(level: heading.level, title: heading.content.plainText, anchor: heading.anchor))
            return false
        }
        return true
    }

    mutating func visit(_ inline: Inline) -> Bool { false }
}

private struct LinkCollector: DocumentWalker {
    var links: [Link] = []

    mutating func visit(_ inline: Inline) -> Bool {
        if case .link(let link) = inline { links.append(link) }
        return true
    }
}

/// Gathers the text of each leaf block: headings, paragraphs, code, math.
private struct PlainTextCollector: DocumentWalker {
    var paragraphs: [String] = []

    mutating func visit(_ block: Block) -> Bool {
        switch block {
        case .heading(let heading): add(heading.content.plainText)
        case .paragraph(let content): add(content.plainText)
        case .codeBlock(let code): add(code.code)
        case .math(let latex): add(latex)
        case .image(let image): add(image.altText)
        case .markdown(let text): add(text)
        case .list, .table, .blockQuote: return true
        case .thematicBreak, .boundary: break
        }
        return false
    }

    private mutating func add(_ text: String) {
        if text.containsNonBlank { paragraphs.append(text) }
    }
}
