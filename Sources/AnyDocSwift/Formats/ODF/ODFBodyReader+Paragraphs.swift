/// Paragraphs and headings, with the notes, comments and tracked changes
/// that sit inside them.
extension ODFBodyReader {
    /// Reads a `text:p` or `text:h` into a paragraph or heading (nil when
    /// it shows nothing) and the blocks of text boxes anchored in it,
    /// which follow it in reading order.
    func readParagraph(isHeading: Bool, leadingAnchors: [Inline] = []) throws(ConversionError) -> (Block?, [Block]) {
        paragraphsRead += 1
        if paragraphsRead % 256 == 0 { try context.deadline.check() }
        let styleName = reader.attribute("style-name", namespace: ODFNamespace.text)
        let level = paragraphLevel(isHeading: isHeading, styleName: styleName)
        var format = ODFTextFormat().applying(styles.textProperties(of: styleName, family: "paragraph", scope: scope))
        // A heading's or header cell's style looks like one; its bold (and a
        // heading's italic) is not repeated as emphasis.
        if level != nil || inHeaderRow { format.bold = false }
        if level != nil { format.italic = false }
        if reader.isEmptyElement { return (leadingAnchors.isEmpty ? nil : .paragraph(leadingAnchors), []) }

        let paragraphDepth = reader.depth
        var draft = ODFParagraphDraft(builder: ODFInlineBuilder(format: format))
        for anchor in leadingAnchors { draft.builder.append(anchor) }
        reading: while try reader.read() {
            switch reader.kind {
            case .endElement:
                if reader.depth <= paragraphDepth { break reading }
                draft.close(through: reader.depth)
            case .text, .whitespace:
                draft.builder.appendMarkupText(reader.text)
            case .startElement:
                try readParagraphElement(into: &draft)
            case .other:
                continue
            }
        }
        return finishedParagraph(draft, level: level, leadingAnchors: leadingAnchors)
    }

    /// The heading level of a paragraph: its own outline level for
    /// `text:h`, else its style's; none inside an index, whose titles and
    /// entries repeat headings.
    private func paragraphLevel(isHeading: Bool, styleName: String?) -> Int? {
        if indexDepth != nil { return nil }
        if isHeading {
            return reader.attribute("outline-level", namespace: ODFNamespace.text).flatMap { Int($0) }
                ?? styles.headingLevel(ofParagraphStyle: styleName, scope: scope) ?? 1
        }
        return styles.headingLevel(ofParagraphStyle: styleName, scope: scope)
    }

    /// Dispatches an element that starts inside a paragraph by its namespace.
    private func readParagraphElement(into draft: inout ODFParagraphDraft) throws(ConversionError) {
        let name = reader.localName
        switch reader.namespace {
        case ODFNamespace.text:
            try readTextElement(name, into: &draft)
        case ODFNamespace.drawing:
            if name == "a" {
                if !reader.isEmptyElement { openLink(reader.attribute("href", namespace: ODFNamespace.xlink) ?? "", into: &draft) }
                return
            }
            let drawing = try readDrawing()
            for inline in drawing.inlines { draft.builder.appendContent(inline) }
            draft.trailing += drawing.blocks
        case ODFNamespace.office, ODFNamespace.openOffice2009:
            switch name {
            case "annotation":
                if let reference = try readAnnotation() { draft.builder.append(reference) }
            case "annotation-end":
                break
            default:
                try reader.skipElement()
            }
        case ODFNamespace.svg, ODFNamespace.presentation, ODFNamespace.meta, ODFNamespace.dublinCore:
            try reader.skipElement()
        default:
            break
        }
    }

    /// Dispatches a `text:` element inside a paragraph by its name.
    private func readTextElement(_ name: String, into draft: inout ODFParagraphDraft) throws(ConversionError) {
        let t = ODFNamespace.text
        let empty = reader.isEmptyElement
        switch name {
        case "span":
            if !empty { beginSpan(into: &draft) }
        case "a":
            if !empty { openLink(reader.attribute("href", namespace: ODFNamespace.xlink) ?? "", into: &draft) }
        case "s":
            let count = reader.attribute("c", namespace: t).flatMap { Int($0) } ?? 1
            draft.builder.appendLiteral(String(repeating: " ", count: min(max(count, 1), 1_000)))
        case "tab":
            draft.builder.appendLiteral("\t")
        case "line-break":
            draft.builder.appendLineBreak()
        case "note":
            draft.builder.append(.footnoteReference(try readNote()))
        case "bookmark", "bookmark-start", "reference-mark", "reference-mark-start":
            if let anchor = reader.attribute("name", namespace: t), !anchor.isEmpty { draft.builder.append(.anchor(anchor)) }
        case "bookmark-ref", "reference-ref":
            guard !empty else { return }
            let target = reader.attribute("ref-name", namespace: t) ?? ""
            openLink(target.isEmpty ? "" : "#" + target, into: &draft)
        case "change":
            if let deleted = reader.attribute("change-id", namespace: t).flatMap({ context.deletions[$0] }) {
                draft.builder.appendContent(.strikethrough(deleted))
            }
        case "number", "ruby-text", "note-citation", "tracked-changes", "alphabetical-index-mark",
             "toc-mark", "user-index-mark", "hidden-text", "hidden-paragraph", "script", "soft-page-break":
            try reader.skipElement()
        default:
            break  // fields and wrappers show their content
        }
    }

