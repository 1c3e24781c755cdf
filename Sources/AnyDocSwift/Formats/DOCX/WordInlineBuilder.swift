/// Collects a paragraph's inlines run by run, wrapping text in the spans
/// its format calls for and nesting link content.
struct WordInlineBuilder {
    private var stack: [(destination: String?, content: [Inline])] = [(nil, [])]

    var isEmpty: Bool { stack.count == 1 && stack[0].content.isEmpty }

    mutating func append(text: String, format: WordRunFormat) {
        guard !text.isEmpty, !format.hidden else { return }
        var inline = Inline.text(text)
        if format.subscript { inline = .subscript([inline]) }
        if format.superscript { inline = .superscript([inline]) }
        if format.strikethrough { inline = .strikethrough([inline]) }
        if format.italic { inline = .emphasis([inline]) }
        if format.bold { inline = .strong([inline]) }
        append(inline)
    }

    mutating func append(_ inline: Inline) {
        stack[stack.count - 1].content.append(inline)
    }

    mutating func beginLink(_ destination: String) {
        stack.append((destination, []))
    }

    mutating func endLink() {
        guard stack.count > 1 else { return }
        let (destination, content) = stack.removeLast()
        if let destination, !destination.isEmpty {
            append(.link(Link(destination: destination, content: content)))
        } else {
            stack[stack.count - 1].content.append(contentsOf: content)
        }
    }

    var openLinks: Int { stack.count - 1 }

    /// The paragraph's inlines, closing any link left open.
    mutating func finish() -> [Inline] {
        while stack.count > 1 { endLink() }
        let content = stack[0].content
        stack = [(nil, [])]
        return content
    }
}
