/// Gathers one table's paragraphs into cells and rows as cell marks and
/// row marks arrive, then turns the merge flags of each row's layout into
/// column and row spans.
struct DOCTableBuilder {
    private struct Row {
        var cells: [[Block]]
        var definition: DOCTableRowDefinition?
    }

    private var rows: [Row] = []
    private var cells: [[Block]] = []
    private var cellItems: [FlowItem] = []
    /// Cells closed so far, for the table-cell limit.
    private(set) var cellCount = 0

    mutating func add(_ item: FlowItem) {
        cellItems.append(item)
    }

    mutating func endCell() {
        cells.append(FlowGrouper.group(cellItems))
        cellItems = []
        cellCount += 1
    }

    mutating func endRow(_ definition: DOCTableRowDefinition?) {
        if !cellItems.isEmpty { endCell() }
        guard !cells.isEmpty else { return }
        rows.append(Row(cells: cells, definition: definition))
        cells = []
    }

    /// The finished table, or nil when no cell holds anything.
    mutating func finish() -> Table? {
        endRow(nil)
        let grid = gridEdges()
        var result: [TableRow] = []
        // Grid column to the row and cell index where a vertical merge began.
        var verticalOrigins: [Int: (row: Int, cell: Int)] = [:]
        for row in rows {
            var out: [TableCell] = []
            var column = 0
            for (index, blocks) in row.cells.enumerated() {
                let layout = row.definition.flatMap { index < $0.cells.count ? $0.cells[index] : nil } ?? DOCTableRowDefinition.Cell()
                let span = columnSpan(of: index, in: row.definition, grid: grid)
                if let start = gridColumn(of: index, in: row.definition, grid: grid) { column = start }
                defer { column += span }
                if layout.horizontal == .continues, !out.isEmpty, blocks.isEmpty {
                    out[out.count - 1].columnSpan += span
                    continue
                }
                if layout.vertical == .continues, let origin = verticalOrigins[column], origin.row < result.count, blocks.isEmpty {
                    result[origin.row].cells[origin.cell].rowSpan += 1
                    continue
                }
                out.append(TableCell(blocks: blocks, columnSpan: span))
                verticalOrigins[column] = layout.vertical == .starts ? (result.count, out.count - 1) : nil
            }
            result.append(TableRow(cells: out))
        }
        rows = []
        let hasContent = result.contains { row in row.cells.contains { !$0.blocks.isEmpty } }
        return hasContent ? Table(rows: result) : nil
    }

    /// Every distinct cell edge of the table, left to right, when every
    /// row states its edges; cells then span the grid columns between
    /// their own edges, as Word lays out rows of different cell widths.
    private func gridEdges() -> [Int]? {
        var edges = Set<Int>()
        for row in rows {
            guard let definition = row.definition, definition.edges.count == definition.cells.count + 1,
                definition.cells.count >= row.cells.count
            else { return nil }
            edges.formUnion(definition.edges.map(Self.snapped))
        }
        return edges.sorted()
    }

    /// Edges closer than this many twips (about a millimetre) are one.
    private static func snapped(_ edge: Int) -> Int { (edge + 28) / 57 * 57 }

    private func gridColumn(of cell: Int, in definition: DOCTableRowDefinition?, grid: [Int]?) -> Int? {
        guard let grid, let definition, cell < definition.edges.count else { return nil }
        return grid.firstIndex(of: Self.snapped(definition.edges[cell]))
    }

    private func columnSpan(of cell: Int, in definition: DOCTableRowDefinition?, grid: [Int]?) -> Int {
        guard let grid, let definition, cell + 1 < definition.edges.count else { return 1 }
        let left = Self.snapped(definition.edges[cell])
        let right = Self.snapped(definition.edges[cell + 1])
        return max(1, grid.filter { $0 > left && $0 <= right }.count)
    }
}
