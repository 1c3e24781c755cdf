/// Lays out a table's cells on a grid. Every distinct left edge starts a
/// column and every distinct top edge a row; a cell spans the columns
/// and rows whose edges fall inside it, so merged cells keep their spans
/// however the writer stored the covered positions.
enum PPTTableBuilder {
    /// The table, or nil when no cell holds text (a drawing aid, as for
    /// PPTX). `countCells` is charged with every cell before layout.
    static func table(
        _ cells: [PPTTableCell], countCells: (Int) throws(ConversionError) -> Void
    ) throws(ConversionError) -> Table? {
        try countCells(cells.count)
        let columns = Self.edges(cells.map { $0.rect.left })
        let rows = Self.edges(cells.map { $0.rect.top })
        var cellsByRow: [[(column: Int, cell: TableCell)]] = Array(repeating: [], count: rows.count)
        var hasText = false
        for cell in cells {
            let row = Self.index(of: cell.rect.top, in: rows)
            let column = Self.index(of: cell.rect.left, in: columns)
            let columnSpan = max(1, Self.index(of: cell.rect.right, in: columns) - column)
            let rowSpan = max(1, Self.index(of: cell.rect.bottom, in: rows) - row)
            var blocks: [Block] = []
            if let text = cell.text {
                // Cells have no master to inherit bullets from.
                blocks = ParagraphGrouper.blocks(text.paragraphs()) { $0.bullet ?? .none }
            }
            hasText = hasText || !blocks.isEmpty
            cellsByRow[row].append((column, TableCell(blocks: blocks, columnSpan: columnSpan, rowSpan: rowSpan)))
        }
        guard hasText else { return nil }
        var tableRows = cellsByRow.map { row in
            TableRow(cells: row.sorted { $0.column < $1.column }.map { $0.cell })
        }
        tableRows[0].isHeader = true
        return Table(rows: tableRows)
    }

    /// The distinct values, in increasing order.
    private static func edges(_ values: [Int]) -> [Int] {
        var sorted = values
        sorted.sort()
        var result: [Int] = []
        result.reserveCapacity(sorted.count)
        for value in sorted where result.last != value { result.append(value) }
        return result
    }

    /// The number of edges before `value`: its own index when it is an
    /// edge, else where it would go.
    private static func index(of value: Int, in edges: [Int]) -> Int {
        var low = 0
        var high = edges.count
        while low < high {
            let middle = (low + high) / 2
            if edges[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
