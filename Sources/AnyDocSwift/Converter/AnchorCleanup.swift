/// Tidies internal links once a document is complete: a bookmark inside a
/// heading is replaced by the heading's own GitHub anchor (links follow
/// it), other bookmarks stay as `<a id>` only when some link points to
/// them, and links to targets that do not exist become plain text.
enum AnchorCleanup {
    static func apply(to document: Document) -> Document {
        var slugs = HeadingSlugs()
        var headingAnchors: [String: String] = [:]
        // Bookmarks in headings, or standing alone just before one, resolve
        // to the heading's slug.
        var pending: [String] = []
        for block in document.blocks {
            if case .paragraph(let content) = block, !content.isEmpty, content.allSatisfy(Self.isAnchor) {
                pending += anchors(in: content)
                continue
            }
            guard case .heading(let heading) = block else {
                pending = []
                continue
            }
            let slug = slugs.next(for: heading.content.plainText)
            if let anchor = heading.anchor { headingAnchors[anchor] = slug }
            for id in anchors(in: heading.content) + pending { headingAnchors[id] = slug }
            pending = []
        }
        var targets: Set<String> = []
        var bodyAnchors: Set<String> = []
        /// Visits a block's link targets and bookmarks; true when it has
        /// any, so that only such blocks are rebuilt below.
        func collect(_ block: Block) -> Bool {
            var found = false
            forEachInlineRun(in: block) { inlines in
                Self.forEachInline(in: inlines) { inline in
                    switch inline {
                    case .link(let link) where link.destination.hasPrefix("#"):
                        targets.insert(String(link.destination.dropFirst()))
                        found = true
                    case .anchor(let id):
                        if headingAnchors[id] == nil { bodyAnchors.insert(id) }
                        found = true
                    default: break
                    }
                }
            }
            return found
        }
        let blocksToClean = document.blocks.map(collect)
        let notesToClean = document.footnotes.map { note in note.blocks.map(collect) }
        func clean(_ inlines: [Inline]) -> [Inline] {
            inlines.rewritingEach { inline in
                switch inline {
                case .anchor(let id):
                    return headingAnchors[id] == nil && targets.contains(id) ? [inline] : []
                case .link(var link) where link.destination.hasPrefix("#"):
                    let target = String(link.destination.dropFirst())
                    if let slug = headingAnchors[target] {
                        link.destination = "#" + slug
                        return [.link(link)]
                    }
                    return bodyAnchors.contains(target) ? [inline] : link.content
                default:
                    return [inline]
                }
            }
        }
        var result = document
        for (index, block) in document.blocks.enumerated() {
            if case .heading(var heading) = block, heading.anchor.map({ headingAnchors[$0] != nil }) == true {
                heading.anchor = nil
                result.blocks[index] = Block.heading(heading).rewritingInlines(clean)
            } else if blocksToClean[index] {
                result.blocks[index] = block.rewritingInlines(clean)
            }
        }
        for (noteIndex, note) in document.footnotes.enumerated() {
            for (index, block) in note.blocks.enumerated() where notesToClean[noteIndex][index] {
                result.footnotes[noteIndex].blocks[index] = block.rewritingInlines(clean)
            }
        }
        return result
    }

    /// Calls `visit` with every run of inlines in `block`, as
    /// `Block.forEachInlineRun` does, without rebuilding lists and tables.
    private static func forEachInlineRun(in block: Block, _ visit: ([Inline]) -> Void) {
        switch block {
        case .heading(let heading):
            visit(heading.content)
        case .paragraph(let content):
            visit(content)
        case .list(let list):
            for item in list.items {
                for block in item.blocks { forEachInlineRun(in: block, visit) }
            }
        case .table(let table):
            for row in table.rows {
                for cell in row.cells {
                    for block in cell.blocks { forEachInlineRun(in: block, visit) }
                }
            }
            if let caption = table.caption { visit(caption) }
        case .blockQuote(let blocks):
            for block in blocks { forEachInlineRun(in: block, visit) }
        case .codeBlock, .thematicBreak, .math, .image, .boundary, .markdown:
            break
        }
    }

    private static func isAnchor(_ inline: Inline) -> Bool {
        if case .anchor = inline { return true }
        return false
    }

    private static func anchors(in inlines: [Inline]) -> [String] {
        var ids: [String] = []
        forEachInline(in: inlines) { inline in
            if case .anchor(let id) = inline { ids.append(id) }
        }
        return ids
    }

    /// Visits every inline, nested ones before the span holding them (the
    /// order `rewritingEach` uses), without rebuilding anything.
    private static func forEachInline(in inlines: [Inline], _ visit: (Inline) -> Void) {
        for inline in inlines {
            switch inline {
            case .emphasis(let content), .strong(let content), .strikethrough(let content),
                 .superscript(let content), .subscript(let content):
                forEachInline(in: content, visit)
            case .link(let link):
                forEachInline(in: link.content, visit)
            default:
                break
            }
            visit(inline)
        }
    }
}

/// GitHub's heading anchors: lower case, punctuation dropped, spaces as
/// hyphens, and `-1`, `-2` … for repeats.
struct HeadingSlugs {
    private var used: [String: Int] = [:]

    mutating func next(for text: String) -> String {
        let slug = text.hasSingleByteCharacters ? Self.asciiSlug(text) : Self.slug(text)
        if let count = used[slug] {
            used[slug] = count + 1
            return slug + "-\(count + 1)"
        }
        used[slug] = 0
        return slug
    }

    private static func slug(_ text: String) -> String {
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        return slug
    }

    /// The same slug for text of single-byte characters, made from bytes:
    /// among ASCII only letters and digits are letters or numbers.
    private static func asciiSlug(_ text: String) -> String {
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte.isASCIILetterOrDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                slug.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
            } else if byte == 0x20 {
                slug.append(UInt8(ascii: "-"))
            }
        }
        return String(decoding: slug, as: UTF8.self)
    }
}

extension UInt8 {
    /// `A`–`Z`, `a`–`z` or `0`–`9`: the ASCII characters that are letters or numbers.
    var isASCIILetterOrDigit: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
    }
}
