/// One pass over a large worksheet that measures it and, while the text
/// its cells show fits in `maxBytes`, keeps that text, so that the table
/// is written from memory instead of inflating and scanning the part a
/// second time. Past the budget the text is let go but the pass still
/// measures, and the rows are then streamed once more, as before.
struct SheetFirstPass {
    /// The cells' text, or nil when it outgrew the budget.
    let held: PackedSheetText?
    /// The used range with covered cells counted (see `SheetLayout.settled`).
    let range: XLSXRange?
    let merges: [XLSXRange]

    init<Source: SheetRowSource, Formatter: SheetCellFormatter>(
        reading source: Source, cellText: Formatter, maxBytes: Int
    ) throws(ConversionError) where Source.Cell == Formatter.Cell {
        var text: PackedSheetText? = PackedSheetText()
        var bounds = SheetLayout.Bounds()
        try source.parse(wants: { _ in true }) { row, cells in
            guard text != nil else {
                for cell in cells where cellText.isVisible(cell) { bounds.include(row: row, column: cellText.column(of: cell)) }
                return
            }
            var started = false
            for cell in cells {
                // A cell that shows nothing is neither measured nor written.
                let shown = cellText.text(of: cell)
                guard !shown.isEmpty else { continue }
                let column = cellText.column(of: cell)
                bounds.include(row: row, column: column)
                if !started { text?.appendRow(row); started = true }
                text?.appendCell(column: column, text: shown)
            }
            if let held = text, held.byteCount > maxBytes { text = nil }
        }
        held = text
        range = bounds.range
        merges = source.merges
    }
}

extension SheetTableWriter {
    /// Writes a large worksheet reading its part once when the text its
    /// cells show fits in `maxHeldBytes`, twice (measure, then stream)
    /// when it does not. The output is the same as `write(name:open:into:)`.
    mutating func writeReadingOnce<Source: SheetRowSource>(
        name: String, open: () throws(ConversionError) -> Source, maxHeldBytes: Int, into sink: DocumentSink
    ) throws(ConversionError) where Source.Cell == Formatter.Cell {
        try sink.append(.boundary(.sheet(name: name)))
        let pass = try SheetFirstPass(reading: open(), cellText: cellText, maxBytes: maxHeldBytes)
        guard let text = pass.held else {
            let layout = try SheetLayout.settled(pass.range, merges: pass.merges, open: open, cellText: cellText)
            try writeTable(layout: layout, open: open, into: sink)
            return
        }
        let rows = HeldSheetRows(text: text, merges: pass.merges, deadline: deadline)
        let layout = try SheetLayout.settled(pass.range, merges: pass.merges, open: { rows }, cellText: HeldCellText())
        var writer = SheetTableWriter<HeldCellText>(cellText: HeldCellText(), deadline: deadline, cellBudget: cellBudget)
        try writer.writeTable(layout: layout, open: { rows }, into: sink)
        cellBudget = writer.cellBudget
    }
}
