/// Gathers a `<table>`'s rows and cells as they are read.
final class HTMLTableBuilder {
    enum Section { case head, body, foot }

    @exclusivity(unchecked)
    var section: Section = .body
    @exclusivity(unchecked)
    var caption: [Inline]?
    /// `role="presentation"`/`"none"`: a table used for layout.
    let isLayout: Bool

    @exclusivity(unchecked)
    private var rows: [TableRow] = []
    /// `<tfoot>` rows, which browsers show last wherever they are written.
    @exclusivity(unchecked)
    private var footRows: [TableRow] = []
    @exclusivity(unchecked)
    private var current: [TableCell]?
    @exclusivity(unchecked)
    private var currentSection: Section = .body

    init(isLayout: Bool) {
        self.isLayout = isLayout
    }

    func startRow() {
        endRow()
        current = []
        currentSection = section
    }

    func addCell(_ cell: TableCell) {
        if current == nil { startRow() }
        current?.append(cell)
    }

    func endRow() {
        guard let cells = current else { return }
        current = nil
        guard !cells.isEmpty else { return }
        let row = TableRow(cells: cells, isHeader: currentSection == .head)
        if currentSection == .foot { footRows.append(row) } else { rows.append(row) }
    }

    /// The blocks the table becomes: a table; or, for a layout table or a
    /// table of one cell, the cells' content in reading order.
    func finish() -> [Block] {
        endRow()
        var rows = self.rows + footRows
        let cellCount = rows.reduce(0) { $0 + $1.cells.count }
        var captionBlock: [Block] = []
        if let caption, !caption.isEmpty { captionBlock = [.paragraph(caption)] }
        if cellCount == 0 { return captionBlock }
        if isLayout || cellCount == 1 {
            return captionBlock + rows.flatMap { $0.cells.flatMap { $0.blocks } }
        }
        // Without a <thead>, a first row of <th> cells is the header.
        if !rows.contains(where: { $0.isHeader }), rows[0].cells.allSatisfy({ $0.isHeader }) {
            rows[0].isHeader = true
        }
        return [.table(Table(rows: rows, caption: caption))]
    }

    /// A `colspan` or `rowspan` value, within the bounds browsers use.
    static func span(_ value: String?, maximum: Int) -> Int {
        guard let value else { return 1 }
        let digits = value.utf8.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
            .prefix(while: { $0 >= 0x30 && $0 <= 0x39 }).prefix(6)
        guard let number = Int(String(decoding: digits, as: UTF8.self)), number > 0 else { return 1 }
        return min(number, maximum)
    }
}
