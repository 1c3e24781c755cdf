extension Block {
    /// A table as rows of cells, with spans.
    ///
    /// Rows list only the cells that start at that row, in reading order, as
    /// HTML does: a cell spanning two rows is absent from the second. The
    /// serializer lays them out on a grid.
    public struct Table: Sendable, Equatable {
        /// The rows, top to bottom, each listing only the cells that start in it.
        public var rows: [TableRow]
        /// Text shown above the table; nil or empty for none.
        public var caption: [Inline]?

        /// A table of `rows` with an optional `caption`.
        public init(rows: [TableRow], caption: [Inline]? = nil) {
            self.rows = rows
            self.caption = caption
        }
    }
}

/// One row of a `Table`: the cells that start in it, left to right.
public struct TableRow: Sendable, Equatable {
    /// The cells that start in this row, left to right; cells spanning down from above are absent.
    public var cells: [TableCell]
    /// A row of column headings.
    public var isHeader: Bool

    /// A row of `cells`; set `isHeader` for a row of column headings.
    public init(cells: [TableCell], isHeader: Bool = false) {
        self.cells = cells
        self.isHeader = isHeader
    }
}

/// One cell of a `TableRow`, with its content and how many columns and rows it covers.
public struct TableCell: Sendable, Equatable {
    /// The cell's content; empty for an empty cell.
    public var blocks: [Block]
    /// Columns the cell covers, at least 1.
    public var columnSpan: Int
    /// Rows the cell covers, at least 1.
    public var rowSpan: Int
    /// A heading cell (`<th>`) even when its row is not a header row.
    public var isHeader: Bool

    /// A cell holding `blocks`; spans below 1 are raised to 1.
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
