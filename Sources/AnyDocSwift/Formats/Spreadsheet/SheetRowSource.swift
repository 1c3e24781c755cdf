/// A worksheet's cells as the table writer reads them: rows ascending,
/// each row's cells in column order, numbered from 1 as Excel shows them.
/// XLSX streams them from XML; the binary formats from a parsed store.
protocol SheetRowSource {
    associatedtype Cell

    /// The merged ranges; complete once a pass has finished.
    var merges: [XLSXRange] { get }

    /// Calls `visit` with each row that has cells, in order. Rows for which
    /// `wants` is false may be skipped without reading their cells.
    func parse(wants: (Int) -> Bool, visit: (Int, [Cell]) throws(ConversionError) -> Void) throws(ConversionError)
}

/// What a worksheet's cells show, as Excel displays them.
protocol SheetCellFormatter {
    associatedtype Cell

    /// The cell's 1-based column.
    func column(of cell: Cell) -> Int
    /// The shown text, or "" when the cell shows nothing but blanks.
    func text(of cell: Cell) -> String
    /// Whether the cell shows anything; may skip formatting when that
    /// cannot change the answer.
    func isVisible(_ cell: Cell) -> Bool
}
