/// Run content: text, tabs, breaks, symbols and note references, left out
/// while a field's instruction is being read.
extension WordBodyReader {
    /// Whether text now belongs to a field's instruction rather than to
    /// its shown result.
    var inFieldInstruction: Bool { fields.contains { !$0.showingResult } }

    /// `w:t`, or `w:delText` (`deletedOnly`), shown only inside a shown deletion.
    func appendText(into draft: inout WordParagraphDraft, deletedOnly: Bool) throws(ConversionError) {
        let text = try reader.readElementText()
        if deletedOnly, draft.deletionDepth <= 0 { return }
        if !inFieldInstruction { draft.builder.append(text: text, format: draft.currentFormat) }
    }

    /// `w:br`: a line break; page and column breaks show nothing.
    func appendBreak(into draft: inout WordParagraphDraft) {
        let type = reader.attribute("type", namespace: w)
        if type == nil || type == "textWrapping", !inFieldInstruction { draft.builder.append(.lineBreak) }
    }

    /// `w:sym`: a character from a symbol font, mapped to Unicode.
    func appendSymbol(into draft: inout WordParagraphDraft) {
        if let text = WordSymbols.text(font: reader.attribute("font", namespace: w), code: reader.attribute("char", namespace: w)) {
            draft.builder.append(text: text, format: draft.currentFormat)
        }
    }

    /// A footnote, endnote or comment reference; `prefix` keeps the three
    /// kinds of note apart.
    func appendNoteReference(prefix: String, into draft: inout WordParagraphDraft) {
        if let id = reader.attribute("id", namespace: w) { draft.builder.append(.footnoteReference(prefix + id)) }
    }

    /// `w:bookmarkStart`: an anchor links can point to; Word's own hidden
    /// bookmarks (`_Toc…`, `_Ref…`) are left out.
    func appendBookmark(into draft: inout WordParagraphDraft) {
        if let name = reader.attribute("name", namespace: w), !name.hasPrefix("_") {
            draft.builder.append(.anchor(name))
        }
    }
}
