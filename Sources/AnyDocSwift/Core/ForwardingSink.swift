/// A sink that passes a conversion on to another one, `target`.
///
/// Conforming gives every `DocumentSink` requirement a default that
/// forwards it, so a wrapper implements only what it watches and cannot
/// drop a requirement it did not think of (the output cap, the row fast
/// path, whether metadata is read) — including ones added later.
public protocol ForwardingSink: DocumentSink {
    /// The sink everything is passed on to.
    var target: DocumentSink { get }
}

extension ForwardingSink {
    /// The target's answer: a wrapper that keeps metadata itself overrides it.
    public var needsMetadata: Bool { target.needsMetadata }
    /// Forwards to the target.
    public func setMetadata(_ metadata: Metadata) { target.setMetadata(metadata) }
    /// Forwards to the target.
    public func append(_ block: Block) throws(ConversionError) { try target.append(block) }
    /// Forwards to the target.
    public func beginTable(columnCount: Int) throws(ConversionError) { try target.beginTable(columnCount: columnCount) }
    /// Forwards to the target.
    public func appendTableRow(_ row: TableRow) throws(ConversionError) { try target.appendTableRow(row) }
    /// Forwards to the target's row fast path.
    public func appendTableRow(texts: [String]) throws(ConversionError) { try target.appendTableRow(texts: texts) }
    /// Forwards to the target.
    public func endTable() throws(ConversionError) { try target.endTable() }
    /// Forwards to the target.
    public func addFootnote(_ footnote: FootnoteDefinition) { target.addFootnote(footnote) }
    /// Forwards to the target.
    public func addAsset(_ asset: Asset) { target.addAsset(asset) }
    /// Forwards to the target.
    public func addWarning(_ warning: String) { target.addWarning(warning) }
    /// Forwards to the target, whose output cap it is.
    public func limitOutput(forInputBytes count: Int) { target.limitOutput(forInputBytes: count) }
    /// The target's answer, so a large text still streams through the wrapper.
    public var acceptsMarkdownPieces: Bool { target.acceptsMarkdownPieces }
    /// Forwards to the target.
    public func appendMarkdownPiece(_ piece: String) throws(ConversionError) { try target.appendMarkdownPiece(piece) }
}
