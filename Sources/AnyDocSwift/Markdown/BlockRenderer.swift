/// Renders blocks as GFM text, one block at a time, without the blank
/// lines between them (the caller adds those).
struct BlockRenderer {
    let options: MarkdownOptions
    let limits: Limits
    let inline: InlineRenderer
    let html: HTMLRenderer

    init(options: MarkdownOptions, limits: Limits, assetNames: Set<String>, footnotes: FootnoteNumbering) {
        self.options = options
        self.limits = limits
        inline = InlineRenderer(options: options, assetNames: assetNames, footnotes: footnotes)
        html = HTMLRenderer(options: options, assetNames: assetNames, footnotes: footnotes, maxCells: limits.maxTableCells)
    }

    /// Which marker the previous sibling list used, so that two lists in a
    /// row do not merge into one.
    struct ListMarkers {
        var lastBulletAlternate: Bool?
        var lastOrderedAlternate: Bool?

        mutating func next(for list: List) -> Bool {
            switch list.kind {
            case .bullet:
                let alternate = lastBulletAlternate.map { !$0 } ?? false
                self = ListMarkers(lastBulletAlternate: alternate)
                return alternate
            case .ordered:
                let alternate = lastOrderedAlternate.map { !$0 } ?? false
                self = ListMarkers(lastOrderedAlternate: alternate)
                return alternate
            }
        }
    }

    /// The text of `block`, or nil when it renders to nothing.
    func render(_ block: Block, markers: inout ListMarkers, depth: Int = 0) throws(ConversionError) -> String? {
        guard depth <= limits.maxNestingDepth else {
            throw .resourceLimit("blocks nest deeper than \(limits.maxNestingDepth) levels")
        }
        if case .list(let list) = block {
            guard !list.items.isEmpty else { return nil }
            let alternate = markers.next(for: list)
            return try renderList(list, alternate: alternate, depth: depth)
        }
        let text = try renderNonList(block, depth: depth)
        // Only a block that is written separates two lists.
        if text != nil { markers = ListMarkers() }
        return text
    }

    private func renderNonList(_ block: Block, depth: Int) throws(ConversionError) -> String? {
        switch block {
        case .heading(let heading):
            return renderHeading(level: heading.level, content: heading.content, anchor: heading.anchor)
        case .paragraph(let content):
            let text = LineStartEscaper.escape(inline.render(content, context: .block))
            return text.isEmpty ? nil : Self.trimmingTrailingHardBreak(text)
        case .list:
            return nil
        case .table(let table):
            return try renderTable(table)
        case .blockQuote(let content):
            guard let body = try renderBlocks(content, depth: depth + 1) else { return nil }
            return Self.prefixLines(body, first: "> ", rest: "> ", empty: ">")
        case .codeBlock(let code):
            return Self.fencedCode(code)
        case .thematicBreak:
            return "---"
        case .math(let tex):
            // Blank lines would end the block.
            let lines = tex.normalizingLineEnds().lineSlices().filter { !$0.allSatisfy { $0.isWhitespace } }
            return lines.isEmpty ? nil : "$$\n" + lines.joined(separator: "\n") + "\n$$"
        case .image(let image):
            let text = LineStartEscaper.escape(inline.render([.image(image)], context: .block))
            return text.isEmpty ? nil : text
        case .boundary(let provenance):
            return renderBoundary(provenance)
        case .markdown(var text):
            _ = text.removeTrailingLineEnds()
            return text.isEmpty ? nil : text
        }
    }

    /// Blocks separated as siblings are: blank lines, lists kept apart.
    func renderBlocks(_ blocks: [Block], depth: Int) throws(ConversionError) -> String? {
        let parts = try renderParts(blocks, depth: depth)
        return parts.isEmpty ? nil : parts.map { $0.text }.joined(separator: "\n\n")
    }

    /// Each block that renders to something, with its text.
    func renderParts(_ blocks: [Block], depth: Int) throws(ConversionError) -> [(block: Block, text: String)] {
        var parts: [(block: Block, text: String)] = []
        var markers = ListMarkers()
        for block in blocks {
            if let text = try render(block, markers: &markers, depth: depth) { parts.append((block, text)) }
        }
        return parts
    }

    // MARK: - Headings and boundaries

    func renderHeading(level: Int, content: [Inline], anchor: String?) -> String? {
        var text = inline.render(content, context: .heading).trimmingSpaces()
        if text.isEmpty { return nil }
        // A closing run of `#` would be taken as the heading's closing sequence.
        if text.utf8.last == UInt8(ascii: "#"), text.hasSuffix("#") {
            var start = text.endIndex
            while start > text.startIndex, text[text.index(before: start)] == "#" { start = text.index(before: start) }
            if start == text.startIndex || text[text.index(before: start)] == " " {
                text.insert("\\", at: start)
            }
        }
        if let anchor, !anchor.isEmpty {
            text = "<a id=\"\(HTMLEscaping.attribute(anchor))\"></a>" + text
        }
        return String(repeating: "#", count: min(max(level, 1), 6)) + " " + text
    }

    private func renderBoundary(_ provenance: Provenance) -> String? {
        switch provenance {
        case .page(let number):
            return options.provenanceMarkers ? "<!-- page \(number) -->" : nil
        case .slide(let number, let title):
            let cleanTitle = (title ?? "").singleLine().trimmingSpaces()
            if options.provenanceMarkers {
                let label = cleanTitle.isEmpty ? "Slide \(number)" : "Slide \(number): \(cleanTitle)"
                return renderHeading(level: 2, content: [.text(label)], anchor: nil)
            }
            guard !cleanTitle.isEmpty else { return nil }
            return renderHeading(level: 2, content: [.text(cleanTitle)], anchor: nil)
        case .sheet(let name):
            return renderHeading(level: 2, content: [.text(name)], anchor: nil)
        }
    }

    // MARK: - Helpers

    static func fencedCode(_ code: CodeBlock) -> String {
        var body = code.code.normalizingLineEnds()
        if body.hasSuffix("\n") { body.removeLast() }
        var longest = 0, run = 0
        for byte in body.utf8 {
            if byte == UInt8(ascii: "`") { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let language = (code.language ?? "").singleLine().filter { !$0.isWhitespace && $0 != "`" }
        return fence + language + "\n" + (body.isEmpty ? "" : body + "\n") + fence
    }

    /// Prefixes the first line with `first` and the others with `rest`;
    /// empty lines get `empty` so that nothing trails on them.
    static func prefixLines(_ text: String, first: String, rest: String, empty: String, bareFirst: String? = nil) -> String {
        var result = ""
        var isFirst = true
        for line in text.lineSlices() {
            if !isFirst { result += "\n" }
            if line.isEmpty {
                result += isFirst ? (bareFirst ?? empty) : empty
            } else {
                result += isFirst ? first : rest
                result += line
            }
            isFirst = false
        }
        return result
    }

    /// A hard break at the very end of a paragraph would print a stray `\`.
    static func trimmingTrailingHardBreak(_ text: String) -> String {
        var text = text
        // The byte test first: few paragraphs end in a backslash byte.
        while text.utf8.last == UInt8(ascii: "\\"), text.hasSuffix("\\") {
            // Only a single trailing backslash is a break; `\\` is an escaped one.
            var count = 0
            for scalar in text.unicodeScalars.reversed() { if scalar == "\\" { count += 1 } else { break } }
            if count % 2 == 0 { break }
            text.removeLast()
            while let last = text.last, last == " " || last == "\n" { text.removeLast() }
        }
        return text
    }
}
