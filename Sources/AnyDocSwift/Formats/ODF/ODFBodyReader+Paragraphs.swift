/// Paragraphs and headings, with the notes, comments and tracked changes
/// that sit inside them.
extension ODFBodyReader {
    private enum Closer {
        case format(ODFTextFormat)
        case link
    }

    /// Reads a `text:p` or `text:h` into a paragraph or heading (nil when
    /// it shows nothing) and the blocks of text boxes anchored in it,
    /// which follow it in reading order.
    func readParagraph(isHeading: Bool, leadingAnchors: [Inline] = []) throws(ConversionError) -> (Block?, [Block]) {
        paragraphsRead += 1
        if paragraphsRead % 256 == 0 { try context.deadline.check() }
        let t = ODFNamespace.text
        let styleName = reader.attribute("style-name", namespace: t)
        var level: Int?
        if isHeading {
            level = reader.attribute("outline-level", namespace: t).flatMap { Int($0) }
                ?? styles.headingLevel(ofParagraphStyle: styleName, scope: scope) ?? 1
        } else {
            level = styles.headingLevel(ofParagraphStyle: styleName, scope: scope)
        }
        // Index titles and entries repeat headings; they are not headings.
        if indexDepth != nil { level = nil }
        var format = ODFTextFormat().applying(styles.textProperties(of: styleName, family: "paragraph", scope: scope))
        // A heading's or header cell's style looks like one; its bold (and a
        // heading's italic) is not repeated as emphasis.
        if level != nil || inHeaderRow { format.bold = false }
        if level != nil { format.italic = false }
        if reader.isEmptyElement { return (leadingAnchors.isEmpty ? nil : .paragraph(leadingAnchors), []) }

        let paragraphDepth = reader.depth
        var builder = ODFInlineBuilder(format: format)
        for anchor in leadingAnchors { builder.append(anchor) }
        var trailing: [Block] = []
        var closers: [(depth: Int, closer: Closer)] = []

        reading: while try reader.read() {
            switch reader.kind {
            case .endElement:
                if reader.depth <= paragraphDepth { break reading }
                while let last = closers.last, last.depth >= reader.depth {
                    closers.removeLast()
                    switch last.closer {
                    case .format(let previous): builder.format = previous
                    case .link: builder.endLink()
                    }
                }
                continue
            case .text, .whitespace:
                builder.appendMarkupText(reader.text)
                continue
            case .startElement:
                break
            case .other:
                continue
            }

            let namespace = reader.namespace
            let name = reader.localName
            let empty = reader.isEmptyElement
            switch namespace {
            case t:
                switch name {
                case "span":
                    guard !empty else { continue }
                    let spanStyle = reader.attribute("style-name", namespace: t)
                    closers.append((reader.depth, .format(builder.format)))
                    builder.format = builder.format.applying(styles.textProperties(of: spanStyle, family: "text", scope: scope))
                case "a":
                    guard !empty else { continue }
                    builder.beginLink(reader.attribute("href", namespace: ODFNamespace.xlink) ?? "")
                    closers.append((reader.depth, .link))
                case "s":
                    let count = reader.attribute("c", namespace: t).flatMap { Int($0) } ?? 1
                    builder.appendLiteral(String(repeating: " ", count: min(max(count, 1), 1_000)))
                case "tab":
                    builder.appendLiteral("\t")
                case "line-break":
                    builder.appendLineBreak()
                case "note":
                    builder.append(.footnoteReference(try readNote()))
                case "bookmark", "bookmark-start", "reference-mark", "reference-mark-start":
                    if let anchor = reader.attribute("name", namespace: t), !anchor.isEmpty { builder.append(.anchor(anchor)) }
                case "bookmark-ref", "reference-ref":
                    guard !empty else { continue }
                    let target = reader.attribute("ref-name", namespace: t) ?? ""
                    builder.beginLink(target.isEmpty ? "" : "#" + target)
                    closers.append((reader.depth, .link))
                case "change":
                    if let deleted = reader.attribute("change-id", namespace: t).flatMap({ context.deletions[$0] }) {
                        builder.appendContent(.strikethrough(deleted))
                    }
                case "number", "ruby-text", "note-citation", "tracked-changes", "alphabetical-index-mark",
                     "toc-mark", "user-index-mark", "hidden-text", "hidden-paragraph", "script", "soft-page-break":
                    try reader.skipElement()
                default:
                    break  // fields and wrappers show their content
                }
            case ODFNamespace.drawing:
                if name == "a" {
                    guard !empty else { continue }
                    builder.beginLink(reader.attribute("href", namespace: ODFNamespace.xlink) ?? "")
                    closers.append((reader.depth, .link))
                    continue
                }
                let drawing = try readDrawing()
                for inline in drawing.inlines { builder.appendContent(inline) }
                trailing += drawing.blocks
            case ODFNamespace.office, ODFNamespace.openOffice2009:
                switch name {
                case "annotation":
                    if let reference = try readAnnotation() { builder.append(reference) }
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

        var content = ODFText.trimmedParagraph(builder.finish())
        if indexDepth != nil { content = ODFIndexEntry.withoutPageNumber(content) }
        guard !content.isEmpty else {
            return (leadingAnchors.isEmpty ? nil : .paragraph(leadingAnchors), trailing)
        }
        if let level {
            return (.heading(Heading(level: min(max(level, 1), 6), content: content)), trailing)
        }
        return (.paragraph(content), trailing)
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
