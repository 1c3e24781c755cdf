/// What a first pass over a worksheet finds before anything is written:
/// the used range (the rows and columns between the outermost cells that
/// show something; `<dimension>` is not trusted) and the merged ranges,
/// which come after the cells in an XLSX part.
struct SheetLayout {
    var usedRange: XLSXRange?
    var merges: [XLSXRange]

    /// Measures a worksheet. `open` starts a new pass over the part.
    static func measure<Source: SheetRowSource, Formatter: SheetCellFormatter>(
        open: () throws(ConversionError) -> Source, cellText: Formatter, deadline: Deadline
    ) throws(ConversionError) -> SheetLayout where Source.Cell == Formatter.Cell {
        let parser = try open()
        var bounds = Bounds()
        try parser.parse(wants: { _ in true }) { row, cells in
            for cell in cells where cellText.isVisible(cell) { bounds.include(row: row, column: cellText.column(of: cell)) }
        }
        let merges = parser.merges
        if let range = bounds.range, merges.contains(where: { touchesEdge($0, of: range) }) {
            // A covered cell with a stale value may have widened the range:
            // measure again without covered cells.
            var index = XLSXMergeIndex(merges)
            bounds = Bounds()
            try open().parse(wants: { _ in true }) { row, cells in
                index.advance(to: row)
                for cell in cells {
                    let column = cellText.column(of: cell)
                    if !index.isCovered(row: row, column: column) && cellText.isVisible(cell) {
                        bounds.include(row: row, column: column)
                    }
                }
            }
        }
        return SheetLayout(usedRange: bounds.range, merges: merges)
    }

    /// True when `merge` reaches a row or column on the border of `range`,
    /// where a covered cell could be the one that set the border.
    private static func touchesEdge(_ merge: XLSXRange, of range: XLSXRange) -> Bool {
        let rowsOverlap = merge.firstRow <= range.lastRow && merge.lastRow >= range.firstRow
        let columnsOverlap = merge.firstColumn <= range.lastColumn && merge.lastColumn >= range.firstColumn
        guard rowsOverlap, columnsOverlap else { return false }
        return merge.lastRow >= range.lastRow || merge.lastColumn >= range.lastColumn
            || merge.firstRow <= range.firstRow || merge.firstColumn <= range.firstColumn
    }

    private struct Bounds {
        var range: XLSXRange?

        mutating func include(row: Int, column: Int) {
            guard var current = range else {
                range = XLSXRange(firstRow: row, lastRow: row, firstColumn: column, lastColumn: column)
                return
            }
            current.firstRow = min(current.firstRow, row)
            current.lastRow = max(current.lastRow, row)
            current.firstColumn = min(current.firstColumn, column)
            current.lastColumn = max(current.lastColumn, column)
            range = current
        }
    }
}
