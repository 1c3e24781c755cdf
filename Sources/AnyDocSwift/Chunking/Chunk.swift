/// One piece of a document's Markdown, small enough for an embedding
/// model and cut where the document's structure allows.
public struct Chunk: Sendable, Equatable {
    /// Headings above this chunk, outermost first, as the Markdown
    /// writes them (inline Markdown; see `Chunker.plainHeading`).
    public var headingPath: [String]
    /// The pages, slides or sheets the chunk spans, in order.
    public var provenance: [Provenance]
    /// Where its body is: the one of `provenance` a search hit cites.
    public var location: Provenance?
    /// Start and length in Unicode scalars of the Markdown: the slice
    /// `markdown[offset ..< offset + length]` is `text` without `tableHeader`
    /// and `tableFooter`.
    public var offset: Int
    /// The slice's length in Unicode scalars: it ends at `offset + length`.
    public var length: Int
    /// The same slice in UTF-8 bytes.
    public var byteOffset: Int
    /// The slice's length in UTF-8 bytes, from `byteOffset`.
    public var byteLength: Int
    /// For a chunk that continues a table: the table's header and
    /// delimiter rows, repeated at the start of `text` so that its rows
    /// keep their column names.
    public var tableHeader: String?
    /// For a chunk that ends inside an HTML table: the `</table>` that
    /// closes it, appended to `text` so that the piece is a whole table.
    public var tableFooter: String?
    /// The code fence open where the chunk starts, when it starts inside
    /// a fenced code block: a reader of the slice alone needs it.
    public var openFence: CodeFence?
    /// What an embedding model is given: `tableHeader`, if any, the slice, then `tableFooter`, if any.
    public var text: String
    /// The size of `text`, in both units.
    public var size: ChunkSize
    /// Whether a reader sees a word in it: false for a run of page
    /// markers, rules or empty table cells that could join no neighbour.
    public var hasWords: Bool

    /// The opening of a fenced code block: its character and length.
    public struct CodeFence: Sendable, Equatable {
        /// The fence's character as a UTF-8 byte: a backtick or a tilde.
        public var marker: UInt8
        /// How often `marker` repeats (3 or more); a closing fence needs at least as many.
        public var count: Int

        /// A fence of `count` bytes `marker`, such as three backticks.
        public init(marker: UInt8, count: Int) {
            self.marker = marker
            self.count = count
        }
    }

    /// The pages the chunk spans.
    public var pages: [Int] {
        provenance.compactMap { if case .page(let number) = $0 { number } else { nil } }
    }
}
