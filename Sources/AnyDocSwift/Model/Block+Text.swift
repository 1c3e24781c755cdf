extension Block {
    /// Whether the block carries any of the document's own text: a
    /// non-blank character in its inlines, code, math or verbatim
    /// Markdown, or a slide's title. Page and sheet boundaries, rules and
    /// images without alt text carry none.
    public var containsText: Bool {
        switch self {
        case .codeBlock(let block): return block.code.containsNonBlank
        case .math(let latex), .markdown(let latex): return latex.containsNonBlank
        case .image(let image): return image.altText.containsNonBlank
        case .boundary(.slide(_, let title?)): return title.containsNonBlank
        case .thematicBreak, .boundary: return false
        case .heading, .paragraph, .list, .table, .blockQuote:
            var found = false
            forEachInlineRun { run in
                if !found, run.plainText.containsNonBlank { found = true }
            }
            return found
        }
    }
}

extension String {
    /// Whether any character is not white space.
    var containsNonBlank: Bool {
        unicodeScalars.contains { !$0.properties.isWhitespace }
    }
}
