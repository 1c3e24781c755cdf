/// Passes a conversion through to another sink and notes whether any of
/// the document's text went by, so a document that yields none can say
/// so instead of converting to an empty page in silence. Everything it
/// does not watch is forwarded by `ForwardingSink`.
final class TextWatchingSink: ForwardingSink {
    let target: DocumentSink
    @exclusivity(unchecked)
    private(set) var sawText = false
    /// A warning already told the reader that the text is missing.
    @exclusivity(unchecked)
    private(set) var sawNoTextWarning = false
    /// Pages, slides or sheets, as the converter counted them.
    @exclusivity(unchecked)
    private(set) var pageCount: Int?

    init(_ target: DocumentSink) { self.target = target }

    func setMetadata(_ metadata: Metadata) {
        pageCount = metadata.pageCount
        target.setMetadata(metadata)
    }

    func append(_ block: Block) throws(ConversionError) {
        if !sawText, block.containsText { sawText = true }
        try target.append(block)
    }

    func appendTableRow(_ row: TableRow) throws(ConversionError) {
        if !sawText, Block.table(Table(rows: [row])).containsText { sawText = true }
        try target.appendTableRow(row)
    }

    func appendTableRow(texts: [String]) throws(ConversionError) {
        if !sawText, texts.contains(where: \.containsNonBlank) { sawText = true }
        try target.appendTableRow(texts: texts)
    }

    func addFootnote(_ footnote: FootnoteDefinition) {
        if !sawText, footnote.blocks.contains(where: \.containsText) { sawText = true }
        target.addFootnote(footnote)
    }

    func appendMarkdownPiece(_ piece: String) throws(ConversionError) {
        if !sawText, Block.markdown(piece).containsText { sawText = true }
        try target.appendMarkdownPiece(piece)
    }

    func addWarning(_ warning: String) {
        if ConversionWarning.isNoText(warning) { sawNoTextWarning = true }
        target.addWarning(warning)
    }
}
