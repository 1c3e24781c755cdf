/// A worksheet's rows parsed once and kept, for sheets small enough to
/// hold: measuring the used range and writing the table then read memory
/// instead of parsing the sheet's XML twice. Large sheets keep streaming.
struct BufferedSheetRows<Cell>: SheetRowSource {
    private let rows: [(row: Int, cells: [Cell])]
    let merges: [XLSXRange]

    /// The rows of `source`, or nil once they hold more than `maxCells`
    /// cells (the caller then streams instead).
    init?<Source: SheetRowSource>(reading source: Source, maxCells: Int) throws(ConversionError) where Source.Cell == Cell {
        var rows: [(row: Int, cells: [Cell])] = []
        var cellCount = 0
        var overflowed = false
        try source.parse(wants: { _ in !overflowed }) { row, cells in
            cellCount += cells.count
            if cellCount > maxCells { overflowed = true; rows = []; return }
            rows.append((row, cells))
        }
        guard !overflowed else { return nil }
        self.rows = rows
        merges = source.merges
    }

    func parse(wants: (Int) -> Bool, visit: (Int, [Cell]) throws(ConversionError) -> Void) throws(ConversionError) {
        for (row, cells) in rows where wants(row) {
            try visit(row, cells)
        }
    }
}
