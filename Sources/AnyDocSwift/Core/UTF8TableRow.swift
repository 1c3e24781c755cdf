/// A row of plain-text table cells given as UTF-8 bytes, borrowed from
/// the reader that found them: each cell is a buffer of valid UTF-8,
/// most of them pointing straight into the input.
///
/// Readers of large delimited text (CSV, TSV) hand rows over this way so
/// that a cell that needs no escaping goes from the input to the output
/// without becoming a `String`. The buffers are valid only during the
/// `DocumentSink.appendTableRow(utf8Cells:)` call that receives them; a
/// sink that keeps a row copies it (`texts` does).
public struct UTF8TableRow {
    /// The cells' bytes, one buffer per cell (empty for an empty cell).
    public let cells: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>

    /// The bytes the cells were cut from, when they are its consecutive
    /// runs with one `separator` byte between each and the next (and no
    /// cell holds that byte), as a record of unquoted fields is: a sink
    /// may then test the whole row at once instead of cell by cell.
    public let span: (bytes: UnsafeBufferPointer<UInt8>, separator: UInt8)?

    /// A row of `cells`, each valid UTF-8.
    public init(cells: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) {
        self.cells = cells
        span = nil
    }

    /// A row of `cells`, each valid UTF-8, cut from `span` at single
    /// `separator` bytes that no cell holds: the first cell starts where
    /// `span` does, each next one a byte after the one before ends, and
    /// the last ends where `span` does.
    public init(cells: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, span: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        self.cells = cells
        self.span = (span, separator)
    }

    /// The number of cells.
    public var count: Int { cells.count }

    /// The bytes of cell `index`.
    public subscript(index: Int) -> UnsafeBufferPointer<UInt8> { cells[index] }

    /// The cells as strings ("" for an empty cell).
    public var texts: [String] {
        cells.map { String(decoding: $0, as: UTF8.self) }
    }
}
