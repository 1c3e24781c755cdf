/// Renders blocks and inlines as HTML, for tables whose cells hold
/// lists, code or other tables, which a GFM pipe table cannot carry.
///
/// Output never contains a blank line, so the whole table stays one
/// HTML block.
struct HTMLRenderer {
    let options: MarkdownOptions
    let assetNames: Set<String>
    let footnotes: FootnoteNumbering
    let maxCells: Int

    func table(_ table: Table) throws(ConversionError) -> String {
        let grid = try TableGrid(table, maxCells: maxCells)
        var out = "<table>"
        if let caption = table.caption, !caption.isEmpty { out += "<caption>" + inlines(caption) + "</caption>" }
        for (rowIndex, row) in grid.rows.enumerated() {
            out += "<tr>"
            let headerRow = rowIndex == 0 || (rowIndex < table.rows.count && table.rows[rowIndex].isHeader)
            for slot in row {
                guard case .origin(let cell) = slot else { continue }
                let tag = headerRow || cell.isHeader ? "th" : "td"
                out += "<" + tag
                if cell.columnSpan > 1 { out += " colspan=\"\(min(cell.columnSpan, TableGrid.maxColumnSpan))\"" }
                // As laid out on the grid: a span never reaches past the last row.
                let rowSpan = min(cell.rowSpan, grid.rows.count - rowIndex)
                if rowSpan > 1 { out += " rowspan=\"\(rowSpan)\"" }
                out += ">" + (try blocks(cell.blocks)) + "</" + tag + ">"
            }
            out += "</tr>\n"
        }
        out += "</table>"
        return out
    }

    func blocks(_ blocks: [Block]) throws(ConversionError) -> String {
        var parts: [String] = []
        for block in blocks {
            let html = try self.block(block)
            if !html.isEmpty { parts.append(html) }
        }
        // Paragraphs in a cell read best as lines.
        return parts.joined(separator: "<br>")
    }

    private func block(_ block: Block) throws(ConversionError) -> String {
        switch block {
        case .paragraph(let content):
            return inlines(content)
        case .heading(let heading):
            let text = inlines(heading.content)
            return text.isEmpty ? "" : "<strong>" + text + "</strong>"
        case .list(let list):
            var out: String
            switch list.kind {
            case .bullet: out = "<ul>"
            case .ordered(let start): out = start == 1 ? "<ol>" : "<ol start=\"\(start)\">"
            }
            for item in list.items {
                var body = try blocks(item.blocks)
                if let checkbox = item.checkbox { body = (checkbox == .checked ? "[x] " : "[ ] ") + body }
                out += "<li>" + body + "</li>"
            }
            if case .bullet = list.kind { out += "</ul>" } else { out += "</ol>" }
            return out
        case .table(let table):
            return try self.table(table).replacingAll("\n", with: "")
        case .blockQuote(let content):
            return "<blockquote>" + (try blocks(content)) + "</blockquote>"
        case .codeBlock(let code):
            var text = HTMLEscaping.text(code.code)
            while text.hasSuffix("\n") { text.removeLast() }
            return "<pre><code>" + text.replacingAll("\n", with: "&#10;") + "</code></pre>"
        case .thematicBreak:
            return "<hr>"
        case .math(let tex):
            return "$$" + HTMLEscaping.text(tex.singleLine()) + "$$"
        case .image(let image):
            return inline(.image(image))
        case .boundary, .markdown:
            return ""
        }
    }

    func inlines(_ content: [Inline]) -> String {
        var out = ""
        for inline in InlineNormalizer.normalize(content) { out += self.inline(inline) }
        return out
    }

    private func inline(_ inline: Inline) -> String {
        switch inline {
        case .text(let text):
            return HTMLEscaping.text(text).replacingAll("\n", with: "<br>")
        case .emphasis(let c): return "<em>" + inlines(c) + "</em>"
        case .strong(let c): return "<strong>" + inlines(c) + "</strong>"
        case .strikethrough(let c): return "<del>" + inlines(c) + "</del>"
        case .superscript(let c): return "<sup>" + inlines(c) + "</sup>"
        case .subscript(let c): return "<sub>" + inlines(c) + "</sub>"
        case .code(let code): return "<code>" + HTMLEscaping.text(code.singleLine()) + "</code>"
        case .math(let tex): return "$" + HTMLEscaping.text(tex.singleLine()) + "$"
        case .link(let link):
            var text = inlines(link.content)
            if text.allSatisfy({ $0.isWhitespace }) {
                // As in Markdown: an absolute URL with no text shows itself.
                guard InlineSyntax.isAutolinkable(link.destination) else { return "" }
                text = HTMLEscaping.text(link.destination)
            }
            return "<a href=\"" + HTMLEscaping.attribute(link.destination) + "\"" + titleAttribute(link.title) + ">" + text + "</a>"
        case .image(let image):
            let source = options.source(of: image, assetNames: assetNames)
            if source.isEmpty { return HTMLEscaping.text(image.altText.singleLine()) }
            return "<img src=\"" + HTMLEscaping.attribute(source) + "\" alt=\"" + HTMLEscaping.attribute(image.altText)
                + "\"" + titleAttribute(image.title) + ">"
        case .footnoteReference(let label): return "[^\(footnotes.number(for: label))]"
        case .lineBreak: return "<br>"
        case .anchor(let id): return "<a id=\"" + HTMLEscaping.attribute(id) + "\"></a>"
        }
    }

    private func titleAttribute(_ title: String?) -> String {
        guard let title, !title.isEmpty else { return "" }
        return " title=\"" + HTMLEscaping.attribute(title) + "\""
    }
}
