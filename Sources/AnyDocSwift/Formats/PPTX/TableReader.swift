/// Reads a DrawingML table (`a:tbl`) row by row. Every grid position has
/// an `a:tc`; the ones a merge covers (`hMerge`, `vMerge`) are dropped and
/// the origin cell carries `gridSpan`/`rowSpan`, as the model wants.
struct TableReader {
    let reader: XMLReader
    let context: DeckContext
    let text: DrawingText

    private let a = PPTXNamespace.drawing

    /// The table, leaving the reader on the end of `a:tbl`; nil when no
    /// cell holds anything.
    func read() throws(ConversionError) -> Table? {
        guard !reader.isEmptyElement else { return nil }
        let depth = reader.depth
        var rows: [TableRow] = []
        var cells: [TableCell]?
        var cellCount = 0
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= depth { break }
                if reader.isElement("tr", in: a), let finished = cells {
                    rows.append(TableRow(cells: finished))
                    cells = nil
                }
                continue
            }
            guard reader.kind == .startElement else { continue }
            switch (reader.namespace, reader.localName) {
            case (a, "tr"):
                cells = []
                if reader.isEmptyElement {
                    rows.append(TableRow(cells: []))
                    cells = nil
                }
            case (a, "tc"):
                let element = try reader.readElement()
                cellCount += 1
                if cellCount % 1024 == 0 {
                    try context.countTableCells(1024)
                    try context.deadline.check()
                }
                if let cell = self.cell(element) {
                    if cells == nil { cells = [] }
                    cells?.append(cell)
                }
            default:
                try reader.skipElement()  // tblPr, tblGrid, extensions
            }
        }
        try context.countTableCells(cellCount % 1024)
        if let cells { rows.append(TableRow(cells: cells)) }
        // A table with no text at all is a drawing aid, not content.
        guard rows.contains(where: { $0.cells.contains { !$0.blocks.isEmpty } }) else { return nil }
        rows[0].isHeader = true
        return Table(rows: rows)
    }

    /// A cell's blocks and spans; nil for a position another cell covers.
    private func cell(_ element: XMLElement) -> TableCell? {
        if Self.isOn(element.attribute("hMerge")) || Self.isOn(element.attribute("vMerge")) { return nil }
        let columnSpan = element.attribute("gridSpan").flatMap { Int($0) } ?? 1
        let rowSpan = element.attribute("rowSpan").flatMap { Int($0) } ?? 1
        var blocks: [Block] = []
        if let body = element.firstElement("txBody", in: a) {
            // Cells have no layout to inherit bullets from: only what they set shows.
            blocks = ParagraphGrouper.blocks(text.paragraphs(inBody: body)) { $0.bullet ?? .none }
        }
        return TableCell(blocks: blocks, columnSpan: min(max(columnSpan, 1), 1000), rowSpan: min(max(rowSpan, 1), 1000))
    }

    private static func isOn(_ value: String?) -> Bool {
        value == "1" || value == "true"
    }
}
