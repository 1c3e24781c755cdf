/// Receives a document as a converter produces it.
///
/// Converters write into a sink instead of returning a whole `Document`,
/// so a large sheet or CSV file can stream straight into Markdown with
/// memory bounded by one row. `DocumentCollector` gathers the pieces into
/// a `Document`; `MarkdownWriter` renders them as they arrive. Either way
/// the content passes through the same model types and, in the end, the
/// same serializer.
///
/// A sink must take blocks and streamed tables; everything else has a
/// default. A sink that wraps another forwards every member, defaulted
/// ones included, or the wrapped sink loses what they carry (its output
/// cap, the row fast path, whether metadata is read).
public protocol DocumentSink: AnyObject {
    /// Facts about the document. Set before the first block for front
    /// matter to include them; later calls update what is known. Ignored
    /// by default.
    func setMetadata(_ metadata: Metadata)
    /// Whether the sink keeps the document's properties (title, authors,
    /// dates) at all: when it does not, converters skip reading them.
    var needsMetadata: Bool { get }
    /// Appends one top-level block.
    func append(_ block: Block) throws(ConversionError)
    /// Starts a table whose rows arrive one at a time. `columnCount` is
    /// the widest row's width; the first row becomes the header.
    func beginTable(columnCount: Int) throws(ConversionError)
    func appendTableRow(_ row: TableRow) throws(ConversionError)
    /// Appends a row of plain-text cells without spans, as spreadsheets
    /// produce them ("" for an empty cell).
    func appendTableRow(texts: [String]) throws(ConversionError)
    func endTable() throws(ConversionError)
    /// A footnote body; ignored by default.
    func addFootnote(_ footnote: FootnoteDefinition)
    /// An embedded file's bytes; ignored by default.
    func addAsset(_ asset: Asset)
    /// Something lost without failing the conversion; ignored by default.
    func addWarning(_ warning: String)
    /// Called once before converting an input of `count` bytes, so a sink
    /// that renders can cap its output by the input's size (a small
    /// hostile file must not expand without bound). Does nothing by default.
    func limitOutput(forInputBytes count: Int)
    /// Whether the sink joins `appendMarkdownPiece(_:)` onto the verbatim
    /// block before it. When it does, a large text file streams through
    /// in pieces; when not (the default), the file is read whole and
    /// arrives as one `.markdown` block.
    var acceptsMarkdownPieces: Bool { get }
    /// Appends `piece` to the `.markdown` block appended last, with
    /// nothing between them. Called only when `acceptsMarkdownPieces` is
    /// true; by default the piece becomes a `.markdown` block of its own.
    func appendMarkdownPiece(_ piece: String) throws(ConversionError)
}

extension DocumentSink {
    public var needsMetadata: Bool { true }
    public func setMetadata(_ metadata: Metadata) {}
    public func addFootnote(_ footnote: FootnoteDefinition) {}
    public func addAsset(_ asset: Asset) {}
    public func addWarning(_ warning: String) {}
    public func limitOutput(forInputBytes count: Int) {}
    public var acceptsMarkdownPieces: Bool { false }
    public func appendMarkdownPiece(_ piece: String) throws(ConversionError) { try append(.markdown(piece)) }

    public func appendTableRow(texts: [String]) throws(ConversionError) {
        try appendTableRow(TableRow(cells: texts.map { TableCell(text: $0) }))
    }

    /// Appends a whole document's blocks, notes, assets and warnings.
    public func append(contentsOf document: Document) throws(ConversionError) {
        setMetadata(document.metadata)
        for footnote in document.footnotes { addFootnote(footnote) }
        for asset in document.assets { addAsset(asset) }
        for warning in document.warnings { addWarning(warning) }
        for block in document.blocks { try append(block) }
    }
}

/// A sink that gathers everything into a `Document`.
public final class DocumentCollector: DocumentSink {
    /// Everything received so far; complete once the conversion returns.
    @exclusivity(unchecked)
    public private(set) var document = Document()
    @exclusivity(unchecked)
    private var openTable: [TableRow]?

    /// An empty collector; read `document` once the conversion has finished.
    public init() {}

    public func setMetadata(_ metadata: Metadata) { document.metadata = metadata }

    public func append(_ block: Block) throws(ConversionError) {
        document.blocks.append(block)
    }

    public func beginTable(columnCount: Int) throws(ConversionError) {
        openTable = []
    }

    public func appendTableRow(_ row: TableRow) throws(ConversionError) {
        openTable?.append(row)
    }

    public func endTable() throws(ConversionError) {
        guard var rows = openTable else { return }
        openTable = nil
        if !rows.isEmpty { rows[0].isHeader = true }
        document.blocks.append(.table(Table(rows: rows)))
    }

    public func addFootnote(_ footnote: FootnoteDefinition) { document.footnotes.append(footnote) }
    public func addAsset(_ asset: Asset) { document.assets.append(asset) }
    public func addWarning(_ warning: String) { document.warnings.append(warning) }
}
