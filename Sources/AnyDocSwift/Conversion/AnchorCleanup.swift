/// Keeps only the anchors that some internal link points to, so bookmarks
/// nobody links to leave no `<a id>` noise, and turns links to anchors that
/// do not exist into plain text.
enum AnchorCleanup {
    static func apply(to document: Document) -> Document {
        var targets: Set<String> = []
        var anchors: Set<String> = []
        func collect(_ inlines: [Inline]) {
            _ = inlines.rewritingEach { inline in
                switch inline {
                case .link(let link) where link.destination.hasPrefix("#"):
                    targets.insert(String(link.destination.dropFirst()))
                case .anchor(let id):
                    anchors.insert(id)
                default: break
                }
                return [inline]
            }
        }
        let all = document.blocks + document.footnotes.flatMap(\.blocks)
        for block in all {
            if case .heading(let heading) = block, let anchor = heading.anchor { anchors.insert(anchor) }
            block.forEachInlineRun(collect)
        }
        func clean(_ inlines: [Inline]) -> [Inline] {
            inlines.rewritingEach { inline in
                switch inline {
                case .anchor(let id):
                    return targets.contains(id) ? [inline] : []
                case .link(let link) where link.destination.hasPrefix("#"):
                    return anchors.contains(String(link.destination.dropFirst())) ? [inline] : link.content
                default:
                    return [inline]
                }
            }
        }
        var result = document
        result.blocks = document.blocks.map { $0.rewritingInlines(clean) }
        result.footnotes = document.footnotes.map { note in
            FootnoteDefinition(label: note.label, blocks: note.blocks.map { $0.rewritingInlines(clean) })
        }
        return result
    }
}
