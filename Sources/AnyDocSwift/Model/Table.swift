/// A table as rows of cells, with spans.
///
/// Rows list only the cells that start at that row, in reading order, as
/// HTML does: a cell spanning two rows is absent from the second. The
/// serializer lays them out on a grid.
public struct Table: Sendable, Equatable {
    public var rows: [TableRow]
    public var caption: [Inline]?

    public init(rows: [TableRow], caption: [Inline]? = nil) {
        self.rows = rows
        self.caption = caption
    }
}

public struct TableRow: Sendable, Equatable {
    public var cells: [TableCell]
    /// A row of column headings.
    public var isHeader: Bool

    public init(cells: [TableCell], isHeader: Bool = false) {
        self.cells = cells
        self.isHeader = isHeader
    }
}

public struct TableCell: Sendable, Equatable {
    public var blocks: [Block]
    public var columnSpan: Int
    public var rowSpan: Int
    public var isHeader: Bool

    public init(blocks: [Block], columnSpan: Int = 1, rowSpan: Int = 1, isHeader: Bool = false) {
        self.blocks = blocks
        self.columnSpan = max(1, columnSpan)
        self.rowSpan = max(1, rowSpan)
        self.isHeader = isHeader
    }

    /// A cell holding one paragraph of inlines (none when empty).
    public init(_ content: [Inline], columnSpan: Int = 1, rowSpan: Int = 1, isHeader: Bool = false) {
        self.init(
            blocks: content.isEmpty ? [] : [.paragraph(content)],
            columnSpan: columnSpan, rowSpan: rowSpan, isHeader: isHeader)
    }

    /// A cell holding plain text.
    public init(text: String, columnSpan: Int = 1, rowSpan: Int = 1, isHeader: Bool = false) {
        self.init(text.isEmpty ? [] : [.text(text)], columnSpan: columnSpan, rowSpan: rowSpan, isHeader: isHeader)
    }
}