    /// `text:span`: its style's format until its end.
    private func beginSpan(into draft: inout ODFParagraphDraft) {
        let spanStyle = reader.attribute("style-name", namespace: ODFNamespace.text)
        draft.closers.append((reader.depth, .format(draft.builder.format)))
        draft.builder.format = draft.builder.format.applying(styles.textProperties(of: spanStyle, family: "text", scope: scope))
    }

    /// Opens a link the end of the current element closes.
    private func openLink(_ destination: String, into draft: inout ODFParagraphDraft) {
        draft.builder.beginLink(destination)
        draft.closers.append((reader.depth, .link))
    }

    /// The paragraph or heading with what the draft gathered; nil when it
    /// shows nothing but the anchors before it.
    private func finishedParagraph(_ draft: ODFParagraphDraft, level: Int?, leadingAnchors: [Inline]) -> (Block?, [Block]) {
        var builder = draft.builder
        var content = ODFText.trimmedParagraph(builder.finish())
        if indexDepth != nil { content = ODFIndexEntry.withoutPageNumber(content) }
        guard !content.isEmpty else {
            return (leadingAnchors.isEmpty ? nil : .paragraph(leadingAnchors), draft.trailing)
        }
        if let level {
            return (.heading(Heading(level: min(max(level, 1), 6), content: content)), draft.trailing)
        }
        return (.paragraph(content), draft.trailing)
    }

    // MARK: - Notes and comments

    /// Reads a `text:note` into a footnote definition and returns its label.
    func readNote() throws(ConversionError) -> String {
        let noteClass = reader.attribute("note-class", namespace: ODFNamespace.text)
        let label = context.nextNoteLabel(noteClass == "endnote" ? "en" : "fn")
        guard !reader.isEmptyElement else { return label }
        let depth = reader.depth
        var blocks: [Block] = []
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement, reader.namespace == ODFNamespace.text else { continue }
            if reader.localName == "note-body", !reader.isEmptyElement {
                let bodyDepth = reader.depth
                blocks += try isolated { () throws(ConversionError) -> [Block] in try readBlocks(containerDepth: bodyDepth) }
            } else if reader.localName == "note-citation" {
                try reader.skipElement()
            }
        }
        context.addNote(FootnoteDefinition(label: label, blocks: blocks))
        return label
    }

    /// Reads an `office:annotation` into a footnote naming its author and
    /// returns the reference to it; nil when comments are left out.
    func readAnnotation() throws(ConversionError) -> Inline? {
        guard context.options.includeComments else {
            try reader.skipElement()
            return nil
        }
        guard !reader.isEmptyElement else { return nil }
        let depth = reader.depth
        lastCreator = nil
        var blocks = try isolated { () throws(ConversionError) -> [Block] in try readBlocks(containerDepth: depth) }
        guard !blocks.isEmpty else { return nil }
        if let author = lastCreator, !author.isEmpty {
            if case .paragraph(let content)? = blocks.first {
                blocks[0] = .paragraph([.strong([.text(author + ":")]), .text(" ")] + content)
            } else {
                blocks.insert(.paragraph([.strong([.text(author + ":")])]), at: 0)
            }
        }
        let label = context.nextNoteLabel("cm")
        context.addNote(FootnoteDefinition(label: label, blocks: blocks))
        return .footnoteReference(label)
    }

    // MARK: - Tracked changes

    /// Skips the record of tracked changes, or, when deletions are shown,
    /// keeps the deleted text of each change for its mark in the text.
    func readTrackedChanges() throws(ConversionError) {
        guard context.options.showTrackedDeletions, !reader.isEmptyElement else {
            try reader.skipElement()
            return
        }
        let depth = reader.depth
        var changeID: String?
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement else { continue }
            switch (reader.namespace, reader.localName) {
            case (ODFNamespace.text, "changed-region"):
                changeID = reader.attribute("id", namespace: ODFNamespace.text) ?? reader.attribute("id", namespace: ODFNamespace.xml)
            case (ODFNamespace.text, "deletion"):
                guard let id = changeID, !reader.isEmptyElement else { continue }
                let deletionDepth = reader.depth
                let blocks = try isolated { () throws(ConversionError) -> [Block] in try readBlocks(containerDepth: deletionDepth) }
                var inlines: [Inline] = []
                for block in blocks {
                    block.forEachInlineRun { run in
                        if !inlines.isEmpty, !run.isEmpty { inlines.append(.text(" ")) }
                        inlines += run
                    }
                }
                if !inlines.isEmpty { context.deletions[id] = inlines }
            case (ODFNamespace.office, "change-info"), (ODFNamespace.text, "insertion"), (ODFNamespace.text, "format-change"):
                try reader.skipElement()
            default:
                break
            }
        }
    }
}
