/// Collects a paragraph's inlines as its text arrives: white space in the
/// markup collapsed the OpenDocument way, each run wrapped in the spans
/// its format calls for, link content nested.
struct ODFInlineBuilder {
    var format: ODFTextFormat
    private var stack: [(destination: String?, content: [Inline])] = [(nil, [])]
    /// Leading white space of a paragraph, and white space after a space,
    /// tab or break, is not shown.
    private var afterSpace = true

    init(format: ODFTextFormat) {
        self.format = format
    }

    /// Text from the markup, where runs of white space are one space.
    mutating func appendMarkupText(_ text: String) {
        guard !format.hidden else { return }
        let collapsed = ODFText.collapsed(text, afterSpace: &afterSpace)
        guard !collapsed.isEmpty else { return }
        if collapsed == " " {
            append(.text(collapsed))
        } else {
            append(format.wrap(.text(collapsed)))
        }
    }

    /// Spaces (`text:s`) and tabs, written as they are.
    mutating func appendLiteral(_ text: String) {
        guard !format.hidden, !text.isEmpty else { return }
        append(.text(text))
        afterSpace = true
    }

    mutating func appendLineBreak() {
        guard !format.hidden else { return }
        append(.lineBreak)
        afterSpace = true
    }

    /// An image, formula or other visible inline.
    mutating func appendContent(_ inline: Inline) {
        append(inline)
        afterSpace = false
    }

    /// An anchor or note reference: no effect on spacing.
    mutating func append(_ inline: Inline) {
        stack[stack.count - 1].content.append(inline)
    }

    mutating func beginLink(_ destination: String) {
        stack.append((destination, []))
    }

    mutating func endLink() {
        guard stack.count > 1 else { return }
        let (destination, content) = stack.removeLast()
        if let destination, !destination.isEmpty, !content.isEmpty {
            append(.link(Link(destination: destination, content: content)))
        } else {
            stack[stack.count - 1].content.append(contentsOf: content)
        }
    }

    /// The paragraph's inlines, closing any link left open.
    mutating func finish() -> [Inline] {
        while stack.count > 1 { endLink() }
        let content = stack[0].content
        stack = [(nil, [])]
        afterSpace = true
        return content
    }
}
