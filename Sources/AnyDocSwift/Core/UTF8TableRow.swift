/// A row of plain-text table cells given as UTF-8 bytes, borrowed from
/// the reader that found them: the cells lie back to back in `bytes`,
/// cell `i` ending at `ends[i]`.
///
/// Readers of large delimited text (CSV, TSV) hand rows over this way so
/// that a cell that needs no escaping goes from the input to the output
/// without becoming a `String`. The buffers are valid only during the
/// `DocumentSink.appendTableRow(utf8Cells:)` call that receives them; a
/// sink that keeps a row copies it (`texts` does).
public struct UTF8TableRow {
    /// Every cell's bytes, back to back; each cell is valid UTF-8.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Where each cell ends in `bytes`; one entry per cell.
    public let ends: UnsafeBufferPointer<Int>

    /// A row over `bytes` whose cells end at `ends`, which must rise and
    /// stay within `bytes`.
    public init(bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>) {
        self.bytes = bytes
        self.ends = ends
    }

    /// The number of cells.
    public var count: Int { ends.count }

    /// The bytes of cell `index`.
    public subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : ends[index - 1]
        return UnsafeBufferPointer(rebasing: bytes[start..<ends[index]])
    }

    /// The cells as strings ("" for an empty cell).
    public var texts: [String] {
        (0..<count).map { String(decoding: self[$0], as: UTF8.self) }
    }
}
