/// Tables in text, cells and frames: spans from `table:number-…-spanned`,
/// covered cells dropped, header rows marked, nested tables kept in cells.
extension ODFBodyReader {
    /// Repeated rows and cells of a text table are written at most this
    /// many times: word processors repeat little, and a whole table is
    /// held in memory (spreadsheets stream, and allow more).
    static let maxRepeat = 100

    /// Reads a `table:table` into a table, or into its one cell's content
    /// when it is a one-cell layout table.
    func readTable() throws(ConversionError) -> [Block] {
        guard !reader.isEmptyElement else { return [] }
        let tableDepth = reader.depth
        return try isolated { () throws(ConversionError) -> [Block] in
            var rows: [TableRow] = []
            var row: (cells: [TableCell], repeats: Int, isHeader: Bool)?
            var headerDepth: Int?
            let tb = ODFNamespace.table

            func finishRow() throws(ConversionError) {
                guard let finished = row else { return }
                row = nil
                let copies = min(finished.repeats, Self.maxRepeat)
                try context.countTableCells(finished.cells.count * copies)
                for _ in 0..<copies { rows.append(TableRow(cells: finished.cells, isHeader: finished.isHeader)) }
            }

            while try reader.read() {
                if reader.kind == .endElement {
                    if reader.depth <= tableDepth { break }
                    if reader.isElement("table-row", in: tb) { try finishRow() }
                    if let depth = headerDepth, reader.depth <= depth { headerDepth = nil }
                    continue
                }
                guard reader.kind == .startElement else { continue }
                guard reader.namespace == tb else {
                    try reader.skipElement()
                    continue
                }
                switch reader.localName {
                case "table-header-rows":
                    if !reader.isEmptyElement { headerDepth = reader.depth }
                case "table-rows", "table-row-group":
                    break
                case "table-row":
                    try finishRow()
                    if reader.attribute("visibility", namespace: tb) == "collapse", !context.options.includeHiddenSheets {
                        try reader.skipElement()
                        continue
                    }
                    let repeats = reader.attribute("number-rows-repeated", namespace: tb).flatMap { Int($0) } ?? 1
                    row = ([], max(repeats, 1), headerDepth != nil)
                    if reader.isEmptyElement { try finishRow() }
                case "table-cell":
                    let columnSpan = reader.attribute("number-columns-spanned", namespace: tb).flatMap { Int($0) } ?? 1
                    let rowSpan = reader.attribute("number-rows-spanned", namespace: tb).flatMap { Int($0) } ?? 1
                    let repeats = reader.attribute("number-columns-repeated", namespace: tb).flatMap { Int($0) } ?? 1
                    let isHeader = row?.isHeader ?? false
                    inHeaderRow = isHeader
                    let cellDepth = reader.depth
                    let blocks = reader.isEmptyElement ? [] : try readBlocks(containerDepth: cellDepth)
                    inHeaderRow = false
                    if row == nil { row = ([], 1, false) }
                    let cell = TableCell(
                        blocks: blocks, columnSpan: min(max(columnSpan, 1), TableGrid.maxColumnSpan),
                        rowSpan: min(max(rowSpan, 1), 65_536), isHeader: isHeader)
                    let room = TableGrid.maxColumnSpan - (row?.cells.count ?? 0)
                    for _ in 0..<max(0, min(max(repeats, 1), room, Self.maxRepeat)) { row?.cells.append(cell) }
                default:
                    // Column definitions, covered cells, sources, shapes.
                    try reader.skipElement()
                }
            }
            try finishRow()
            return Self.assembled(rows)
        }
    }

    /// The table as blocks: nothing when empty, a one-cell layout table's
    /// content on its own.
    private static func assembled(_ rows: [TableRow]) -> [Block] {
        var rows = rows
        // Trailing empty cells are padding, not columns.
        for index in rows.indices {
            while let last = rows[index].cells.last, last.blocks.isEmpty, last.columnSpan == 1, last.rowSpan == 1 {
                rows[index].cells.removeLast()
            }
        }
        while let last = rows.last, last.cells.isEmpty { rows.removeLast() }
        guard rows.contains(where: { !$0.cells.isEmpty }) else { return [] }
        let filled = rows.filter { !$0.cells.isEmpty }
        if filled.count == 1, filled[0].cells.count == 1, rows.count == 1 {
            return filled[0].cells[0].blocks
        }
        return [.table(Table(rows: rows))]
    }
}
