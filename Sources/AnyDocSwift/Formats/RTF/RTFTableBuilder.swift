/// Gathers `\trowd` … `\cell` … `\row` into a table, turning merge marks
/// on cell definitions into column and row spans.
struct RTFTableBuilder {
    struct CellDefinition {
        var mergesLeft = false
        var startsVerticalMerge = false
        var mergesUp = false
    }

    private struct Row {
        var cells: [[Block]]
        var definitions: [CellDefinition]
        var isHeader: Bool
    }

    private var rows: [Row] = []
    private var cells: [[Block]] = []
    private var cellBlocks: [Block] = []
    private var definitions: [CellDefinition] = []
    private var pending = CellDefinition()
    private var rowIsHeader = false
    private(set) var cellCount = 0

    var isOpen: Bool { !rows.isEmpty || !cells.isEmpty || !cellBlocks.isEmpty }

    mutating func startRowDefinition() {
        definitions = []
        pending = CellDefinition()
        rowIsHeader = false
    }

    mutating func markHeaderRow() { rowIsHeader = true }
    mutating func markMergesLeft() { pending.mergesLeft = true }
    mutating func markStartsVerticalMerge() { pending.startsVerticalMerge = true }
    mutating func markMergesUp() { pending.mergesUp = true }

    /// `\cellx`: closes one cell definition.
    mutating func endCellDefinition() {
        definitions.append(pending)
        pending = CellDefinition()
    }

    mutating func addToCell(_ block: Block) {
        cellBlocks.append(block)
    }

    mutating func endCell() {
        cells.append(cellBlocks)
        cellBlocks = []
        cellCount += 1
    }

    mutating func endRow() {
        if !cellBlocks.isEmpty { endCell() }
        guard !cells.isEmpty else { return }
        rows.append(Row(cells: cells, definitions: definitions, isHeader: rowIsHeader))
        cells = []
    }

    /// The finished table, or nil when it holds nothing; the builder is
    /// empty again afterwards.
    mutating func finish() -> Table? {
        endRow()
        defer {
            rows = []
            cells = []
            cellBlocks = []
        }
        var result: [TableRow] = []
        // Grid column to the row and cell index of a vertical merge's top.
        var verticalOrigins: [Int: (row: Int, cell: Int)] = [:]
        for row in rows {
            var out: [TableCell] = []
            var column = 0
            for (index, blocks) in row.cells.enumerated() {
                let definition = index < row.definitions.count ? row.definitions[index] : CellDefinition()
                if definition.mergesLeft, !out.isEmpty {
                    out[out.count - 1].columnSpan += 1
                    column += 1
                    continue
                }
                if definition.mergesUp, let origin = verticalOrigins[column] {
                    if origin.row < result.count {
                        result[origin.row].cells[origin.cell].rowSpan += 1
                    }
                    column += 1
                    continue
                }
                out.append(TableCell(blocks: blocks, isHeader: row.isHeader))
                if definition.startsVerticalMerge {
                    verticalOrigins[column] = (result.count, out.count - 1)
                } else {
                    verticalOrigins[column] = nil
                }
                column += 1
            }
            result.append(TableRow(cells: out, isHeader: row.isHeader))
        }
        let hasContent = result.contains { !$0.cells.allSatisfy { $0.blocks.isEmpty } }
        return hasContent ? Table(rows: result) : nil
    }
}
