import AnyDocSwift

/// A chunk as JSON Lines carry it (`anydoc convert --chunks`, the worker
/// protocol's records). The schema is versioned by `schema`; fields are
/// only ever added within a version.
public struct ChunkRecord: Codable, Sendable, Equatable {
    /// The schema version these records are written in: the value of `schema`.
    public static let schemaName = "anydoc.chunk/1"

    /// The record's schema version, `schemaName` for records made here.
    public var schema = schemaName
    /// Hash of the source's bytes and the chunk's offsets: the same
    /// document cut the same way gives the same ids.
    public var id: String
    /// The input as it was named: its path, or `<stdin>`.
    public var document: String
    /// The `DocumentFormat` raw value the input was read as; nil when unknown.
    public var format: String?
    /// The chunk's position in its document, from 0.
    public var index: Int
    /// Headings above the chunk, outermost first, as a reader sees them (`heading_path`).
    public var headingPath: [String]
    /// The pages the chunk spans, in order; nil (absent from the JSON) when none.
    public var pages: [Int]?
    /// The numbers of the slides the chunk spans; nil when none.
    public var slides: [Int]?
    /// The names of the sheets the chunk spans; nil when none.
    public var sheets: [String]?
    /// Start and length in Unicode scalars of the document's Markdown.
    public var offset: Int
    /// The slice's length in Unicode scalars, `tableHeader` not included.
    public var length: Int
    /// The size of `text` in Unicode scalars, `tableHeader` included.
    public var chars: Int
    /// The estimated tokens of `text` (see `ChunkSize`).
    public var tokens: Int
    /// A continued table's header rows, which start `text`.
    public var tableHeader: String?
    /// For a chunk cut inside an HTML table: the `</table>` that ends `text`.
    public var tableFooter: String?
    /// What to embed: `tableHeader`, if any, the slice's Markdown, then `tableFooter`, if any.
    public var text: String

    enum CodingKeys: String, CodingKey {
        case schema, id, document, format, index, headingPath = "heading_path", pages, slides, sheets
        case offset, length, chars, tokens, tableHeader = "table_header", tableFooter = "table_footer", text
    }

    /// The record of the `index`-th chunk; its `id` hashes `sourceSha256` and the offsets.
    public init(_ chunk: Chunk, index: Int, document: String, format: String?, sourceSha256: String) {
        id = String(SHA256.hex(Array("\(sourceSha256):\(chunk.offset):\(chunk.length)".utf8)).prefix(32))
        self.document = document
        self.format = format
        self.index = index
        headingPath = chunk.headingPath
        var pages: [Int] = [], slides: [Int] = [], sheets: [String] = []
        for item in chunk.provenance {
            switch item {
            case .page(let number): pages.append(number)
            case .slide(let number, _): slides.append(number)
            case .sheet(let name): sheets.append(name)
            }
        }
        self.pages = pages.isEmpty ? nil : pages
        self.slides = slides.isEmpty ? nil : slides
        self.sheets = sheets.isEmpty ? nil : sheets
        offset = chunk.offset
        length = chunk.length
        chars = chunk.size.characters
        tokens = chunk.size.tokens
        tableHeader = chunk.tableHeader
        tableFooter = chunk.tableFooter
        text = chunk.text
    }

    /// The records of a document's chunks: those with words only (a
    /// chunk of markers or rules tells a reader nothing).
    public static func records(
        markdown: String, format: DocumentFormat?, options: ChunkOptions, document: String, sourceSha256: String
    ) -> [ChunkRecord] {
        records(SectionSplitter.chunks(markdown, family: format?.family, options: options), format: format, document: document, sourceSha256: sourceSha256)
    }

    /// The records of chunks cut by the document's model (`Chunker.chunks(markdown:layout:)`), words only.
    public static func records(_ chunks: [Chunk], format: DocumentFormat?, document: String, sourceSha256: String) -> [ChunkRecord] {
        let chunks = chunks.filter(\.hasWords)
        return chunks.enumerated().map { ChunkRecord($1, index: $0, document: document, format: format?.rawValue, sourceSha256: sourceSha256) }
    }
}
