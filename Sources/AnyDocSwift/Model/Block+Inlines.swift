extension Block {
    /// This block with every run of inlines in it (nested lists, cells,
    /// quotes included) passed through `transform`.
    public func rewritingInlines(_ transform: ([Inline]) -> [Inline]) -> Block {
        switch self {
        case .heading(var heading):
            heading.content = transform(heading.content)
            return .heading(heading)
        case .paragraph(let content):
            return .paragraph(transform(content))
        case .list(var list):
            list.items = list.items.map { item in
                var item = item
                item.blocks = item.blocks.map { $0.rewritingInlines(transform) }
                return item
            }
            return .list(list)
        case .table(var table):
            table.rows = table.rows.map { row in
                var row = row
                row.cells = row.cells.map { cell in
                    var cell = cell
                    cell.blocks = cell.blocks.map { $0.rewritingInlines(transform) }
                    return cell
                }
                return row
            }
            table.caption = table.caption.map(transform)
            return .table(table)
        case .blockQuote(let blocks):
            return .blockQuote(blocks.map { $0.rewritingInlines(transform) })
        case .codeBlock, .thematicBreak, .math, .image, .boundary, .markdown:
            return self
        }
    }

    /// Calls `visit` with every run of inlines in this block.
    public func forEachInlineRun(_ visit: ([Inline]) -> Void) {
        _ = rewritingInlines { inlines in
            visit(inlines)
            return inlines
        }
    }
}

extension Array where Element == Inline {
    /// These inlines with `transform` applied to every inline, innermost
    /// first; returning nil removes an inline, returning several splices them.
    public func rewritingEach(_ transform: (Inline) -> [Inline]) -> [Inline] {
        var result: [Inline] = []
        result.reserveCapacity(count)
        for inline in self {
            let rebuilt: Inline
            switch inline {
            case .emphasis(let c): rebuilt = .emphasis(c.rewritingEach(transform))
            case .strong(let c): rebuilt = .strong(c.rewritingEach(transform))
            case .strikethrough(let c): rebuilt = .strikethrough(c.rewritingEach(transform))
            case .superscript(let c): rebuilt = .superscript(c.rewritingEach(transform))
            case .subscript(let c): rebuilt = .subscript(c.rewritingEach(transform))
            case .link(var link):
                link.content = link.content.rewritingEach(transform)
                rebuilt = .link(link)
            default: rebuilt = inline
            }
            result.append(contentsOf: transform(rebuilt))
        }
        return result
    }
}
