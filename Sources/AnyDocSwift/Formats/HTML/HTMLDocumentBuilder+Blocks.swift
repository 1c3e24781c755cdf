/// Finished blocks: where they go, how containers close, what is boilerplate.
extension HTMLDocumentBuilder {
    // MARK: - Blocks

    /// Ends the inline content being read and adds it as the block it is.
    func flushLeaf() throws(ConversionError) {
        guard preformatted == nil else { return }
        var content = inline.finishBlock()
        guard content.contains(where: HTMLInlineBuilder.isVisible) else {
            for inline in content { if case .anchor(let id) = inline { carriedAnchors.append(id) } }
            return
        }
        if !carriedAnchors.isEmpty {
            content.insert(contentsOf: carriedAnchors.map { .anchor($0) }, at: 0)
            carriedAnchors.removeAll()
        }
        switch leaf {
        case .paragraph:
            try appendBlock(.paragraph(content))
        case .heading(let level, var anchor):
            if anchor == nil, case .anchor(let id)? = content.first {
                anchor = id
                content.removeFirst()
            }
            if let anchor { content.removeAll { $0 == .anchor(anchor) } }
            content = Self.withoutPermalinks(content, anchor: anchor)
            guard content.contains(where: HTMLInlineBuilder.isVisible) else { return }
            try appendBlock(.heading(Heading(level: level, content: Self.withoutOuterStrong(content), anchor: anchor)))
        case .term:
            if case .definitions(let list) = containers.last {
                list.entries.append((term: content, blocks: []))
            } else {
                try appendBlock(.paragraph([.strong(Self.withoutOuterStrong(content))]))
            }
        case .caption:
            if case .table(let table) = containers.last {
                table.caption = (table.caption.map { $0 + [.text(" ")] } ?? []) + content
            } else {
                try appendBlock(.paragraph(content))
            }
        }
    }

