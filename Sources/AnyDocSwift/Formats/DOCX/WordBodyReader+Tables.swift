/// Tables: rows and cells read as drafts, then vertical merges resolved
/// and one-cell layout tables unwrapped.
extension WordBodyReader {
    private struct CellDraft {
        var blocks: [Block]
        var gridSpan: Int
        var merge: Merge
        enum Merge { case none, restart, `continue` }
    }

    private struct RowDraft {
        var cells: [CellDraft] = []
        var isHeader = false
        var gridBefore = 0
    }

    /// A table as blocks: one table, or the content of a one-cell layout
    /// table.
    func readTable() throws(ConversionError) -> [Block] {
        guard !reader.isEmptyElement else { return [] }
        let tableDepth = reader.depth
        var rows: [RowDraft] = []
        var row: RowDraft?
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= tableDepth { break }
                if reader.isElement("tr", in: w), let finished = row {
                    rows.append(finished)
                    row = nil
                }
                continue
            }
            guard reader.kind == .startElement, reader.namespace == w else { continue }
            switch reader.localName {
            case "tr":
                row = RowDraft()
                if reader.isEmptyElement { rows.append(RowDraft()); row = nil }
            case "trPr":
                let properties = try reader.readElement()
                if let header = properties.firstElement("tblHeader", in: w) {
                    row?.isHeader = WordRunProperties.toggle(header)
                }
                row?.gridBefore = properties.firstElement("gridBefore", in: w)?.attribute("val").flatMap { Int($0) } ?? 0
            case "tc":
                pendingCellProperties = nil
                let items = reader.isEmptyElement ? [] : try readBlocks(containerDepth: reader.depth)
                let properties = pendingCellProperties
                pendingCellProperties = nil
                let span = properties?.firstElement("gridSpan", in: w)?.attribute("val").flatMap { Int($0) } ?? 1
                var merge = CellDraft.Merge.none
                if let vMerge = properties?.firstElement("vMerge", in: w) {
                    merge = vMerge.attribute("val") == "restart" ? .restart : .continue
                }
                if row == nil { row = RowDraft() }
                row?.cells.append(CellDraft(blocks: FlowGrouper.group(items), gridSpan: min(max(span, 1), 1000), merge: merge))
            case "tblPr", "tblGrid", "tblPrEx":
                try reader.skipElement()
            default:
                break
            }
        }
        if let row { rows.append(row) }
        return Self.assemble(rows)
    }

    /// Resolves vertical merges into row spans and unwraps layout tables.
    private static func assemble(_ drafts: [RowDraft]) -> [Block] {
        let nonEmpty = drafts.filter { !$0.cells.isEmpty }
        if nonEmpty.count == 1, nonEmpty[0].cells.count == 1 {
            return nonEmpty[0].cells[0].blocks
        }
        var rows: [TableRow] = []
        // Column → (row, cell) of the cell a vertical merge continues.
        var openMerges: [Int: (row: Int, cell: Int)] = [:]
        for draft in nonEmpty {
            var cells: [TableCell] = []
            var column = 0
            if draft.gridBefore > 0 {
                cells.append(TableCell(blocks: [], columnSpan: min(draft.gridBefore, 1000)))
                column += draft.gridBefore
            }
            for cell in draft.cells {
                if cell.merge == .continue, let origin = openMerges[column] {
                    if origin.row < rows.count {
                        rows[origin.row].cells[origin.cell].rowSpan += 1
                    } else {
                        cells[origin.cell].rowSpan += 1
                    }
                } else {
                    cells.append(TableCell(blocks: cell.blocks, columnSpan: cell.gridSpan))
                    if cell.merge == .restart {
                        openMerges[column] = (rows.count, cells.count - 1)
                    } else {
                        openMerges[column] = nil
                    }
                }
                column += cell.gridSpan
            }
            rows.append(TableRow(cells: cells, isHeader: draft.isHeader))
        }
        guard !rows.isEmpty else { return [] }
        return [.table(Table(rows: rows))]
    }
}
