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
            let alternate = markers.next(for: list)
            return try renderList(list, alternate: alternate, depth: depth)
        }
        markers = ListMarkers()
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
            var body = tex
            while body.hasSuffix("\n") { body.removeLast() }
            while body.hasPrefix("\n") { body.removeFirst() }
            if body.isEmpty { return nil }
            return "$$\n" + body.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n") + "\n$$"
        case .image(let image):
            let text = LineStartEscaper.escape(inline.render([.image(image)], context: .block))
            return text.isEmpty ? nil : text
        case .boundary(let provenance):
            return renderBoundary(provenance)
        case .markdown(let text):
            return text
        }
    }

    /// Blocks separated as siblings are: blank lines, lists kept apart.
    func renderBlocks(_ blocks: [Block], depth: Int, tight: Bool = false) throws(ConversionError) -> String? {
        var parts: [String] = []
        var markers = ListMarkers()
        for block in blocks {
            if let text = try render(block, markers: &markers, depth: depth) { parts.append(text) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: tight ? "\n" : "\n\n")
    }

    // MARK: - Headings and boundaries

    func renderHeading(level: Int, content: [Inline], anchor: String?) -> String? {
        var text = inline.render(content, context: .heading).trimmingSpaces()
        if text.isEmpty { return nil }
        // A closing run of `#` would be taken as the heading's closing sequence.
        if text.hasSuffix("#") {
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
            let cleanTitle = title.map(InlineRenderer.singleLine)?.trimmingSpaces()
            if options.provenanceMarkers {
                let label = cleanTitle.map { $0.isEmpty ? "Slide \(number)" : "Slide \(number): \($0)" } ?? "Slide \(number)"
                return renderHeading(level: 2, content: [.text(label)], anchor: nil)
            }
            guard let cleanTitle, !cleanTitle.isEmpty else { return nil }
            return renderHeading(level: 2, content: [.text(cleanTitle)], anchor: nil)
        case .sheet(let name):
            return renderHeading(level: 2, content: [.text(name)], anchor: nil)
        }
    }

    // MARK: - Lists

    private func renderList(_ list: List, alternate: Bool, depth: Int) throws(ConversionError) -> String? {
        guard !list.items.isEmpty else { return nil }
        let tight = Self.isTight(list)
        var items: [String] = []
        items.reserveCapacity(list.items.count)
        for (index, item) in list.items.enumerated() {
            let marker: String
            switch list.kind {
            case .bullet:
                marker = alternate ? "*" : "-"
            case .ordered(let start):
                let number = min(max(start, 0), 999_999_000) + index
                marker = "\(number)" + (alternate ? ")" : ".")
            }
            var body = try renderBlocks(item.blocks, depth: depth + 1, tight: tight) ?? ""
            if let checkbox = item.checkbox {
                body = (checkbox == .checked ? "[x]" : "[ ]") + (body.isEmpty ? "" : " " + body)
            }
            let indent = String(repeating: " ", count: marker.count + 1)
            items.append(Self.prefixLines(body, first: marker + " ", rest: indent, empty: "", bareFirst: marker))
        }
        return items.joined(separator: tight ? "\n" : "\n\n")
    }

    /// Tight when every item is one paragraph, optionally followed by
    /// nested lists; anything else needs blank lines between blocks.
    static func isTight(_ list: List) -> Bool {
        list.items.allSatisfy { item in
            item.blocks.enumerated().allSatisfy { index, block in
                switch block {
                case .paragraph: return index == 0
                case .list: return true
                default: return false
                }
            }
        }
    }

    // MARK: - Tables

    private func renderTable(_ table: Table) throws(ConversionError) -> String? {
        guard !table.rows.isEmpty else { return nil }
        guard Self.fitsPipeTable(table) else { return try html.table(table) }
        let grid = try TableGrid(table, maxCells: limits.maxTableCells)
        guard grid.columnCount > 0 else { return nil }
        var lines: [String] = []
        lines.reserveCapacity(grid.rows.count + 2)
        if let caption = table.caption, !caption.isEmpty {
            lines.append(LineStartEscaper.escape(inline.render(caption, context: .block)))
            lines.append("")
        }
        for (index, row) in grid.rows.enumerated() {
            lines.append(pipeRow(row.map(cellText)))
            if index == 0 { lines.append(Self.delimiterRow(columns: grid.columnCount)) }
        }
        return lines.joined(separator: "\n")
    }

    func cellText(_ slot: TableGrid.Slot) -> String {
        guard case .origin(let cell) = slot else { return "" }
        var parts: [String] = []
        for block in cell.blocks {
            let text: String
            switch block {
            case .paragraph(let content): text = inline.render(content, context: .tableCell)
            case .heading(let heading): text = inline.render(heading.content, context: .tableCell)
            case .image(let image): text = inline.render([.image(image)], context: .tableCell)
            case .math(let tex): text = inline.render([.math(tex)], context: .tableCell)
            case .markdown(let raw): text = raw.replacingPipes().replacingAll("\n", with: "<br>")
            default: text = ""
            }
            let trimmed = text.trimmingSpaces()
            if !trimmed.isEmpty { parts.append(trimmed) }
        }
        return parts.joined(separator: "<br>")
    }

    func pipeRow(_ cells: [String]) -> String {
        var line = "|"
        for cell in cells { line += cell.isEmpty ? "  |" : " " + cell + " |" }
        return line
    }

    static func delimiterRow(columns: Int) -> String {
        "|" + String(repeating: " --- |", count: columns)
    }

    /// A pipe table carries only inline content: each cell's blocks must be
    /// paragraphs (joined with `<br>`) or other one-line content.
    static func fitsPipeTable(_ table: Table) -> Bool {
        for row in table.rows {
            for cell in row.cells {
                for block in cell.blocks {
                    switch block {
                    case .paragraph, .heading, .image, .math, .boundary: continue
                    case .markdown: continue
                    default: return false
                    }
                }
            }
        }
        return true
    }

    // MARK: - Helpers

    static func fencedCode(_ code: CodeBlock) -> String {
        var body = code.code.replacingAll("\r\n", with: "\n")
        if body.hasSuffix("\n") { body.removeLast() }
        var longest = 0, run = 0
        for byte in body.utf8 {
            if byte == UInt8(ascii: "`") { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let language = (code.language ?? "").filter { !$0.isWhitespace && $0 != "`" }
        return fence + language + "\n" + (body.isEmpty ? "" : body + "\n") + fence
    }

    /// Prefixes the first line with `first` and the others with `rest`;
    /// empty lines get `empty` so that nothing trails on them.
    static func prefixLines(_ text: String, first: String, rest: String, empty: String, bareFirst: String? = nil) -> String {
        var result = ""
        var isFirst = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
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
        while text.hasSuffix("\\") {
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
