/// Where one top-level block's Markdown lies in a rendered document and
/// what the block is, as `MarkdownWriter` records it when asked
/// (`recordsLayout`): what `Chunker` cuts by, so it follows the model's
/// blocks, items and rows rather than guessing them back from the text.
public struct MarkdownBlockSpan: Sendable, Equatable {
    /// What the block is, with the offsets inside it a chunker cuts at.
    /// Offsets inside a block are UTF-8 bytes from the block's start.
    public enum Kind: Sendable, Equatable {
        /// An ATX heading of `level`, one line.
        case heading(level: Int)
        /// A page marker comment, or the level-2 heading naming a slide or sheet.
        case boundary(Provenance)
        /// A list; `itemStarts` are where its items start, nested ones included.
        case list(itemStarts: [Int])
        /// A GFM pipe table; its header row starts at `headerStart` (after a caption).
        case pipeTable(headerStart: Int)
        /// An HTML table (`<table>` … `</table>`, one row a line); its
        /// opening tag, caption and header rows end at `headerEnd`.
        case htmlTable(headerEnd: Int)
        /// A fenced code block: an opening fence line, code lines, a closing fence line.
        case code
        /// Markdown passed through as it came (`.md`, `.txt`): only its lines are known.
        case verbatim
        /// Anything else: paragraphs, quotes, math, images, rules, footnotes.
        case text
    }

    /// What the block is.
    public var kind: Kind
    /// The block's UTF-8 bytes in the document's Markdown, without the
    /// blank line that separates it from the next.
    public var bytes: Range<Int>

    /// A span of `kind` over `bytes`.
    public init(kind: Kind, bytes: Range<Int>) {
        self.kind = kind
        self.bytes = bytes
    }
}