    /// Drops a heading's permalink (`¶`, `#`, an icon pointing at the
    /// heading itself), keeping the text of a link that is the whole title.
    static func withoutPermalinks(_ content: [Inline], anchor: String?) -> [Inline] {
        var result: [Inline] = []
        for inline in content {
            guard case .link(let link) = inline, link.destination.hasPrefix("#") else {
                result.append(inline)
                continue
            }
            let text = link.content.plainText
            if !text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
                continue
            }
            if let anchor, link.destination.dropFirst() == anchor {
                result.append(contentsOf: link.content)
            } else {
                result.append(inline)
            }
        }
        // The space before a dropped permalink would trail the title.
        if result.count < content.count, case .text(var last)? = result.last {
            while last.hasSuffix(" ") { last.removeLast() }
            result[result.count - 1] = .text(last)
        }
        return result
    }

    /// Bold adds nothing to a heading or a term that is bold already.
    static func withoutOuterStrong(_ content: [Inline]) -> [Inline] {
        var result: [Inline] = []
        for inline in content {
            if case .strong(let inner) = inline { result.append(contentsOf: inner) } else { result.append(inline) }
        }
        return result
    }

    func appendBlock(_ block: Block) throws(ConversionError) {
        var index = containers.count - 1
        while index >= 0 {
            switch containers[index] {
            case .blocks(let box):
                if index == 0 {
                    try emit(block)
                } else {
                    box.blocks.append(block)
                }
                return
            case .list(let list):
                // Content between items (a nested <ul> written straight in
                // its parent list) belongs to the item before it.
                if list.items.isEmpty {
                    list.items.append(ListItem(blocks: [block]))
                } else {
                    list.items[list.items.count - 1].blocks.append(block)
                }
                return
            case .definitions(let list):
                if list.entries.isEmpty {
                    list.entries.append((term: nil, blocks: [block]))
                } else {
                    list.entries[list.entries.count - 1].blocks.append(block)
                }
                return
            case .table:
                // Content outside the cells shows before the table, as browsers do.
                index -= 1
            }
        }
    }

    func emit(_ block: Block) throws(ConversionError) {
        sendMetadata()
        try sink.append(block)
        emittedBlocks += 1
        fallbackBlocks.removeAll()
    }

    func popContainer() throws(ConversionError) {
        try flushLeaf()
        guard containers.count > 1 else { return }
        let container = containers.removeLast()
        switch container {
        case .blocks(let box):
            switch box.kind {
            case .root:
                break
            case .quote:
                if !box.blocks.isEmpty { try appendBlock(.blockQuote(box.blocks)) }
            case .item:
                if case .list(let list) = containers.last {
                    // An empty bullet shows nothing; an empty numbered item still counts.
                    guard !box.blocks.isEmpty || box.checkbox != nil || list.ordered else { return }
                    list.items.append(ListItem(blocks: box.blocks, checkbox: box.checkbox))
                } else {
                    for block in box.blocks { try appendBlock(block) }
                }
            case .cell(let isHeader, let columnSpan, let rowSpan):
                if case .table(let table) = containers.last {
                    table.addCell(TableCell(blocks: box.blocks, columnSpan: columnSpan, rowSpan: rowSpan, isHeader: isHeader))
                } else {
                    for block in box.blocks { try appendBlock(block) }
                }
            case .quarantine(let visible):
                if box.keep {
                    for block in box.blocks { try appendBlock(block) }
                } else if visible, emittedBlocks == 0, fallbackBlocks.count < 10_000 {
                    fallbackBlocks.append(contentsOf: box.blocks)
                }
            }
        case .list(let list):
            guard !list.items.isEmpty else { return }
            try appendBlock(.list(List(kind: list.ordered ? .ordered(start: list.start) : .bullet, items: list.items)))
        case .definitions(let list):
            for block in Self.definitionBlocks(list.entries) { try appendBlock(block) }
        case .table(let table):
            for block in table.finish() { try appendBlock(block) }
        }
    }

    /// A definition list reads best as a bullet list of `**Term**: definition`
    /// items, further definitions following in the item, so that pairs and
    /// nesting stay visible. A `<dl>` without terms (used for indenting) is
    /// just its blocks.
    static func definitionBlocks(_ entries: [(term: [Inline]?, blocks: [Block])]) -> [Block] {
        guard entries.contains(where: { $0.term != nil }) else { return entries.flatMap({ $0.blocks }) }
        var items: [ListItem] = []
        for entry in entries {
            guard let term = entry.term else {
                if !entry.blocks.isEmpty { items.append(ListItem(blocks: entry.blocks)) }
                continue
            }
            var label: [Inline] = [.strong(withoutOuterStrong(term))]
            var blocks = entry.blocks
            if case .paragraph(let first)? = blocks.first {
                let ending = term.plainText.unicodeScalars.last
                let separator = ending == ":" || ending == "?" || ending == "." ? " " : ": "
                label += [.text(separator)] + first
                blocks.removeFirst()
            }
            items.append(ListItem(blocks: [.paragraph(label)] + blocks))
        }
        return items.isEmpty ? [] : [.list(List(kind: .bullet, items: items))]
    }

    // MARK: - Boilerplate

    /// Navigation, asides, the page's own header and footer, and widgets
    /// known by their class. A `<header>` or `<footer>` inside an article
    /// or section is that article's (its title, its byline) and stays.
    func isBoilerplate(_ tag: HTMLTag, role: String?, classes: HTMLClassList) -> Bool {
        switch tag {
        case .nav, .aside: return true
        case .header, .footer: if sectioningDepth == 0 { return true }
        default: break
        }
        switch role {
        case "navigation", "search", "complementary": return true
        case "banner", "contentinfo": if sectioningDepth == 0 { return true }
        default: break
        }
        return classes.marksChrome
    }

    static func isHidden(_ attributes: HTMLAttributes, classes: HTMLClassList) -> Bool {
        if attributes["hidden"] != nil { return true }
        if attributes["aria-hidden"]?.lowercased() == "true" { return true }
        if classes.marksScreenReaderText { return true }
        if let style = attributes["style"], HTMLElements.styleHides(style) {
            // MathML kept for screen readers beside a picture of the formula is the formula itself.
            return !classes.mentionsMath
        }
        return false
    }

    /// Main content found inside boilerplate: the boilerplate is kept.
    func keepQuarantinedContent() {
        for container in containers {
            if case .blocks(let box) = container, case .quarantine = box.kind { box.keep = true }
        }
    }

    static func listStart(_ value: String?) -> Int {
        guard let value else { return 1 }
        let trimmed = HTMLText.collapsed(value)
        guard let number = Int(trimmed.prefix(9)) else { return 1 }
        return max(0, number)
    }
}
