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
        return try settled(bounds.range, merges: parser.merges, open: open, cellText: cellText)
    }

    /// The layout from `range`, measured with covered cells counted, and
    /// the sheet's merges: when a merge reaches the range's border, a
    /// covered cell with a stale value may have widened it, so the sheet
    /// is measured again without covered cells.
    static func settled<Source: SheetRowSource, Formatter: SheetCellFormatter>(
        _ range: XLSXRange?, merges: [XLSXRange], open: () throws(ConversionError) -> Source, cellText: Formatter
    ) throws(ConversionError) -> SheetLayout where Source.Cell == Formatter.Cell {
        guard let range, merges.contains(where: { touchesEdge($0, of: range) }) else {
            return SheetLayout(usedRange: range, merges: merges)
        }
        var index = XLSXMergeIndex(merges)
        var bounds = Bounds()
        try open().parse(wants: { _ in true }) { row, cells in
            index.advance(to: row)
            for cell in cells {
                let column = cellText.column(of: cell)
                if !index.isCovered(row: row, column: column) && cellText.isVisible(cell) {
                    bounds.include(row: row, column: column)
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

    /// The smallest range holding every cell included so far.
    struct Bounds {
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
