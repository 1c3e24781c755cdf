/// What one line of the Markdown is, as far as cutting it goes: told by
/// the model's layout (`MarkdownBlockSpan`), or read from the Markdown
/// itself when only the text is at hand.
enum ChunkLine: Equatable {
    case blank
    /// A line of a paragraph, quote or other block.
    case text
    /// The first line of a list item: a list is cut between items.
    case listItem
    /// A heading; `location` is the slide or sheet it names, if any.
    case heading(level: Int, text: String, location: Provenance?)
    case pageMarker(Int)
    case fenceOpen(Chunk.CodeFence)
    case code
    case fenceClose
    /// A pipe table's first row: its header when a delimiter row follows.
    case tableFirstRow
    case tableDelimiter
    case tableRow
    /// A line of an HTML table's head (`<table>`, caption, header rows);
    /// `last` when the rows that follow are body rows.
    case htmlTableHead(last: Bool)
    case htmlTableRow
    /// The `</table>` line that closes an HTML table.
    case htmlTableEnd

    /// The HTML that closes a piece cut inside an HTML table.
    static let htmlTableFooter = "</table>"
}
