/// GFM pipe tables, with HTML for what a pipe table cannot carry.
extension BlockRenderer {
    func renderTable(_ table: Table) throws(ConversionError) -> String? {
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
            lines.append(pipeRow(try row.map(cellText)))
            if index == 0 { lines.append(Self.delimiterRow(columns: grid.columnCount)) }
        }
        return lines.joined(separator: "\n")
    }

    /// One pipe-table cell. Block content a pipe table cannot carry only
    /// reaches here when rows are streamed; it goes in as inline HTML.
    func cellText(_ slot: TableGrid.Slot) throws(ConversionError) -> String {
        guard case .origin(let cell) = slot else { return "" }
        var parts: [String] = []
        for block in cell.blocks {
            let text: String
            switch block {
            case .paragraph(let content): text = inline.render(content, context: .tableCell)
            case .heading(let heading): text = inline.render(heading.content, context: .tableCell)
            case .image(let image): text = inline.render([.image(image)], context: .tableCell)
            case .math(let tex): text = inline.render([.math(tex)], context: .tableCell)
            case .markdown(let raw): text = raw.normalizingLineEnds().replacingAll("\n", with: "<br>")
            case .boundary: text = ""
            default: text = try html.blocks([block])
            }
            let trimmed = text.trimmingSpaces()
            if !trimmed.isEmpty { parts.append(trimmed) }
        }
        // Any `|` would end the cell, whatever construct it is in: GFM
        // removes these backslashes before reading the cell's inlines.
        return parts.joined(separator: "<br>").replacingPipes()
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
}
