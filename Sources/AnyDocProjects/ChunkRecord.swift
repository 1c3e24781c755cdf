import AnyDocSwift

/// A chunk as JSON Lines carry it (`anydoc convert --chunks`, the worker
/// protocol's records). The schema is versioned by `schema`; fields are
/// only ever added within a version.
public struct ChunkRecord: Codable, Sendable, Equatable {
    public static let schemaName = "anydoc.chunk/1"

    public var schema = schemaName
    /// Hash of the source's bytes and the chunk's offsets: the same
    /// document cut the same way gives the same ids.
    public var id: String
    public var document: String
    public var format: String?
    /// The chunk's position in its document, from 0.
    public var index: Int
    public var headingPath: [String]
    public var pages: [Int]?
    public var slides: [Int]?
    public var sheets: [String]?
    /// Start and length in Unicode scalars of the document's Markdown.
    public var offset: Int
    public var length: Int
    public var chars: Int
    public var tokens: Int
    /// A continued table's header rows, which start `text`.
    public var tableHeader: String?
    public var text: String

    enum CodingKeys: String, CodingKey {
        case schema, id, document, format, index, headingPath = "heading_path", pages, slides, sheets
        case offset, length, chars, tokens, tableHeader = "table_header", text
    }

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
        text = chunk.text
    }

    /// The records of a document's chunks: those with words only (a
    /// chunk of markers or rules tells a reader nothing).
    public static func records(
        markdown: String, format: DocumentFormat?, options: ChunkOptions, document: String, sourceSha256: String
    ) -> [ChunkRecord] {
        let chunks = SectionSplitter.chunks(markdown, family: format?.family, options: options)
            .filter(\.hasWords)
        return chunks.enumerated().map { ChunkRecord($1, index: $0, document: document, format: format?.rawValue, sourceSha256: sourceSha256) }
    }
}
