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
        let all = document.blocks + document.footnotes.flatMap(\.blocks)
        for block in all {
            block.forEachInlineRun { inlines in
                Self.forEachInline(in: inlines) { inline in
                    switch inline {
                    case .link(let link) where link.destination.hasPrefix("#"):
                        targets.insert(String(link.destination.dropFirst()))
                    case .anchor(let id) where headingAnchors[id] == nil:
                        bodyAnchors.insert(id)
                    default: break
                    }
                }
            }
        }
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
        result.blocks = document.blocks.map { block in
            if case .heading(var heading) = block, heading.anchor.map({ headingAnchors[$0] != nil }) == true {
                heading.anchor = nil
                return Block.heading(heading).rewritingInlines(clean)
            }
            return block.rewritingInlines(clean)
        }
        result.footnotes = document.footnotes.map { note in
            FootnoteDefinition(label: note.label, blocks: note.blocks.map { $0.rewritingInlines(clean) })
        }
        return result
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
        var slug = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        if let count = used[slug] {
            used[slug] = count + 1
            return slug + "-\(count + 1)"
        }
        used[slug] = 0
        return slug
    }
}
