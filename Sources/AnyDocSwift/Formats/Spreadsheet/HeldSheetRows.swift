/// A worksheet's rows as the text their cells show, read back from
/// `PackedSheetText` so that the table writer can measure and write them
/// from memory.
struct HeldSheetRows: SheetRowSource {
    let text: PackedSheetText
    let merges: [XLSXRange]
    let deadline: Deadline

    func parse(wants: (Int) -> Bool, visit: (Int, [PackedSheetText.Cell]) throws(ConversionError) -> Void) throws(ConversionError) {
        var rowsRead = 0
        try text.forEachRow { row, cells throws(ConversionError) in
            rowsRead += 1
            if rowsRead & 0x3FF == 0 { try deadline.check() }
            if wants(row) { try visit(row, cells) }
        }
    }
}

/// Shows held cells: their text was rendered when they were read.
struct HeldCellText: SheetCellFormatter {
    func column(of cell: PackedSheetText.Cell) -> Int { cell.column }
    func text(of cell: PackedSheetText.Cell) -> String { cell.text }
    func isVisible(_ cell: PackedSheetText.Cell) -> Bool { !cell.text.isEmpty }
}
