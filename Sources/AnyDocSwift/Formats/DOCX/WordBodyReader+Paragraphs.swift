/// Paragraphs: the reading loop, the dispatch over the elements inside a
/// paragraph, and the paragraph's style, list and edges.
extension WordBodyReader {
    func readParagraph() throws(ConversionError) -> [FlowItem] {
        paragraphsRead += 1
        if paragraphsRead % 256 == 0 { try context.deadline.check() }
        guard !reader.isEmptyElement else { return [.paragraph(FlowParagraph(content: []))] }
        let paragraphDepth = reader.depth
        var draft = WordParagraphDraft(runFormat: context.styles.format(paragraphStyle: nil, run: WordRunProperties()))
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= paragraphDepth { break }
                close(through: reader.depth, in: &draft)
            } else if reader.kind == .startElement {
                try readParagraphElement(into: &draft)
            }
        }
        // A field left open at the paragraph's end keeps its state for the
        // next paragraph (TOC fields span many), but its link closes here.
        for index in fields.indices where fields[index].opensLink { fields[index].opensLink = false }
        return finished(draft)
    }

    /// Closes what the elements ending at `depth` or deeper opened.
    private func close(through depth: Int, in draft: inout WordParagraphDraft) {
        while let last = draft.closers.last, last.depth >= depth {
            draft.closers.removeLast()
            switch last.action {
            case .run:
                draft.runProperties = WordRunProperties()
                draft.runFormat = context.styles.format(paragraphStyle: draft.styleID, run: draft.runProperties)
            case .link:
                draft.builder.endLink()
                draft.linkDepth -= 1
            case .drawing:
                endDrawing(in: &draft)
            case .deletion:
                draft.deletionDepth -= 1
            }
        }
    }

    /// Dispatches an element that starts inside a paragraph by its namespace.
    private func readParagraphElement(into draft: inout WordParagraphDraft) throws(ConversionError) {
        let namespace = reader.namespace
        let name = reader.localName
        switch namespace {
        case w:
            try readWordElement(name, into: &draft)
        case OOXMLNamespace.math:
            try readMath(name, into: &draft)
        case OOXMLNamespace.markupCompatibility:
            if name == "Fallback" { try reader.skipElement() }
        case OOXMLNamespace.wordDrawing where name == "docPr":
            readDrawingProperties(into: &draft)
        case OOXMLNamespace.drawing where name == "blip":
            readBlip(into: &draft)
        case OOXMLNamespace.vml:
            readVMLElement(name, into: &draft)
        default:
            if let blocks = try graphicObjectBlocks(namespace: namespace, name: name, title: draft.objectTitle ?? draft.drawingAlt) {
                draft.trailing += blocks.map { .block($0) }
            }
        }
    }

    /// Dispatches a WordprocessingML element inside a paragraph by its name.
    private func readWordElement(_ name: String, into draft: inout WordParagraphDraft) throws(ConversionError) {
        let empty = reader.isEmptyElement
        switch name {
        case "pPr": try readParagraphStyle(into: &draft)
        case "r": if !empty { draft.closers.append((reader.depth, .run)) }
        case "rPr": try readRunStyle(into: &draft)
        case "t": try appendText(into: &draft, deletedOnly: false)
        case "delText": try appendText(into: &draft, deletedOnly: true)
        case "tab", "ptab": if !inFieldInstruction { draft.builder.append(text: "\t", format: draft.currentFormat) }
        case "br": appendBreak(into: &draft)
        case "cr": if !inFieldInstruction { draft.builder.append(.lineBreak) }
        case "sym": appendSymbol(into: &draft)
        case "noBreakHyphen": draft.builder.append(text: "-", format: draft.currentFormat)
        case "footnoteReference": appendNoteReference(prefix: "fn", into: &draft)
        case "endnoteReference": appendNoteReference(prefix: "en", into: &draft)
        case "commentReference": if context.options.includeComments { appendNoteReference(prefix: "cm", into: &draft) }
        case "hyperlink": if !empty { openLink(hyperlinkDestination(), into: &draft) }
        case "fldSimple": if !empty { openLink(simpleFieldDestination(), into: &draft) }
        case "fldChar": readFieldCharacter(into: &draft)
        case "instrText": try readFieldInstruction()
        case "bookmarkStart": appendBookmark(into: &draft)
        case "drawing": if !empty { beginDrawing(into: &draft) }
        case "txbxContent": if !empty { draft.trailing.append(contentsOf: try readBlocks(containerDepth: reader.depth)) }
        case "del", "moveFrom": try readDeletion(empty: empty, into: &draft)
        case "rsidDel", "sdtPr", "sdtEndPr", "fldData", "footnoteRef", "endnoteRef", "annotationRef": try reader.skipElement()
        default: break
        }
    }

    /// `w:pPr`: the paragraph's style, list and heading level.
    private func readParagraphStyle(into draft: inout WordParagraphDraft) throws(ConversionError) {
        let properties = try readParagraphProperties()
        draft.styleID = properties.style
        if let numbering = properties.numbering { draft.directNumbering = numbering }
        let outlineLevel = properties.outline
        draft.headingLevel = context.styles.headingLevel(of: draft.styleID)
            ?? outlineLevel.flatMap { (0...8).contains($0) ? $0 + 1 : nil }
        draft.runFormat = context.styles.format(paragraphStyle: draft.styleID, run: draft.runProperties)
    }

    /// `w:rPr`: the current run's own format over the paragraph style's.
    private func readRunStyle(into draft: inout WordParagraphDraft) throws(ConversionError) {
        draft.runProperties = try readRunProperties()
        draft.runFormat = context.styles.format(paragraphStyle: draft.styleID, run: draft.runProperties)
    }

    /// `w:del` and `w:moveFrom`: shown struck through when asked, else skipped.
    private func readDeletion(empty: Bool, into draft: inout WordParagraphDraft) throws(ConversionError) {
        guard context.options.showTrackedDeletions else {
            try reader.skipElement()
            return
        }
        if !empty {
            draft.deletionDepth += 1
            draft.closers.append((reader.depth, .deletion))
        }
    }

    /// The paragraph with its list marker, followed by the blocks read inside it.
    private func finished(_ draft: WordParagraphDraft) -> [FlowItem] {
        var builder = draft.builder
        var list: ListMarker?
        let styleID = draft.styleID
        let numbering = draft.directNumbering.flatMap { direct -> (String, Int)? in
            guard let id = direct.id else { return nil }
            return (id, direct.level ?? context.styles.numbering(of: styleID)?.level ?? 0)
        } ?? context.styles.numbering(of: styleID).map { ($0.id, $0.level) }
        if draft.headingLevel == nil, let (id, level) = numbering, context.numbering.isList(id) {
            let marker = context.numbering.advance(id, level: level, styles: context.styles)
            list = ListMarker(isBullet: marker.isBullet, number: marker.number, level: level, instance: id)
        }
        let paragraph = FlowParagraph(content: Self.trimmed(builder.finish()), headingLevel: draft.headingLevel, list: list)
        return [.paragraph(paragraph)] + draft.trailing
    }

    /// The parts of `w:pPr` the Markdown needs, read as they stream: the
    /// style, the list, the outline level. Everything else (including the
    /// old properties of a tracked change) is skipped.
    private func readParagraphProperties() throws(ConversionError)
        -> (style: String?, numbering: (id: String?, level: Int?)?, outline: Int?)
    {
        var style: String?
        var numbering: (id: String?, level: Int?)?
        var outline: Int?
        guard !reader.isEmptyElement else { return (nil, nil, nil) }
        let depth = reader.depth
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= depth { break }
                continue
            }
            guard reader.kind == .startElement, reader.namespace == w else { continue }
            let value = reader.attribute("val", namespace: w)
            switch (reader.depth - depth, reader.localName) {
            case (1, "pStyle"): style = value
            case (1, "outlineLvl"): outline = value.flatMap { Int($0) }
            case (1, "numPr"): numbering = (nil, nil)
            case (2, "numId"): numbering?.id = value
            case (2, "ilvl"): numbering?.level = value.flatMap { Int($0) }
            default: try reader.skipElement()
            }
        }
        return (style, numbering, outline)
    }

    /// A run's own `w:rPr`, read as it streams.
    private func readRunProperties() throws(ConversionError) -> WordRunProperties {
        var properties = WordRunProperties()
        guard !reader.isEmptyElement else { return properties }
        let depth = reader.depth
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= depth { break }
                continue
            }
            guard reader.kind == .startElement else { continue }
            if reader.depth == depth + 1, reader.namespace == w {
                properties.apply(reader.localName, value: reader.attribute("val", namespace: w))
            }
            try reader.skipElement()
        }
        return properties
    }

    /// Drops whitespace-only text and line breaks at the paragraph's edges.
    static func trimmed(_ content: [Inline]) -> [Inline] {
        var content = content
        while let first = content.first, Self.isBlank(first) { content.removeFirst() }
        while let last = content.last, Self.isBlank(last) { content.removeLast() }
        let meaningful = content.contains { inline in
            switch inline {
            case .anchor: return false
            default: return !Self.isBlank(inline)
            }
        }
        return meaningful ? content : []
    }

    private static func isBlank(_ inline: Inline) -> Bool {
        switch inline {
        case .lineBreak: return true
        case .text(let text): return text.allSatisfy { $0 == " " || $0 == "\t" }
        default: return false
        }
    }
}
