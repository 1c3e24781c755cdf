/// Visits a document's blocks and inlines in reading order, in the spirit
/// of swift-markdown's `MarkupWalker`.
///
/// Implement only the visits you need; each returns whether to descend
/// into the element's children (true by default). Footnote bodies are
/// visited after the body, each wrapped in `visitFootnote`.
///
/// ```swift
/// struct TableCounter: DocumentWalker {
///     var tables = 0
///     mutating func visit(_ block: Block) -> Bool {
///         if case .table = block { tables += 1 }
///         return true
///     }
/// }
/// var counter = TableCounter()
/// document.walk(&counter)
/// ```
public protocol DocumentWalker {
    /// A block, before its children.
    mutating func visit(_ block: Block) -> Bool
    /// An inline, before its children.
    mutating func visit(_ inline: Inline) -> Bool
    /// A footnote body, before its blocks.
    mutating func visitFootnote(_ footnote: FootnoteDefinition) -> Bool
}

extension DocumentWalker {
    public mutating func visit(_ block: Block) -> Bool { true }
    public mutating func visit(_ inline: Inline) -> Bool { true }
    public mutating func visitFootnote(_ footnote: FootnoteDefinition) -> Bool { true }
}

extension Document {
    /// Walks the body, then the footnotes, with `walker`.
    public func walk<Walker: DocumentWalker>(_ walker: inout Walker) {
        DocumentWalk.blocks(blocks, &walker)
        for footnote in footnotes where walker.visitFootnote(footnote) {
            DocumentWalk.blocks(footnote.blocks, &walker)
        }
    }
}

extension Block {
    /// Walks this block and everything inside it with `walker`.
    public func walk<Walker: DocumentWalker>(_ walker: inout Walker) {
        DocumentWalk.block(self, &walker)
    }
}

/// The recursion behind `walk`: one function per level of the model.
enum DocumentWalk {
    static func blocks<Walker: DocumentWalker>(_ blocks: [Block], _ walker: inout Walker) {
        for block in blocks { self.block(block, &walker) }
    }

    static func block<Walker: DocumentWalker>(_ block: Block, _ walker: inout Walker) {
        guard walker.visit(block) else { return }
        switch block {
        case .heading(let heading): inlines(heading.content, &walker)
        case .paragraph(let content): inlines(content, &walker)
        case .list(let list):
            for item in list.items { blocks(item.blocks, &walker) }
        case .table(let table):
            if let caption = table.caption { inlines(caption, &walker) }
            for row in table.rows {
                for cell in row.cells { blocks(cell.blocks, &walker) }
            }
        case .blockQuote(let children): blocks(children, &walker)
        case .codeBlock, .thematicBreak, .math, .image, .boundary, .markdown: break
        }
    }

    static func inlines<Walker: DocumentWalker>(_ inlines: [Inline], _ walker: inout Walker) {
        for inline in inlines { self.inline(inline, &walker) }
    }

    static func inline<Walker: DocumentWalker>(_ inline: Inline, _ walker: inout Walker) {
        guard walker.visit(inline) else { return }
        switch inline {
        case .emphasis(let content), .strong(let content), .strikethrough(let content),
             .superscript(let content), .subscript(let content):
            inlines(content, &walker)
        case .link(let link): inlines(link.content, &walker)
        case .text, .code, .image, .footnoteReference, .lineBreak, .math, .anchor: break
        }
    }
}
