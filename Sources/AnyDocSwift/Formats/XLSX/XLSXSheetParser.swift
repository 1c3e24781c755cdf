/// Streams a worksheet part row by row, each row's cells in column order,
/// and collects the merged ranges that follow `sheetData`. Memory holds
/// one row of cells plus the merges.
///
/// Row and column numbers come from `r` attributes when they move
/// forward; missing, invalid or backward ones continue from the previous
/// row or cell. Every pass over a part therefore numbers cells the same
/// way, and rows always ascend. Cells past column XFD are dropped.
final class XLSXSheetParser: SheetRowSource {
    private let reader: XMLReader
    private let deadline: Deadline
    private let maxMerges: Int
    @exclusivity(unchecked)
    private(set) var merges: [XLSXRange] = []
    @exclusivity(unchecked)
    private var cells: [XLSXCell] = []

    init(reader: XMLReader, deadline: Deadline, maxMerges: Int) {
        self.reader = reader
        self.deadline = deadline
        self.maxMerges = maxMerges
    }

    /// Calls `visit` with each row that has cells, in order. Rows for which
    /// `wants` is false are skipped without reading their cells.
    func parse(
        wants: (Int) -> Bool,
        visit: (Int, [XLSXCell]) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        let spreadsheet = OOXMLNamespace.spreadsheet
        var previousRow = 0
        var rowsRead = 0
        while try reader.read() {
            guard reader.kind == .startElement else { continue }
            switch reader.localName {
            case "row" where reader.namespace == spreadsheet:
                rowsRead += 1
                if rowsRead & 0x3FF == 0 { try deadline.check() }
                var number = previousRow + 1
                if let text = reader.attribute("r"), let stated = Int(text.trimmingSpaces()),
                   stated > previousRow, stated <= XLSXCellReference.maxRow {
                    number = stated
                }
                previousRow = number
                guard !reader.isEmptyElement else { continue }
                guard wants(number) else {
                    try reader.skipElement()
                    continue
                }
                try readCells()
                if !cells.isEmpty { try visit(number, cells) }
            case "mergeCell" where reader.namespace == spreadsheet:
                guard let reference = reader.attribute("ref"), let range = XLSXCellReference.parseRange(reference),
                      range.firstRow != range.lastRow || range.firstColumn != range.lastColumn else { continue }
                guard merges.count < maxMerges else {
                    throw .resourceLimit("worksheet has more than \(maxMerges) merged ranges")
                }
                merges.append(range)
            case "sheetPr", "sheetViews", "cols", "conditionalFormatting", "dataValidations", "hyperlinks",
                 "pageSetup", "headerFooter", "rowBreaks", "colBreaks", "extLst", "sheetProtection",
                 "autoFilter", "sortState", "printOptions", "pageMargins", "tableParts":
                try reader.skipElement()
            default:
                break
            }
        }
    }

    /// Reads the cells of the row the reader is on, leaving it on the row's end.
    private func readCells() throws(ConversionError) {
        cells.removeAll(keepingCapacity: true)
        let rowDepth = reader.depth
        var previousColumn = 0
        var cellsRead = 0
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth == rowDepth { return }
                continue
            }
            guard reader.kind == .startElement else { continue }
            guard reader.localName == "c" else {
                try reader.skipElement()
                continue
            }
            cellsRead += 1
            if cellsRead & 0x3FFF == 0 { try deadline.check() }
            var column = previousColumn + 1
            if let reference = reader.attribute("r"), let stated = XLSXCellReference.parse(reference).column,
               stated > previousColumn {
                column = stated
            }
            previousColumn = column
            let kind = XLSXCell.kind(of: reader.attribute("t"))
            let style = reader.attribute("s").flatMap { Int($0) } ?? 0
            var value: String?
            if !reader.isEmptyElement {
                let cellDepth = reader.depth
                while try reader.read() {
                    if reader.kind == .endElement, reader.depth == cellDepth { break }
                    guard reader.kind == .startElement else { continue }
                    switch reader.localName {
                    case "v": value = try reader.readElementText()
                    case "is": value = try XLSXSharedStrings.readItem(reader)
                    default: try reader.skipElement()
                    }
                }
            }
            guard column <= XLSXCellReference.maxColumn else { continue }
            cells.append(XLSXCell(column: column, kind: kind, style: style, value: value))
        }
        throw .malformed("the worksheet ends inside a row")
    }
}
