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
        // Most spreadsheet cells are one plain run of text that needs no
        // escaping, trimming or pipe replacement: written as it is.
        if cell.blocks.count == 1, case .paragraph(let content) = cell.blocks[0], content.count == 1,
            case .text(let text) = content[0], Self.isPlainCellText(text)
        {
            return text
        }
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

    /// Text that renders as itself in a table cell: no character that
    /// escaping, line handling or pipes would change, and printable ASCII
    /// at both ends (so there is no white space to trim).
    static func isPlainCellText(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isPlainCellText(bytes: $0) }
    }

    /// The text of a cell that is plain text between runs of spaces (a
    /// `?` number format's blanks, a label padded by hand): cell rendering
    /// trims white space at both ends and leaves plain text as it is, so
    /// it renders as the text inside. Nil when that text is not plain.
    static func plainCellTextInsideSpaces(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            plainCellBytes(bytes).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The bytes a cell given as UTF-8 renders as when it is plain text,
    /// perhaps between runs of spaces (as `plainCellTextInsideSpaces`;
    /// empty for an empty or all-space cell); nil when it needs the usual
    /// cell rendering.
    @inline(__always)
    static func plainCellBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        let space = UInt8(ascii: " ")
        // Most cells have no spaces to trim.
        if let first = bytes.first, let last = bytes.last, first != space, last != space {
            return isPlainCellText(bytes: bytes) ? bytes : nil
        }
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == space { start += 1 }
        while end > start, bytes[end - 1] == space { end -= 1 }
        let inside = UnsafeBufferPointer(rebasing: bytes[start..<end])
        return inside.isEmpty || isPlainCellText(bytes: inside) ? inside : nil
    }

    @inline(__always)
    private static func isPlainCellText(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        endsArePlain(bytes) && !bytes.isEmpty && PlainCellScan.hasNoStopper(bytes)
    }

    /// Whether a cell is empty or starts and ends with printable ASCII
    /// other than a space: one that holds no stopper then renders as it
    /// is (`plainCellBytes` returns it whole).
    @inline(__always)
    static func endsArePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        return (0x21...0x7E).contains(first) && (0x21...0x7E).contains(last)
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
