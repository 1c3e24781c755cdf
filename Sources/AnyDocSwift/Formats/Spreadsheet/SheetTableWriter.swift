/// Writes one worksheet into a sink: its `## Name` boundary, then its used
/// range as one streamed table, row by row. Shared by every spreadsheet
/// format whose cells `Formatter` can show.
///
/// Empty rows inside the used range are kept as empty table rows, up to
/// `maxEmptyRowRun` in a row; a longer run (a sparse sheet with data a
/// million rows apart) is written as a single empty row, so output stays
/// proportional to the content. Columns are never dropped inside the
/// range. Merged cells keep their value in the top-left position and leave
/// the covered positions empty.
struct SheetTableWriter<Formatter: SheetCellFormatter> {
    /// Longest run of empty rows written as it is.
    static var maxEmptyRowRun: Int { 200 }

    let cellText: Formatter
    let deadline: Deadline
    /// Table cells still allowed in the document (`Limits.maxTableCells`).
    var cellBudget: Int

    mutating func write<Source: SheetRowSource>(
        name: String, open: () throws(ConversionError) -> Source, into sink: DocumentSink
    ) throws(ConversionError) where Source.Cell == Formatter.Cell {
        try sink.append(.boundary(.sheet(name: name)))
        let layout = try SheetLayout.measure(open: open, cellText: cellText, deadline: deadline)
        guard let range = layout.usedRange else { return }
        let width = range.lastColumn - range.firstColumn + 1
        var merges = XLSXMergeIndex(layout.merges)
        var slots = [String](repeating: "", count: width)
        var lastWritten: Int?
        var budget = cellBudget
        let text = cellText

        func spend(_ rows: Int) throws(ConversionError) {
            budget -= rows * width
            if budget < 0 { throw .resourceLimit("the workbook has more than its limit of table cells") }
        }

        try sink.beginTable(columnCount: width)
        try open().parse(wants: { $0 >= range.firstRow && $0 <= range.lastRow }) { row, cells throws(ConversionError) in
            merges.advance(to: row)
            var lastFilled = -1
            for cell in cells {
                let column = text.column(of: cell)
                guard column >= range.firstColumn, column <= range.lastColumn else { continue }
                if !merges.isEmpty, merges.isCovered(row: row, column: column) { continue }
                let shown = text.text(of: cell)
                guard !shown.isEmpty else { continue }
                let slot = column - range.firstColumn
                slots[slot] = shown
                lastFilled = max(lastFilled, slot)
            }
            guard lastFilled >= 0 else { return }
            if let previous = lastWritten {
                let gap = row - previous - 1
                let emptyRows = gap <= Self.maxEmptyRowRun ? gap : 1
                if emptyRows > 0 {
                    try spend(emptyRows)
                    for _ in 0..<emptyRows { try sink.appendTableRow(texts: []) }
                }
            }
            try spend(1)
            let texts = Array(slots[0...lastFilled])
            for index in 0...lastFilled { slots[index] = "" }
            try sink.appendTableRow(texts: texts)
            lastWritten = row
        }
        try sink.endTable()
        cellBudget = budget
    }
}
