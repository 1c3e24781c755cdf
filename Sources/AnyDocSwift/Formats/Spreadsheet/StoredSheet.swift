/// A worksheet of a binary workbook (XLS, XLSB) read whole: its cells and
/// merged ranges, in memory bounded by `Limits.maxTableCells` cells and
/// merges. Declared dimensions are never used to allocate anything.
///
/// Files list cells row by row, but nothing forces them to: `finish()`
/// sorts by row and column (of two cells at one position the later in the
/// file wins, as when Excel reads it), and the sheet then serves the table
/// writer as its row source.
struct StoredSheet: SheetRowSource {
    private(set) var cells: [StoredCell] = []
    private(set) var merges: [XLSXRange] = []
    private let maxCells: Int

    init(maxCells: Int) {
        self.maxCells = maxCells
    }

    /// Adds a cell; cells outside Excel's grid are dropped.
    mutating func append(_ cell: StoredCell) throws(ConversionError) {
        guard Int(cell.row) < XLSXCellReference.maxRow, Int(cell.column) < XLSXCellReference.maxColumn else { return }
        guard cells.count < maxCells else {
            throw .resourceLimit("a worksheet has more than \(maxCells) cells")
        }
        cells.append(cell)
    }

    /// Adds a merged range given by 0-based corners, in either order; a
    /// single cell or a range outside the grid is no merge.
    mutating func appendMerge(firstRow: Int, lastRow: Int, firstColumn: Int, lastColumn: Int) throws(ConversionError) {
        let range = XLSXRange(
            firstRow: min(firstRow, lastRow) + 1, lastRow: max(firstRow, lastRow) + 1,
            firstColumn: min(firstColumn, lastColumn) + 1, lastColumn: max(firstColumn, lastColumn) + 1)
        guard range.firstRow >= 1, range.lastRow <= XLSXCellReference.maxRow,
              range.firstColumn >= 1, range.lastColumn <= XLSXCellReference.maxColumn,
              range.firstRow != range.lastRow || range.firstColumn != range.lastColumn else { return }
        guard merges.count < maxCells else {
            throw .resourceLimit("a worksheet has more than \(maxCells) merged ranges")
        }
        merges.append(range)
    }

    /// Puts the cells in row and column order, keeping the last of any
    /// two at one position.
    mutating func finish() {
        var ordered = true
        for index in cells.indices.dropFirst() where !Self.precedes(cells[index - 1], cells[index]) {
            ordered = false
            break
        }
        guard !ordered else { return }
        // File order breaks ties, so the result never depends on how the
        // sort treats equal elements.
        let sorted = cells.enumerated().sorted { left, right in
            Self.precedes(left.element, right.element)
                || (Self.samePosition(left.element, right.element) && left.offset < right.offset)
        }
        var kept: [StoredCell] = []
        kept.reserveCapacity(sorted.count)
        for (_, cell) in sorted {
            if let last = kept.last, Self.samePosition(last, cell) {
                kept[kept.count - 1] = cell
            } else {
                kept.append(cell)
            }
        }
        cells = kept
    }

    func parse(wants: (Int) -> Bool, visit: (Int, [StoredCell]) throws(ConversionError) -> Void) throws(ConversionError) {
        var start = 0
        var row: [StoredCell] = []
        while start < cells.count {
            let number = cells[start].row
            var end = start + 1
            while end < cells.count, cells[end].row == number { end += 1 }
            if wants(Int(number) + 1) {
                row.removeAll(keepingCapacity: true)
                row.append(contentsOf: cells[start..<end])
                try visit(Int(number) + 1, row)
            }
            start = end
        }
    }

    private static func precedes(_ left: StoredCell, _ right: StoredCell) -> Bool {
        left.row != right.row ? left.row < right.row : left.column < right.column
    }

    private static func samePosition(_ left: StoredCell, _ right: StoredCell) -> Bool {
        left.row == right.row && left.column == right.column
    }
}
