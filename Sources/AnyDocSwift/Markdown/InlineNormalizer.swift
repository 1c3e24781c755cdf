/// Tidies a run of inlines before it is written: merges neighbouring
/// text and neighbouring spans of one kind (also across a space), unwraps
/// a span nested in one of its own kind, drops empty spans, and moves
/// whitespace and line breaks out of emphasis so delimiters never touch
/// whitespace inside (`** bold **` would not be bold).
enum InlineNormalizer {
    static func normalize(_ inlines: [Inline]) -> [Inline] {
        normalize(inlines, inside: nil)
    }

    /// `inlines` without whitespace or line breaks at either end, where
    /// they would print as stray breaks.
    static func trimmingEdges(_ inlines: [Inline]) -> [Inline] {
        var inlines = inlines
        _ = takeEdge(of: &inlines, atStart: true)
        _ = takeEdge(of: &inlines, atStart: false)
        return inlines
    }

    private enum SpanKind { case emphasis, strong, strikethrough }

    private static func normalize(_ inlines: [Inline], inside enclosing: SpanKind?) -> [Inline] {
        var result: [Inline] = []
        result.reserveCapacity(inlines.count)
        for inline in inlines { append(inline, inside: enclosing, to: &result) }
        return result
    }

    private static func append(_ inline: Inline, inside enclosing: SpanKind?, to result: inout [Inline]) {
        switch inline {
        case .text(let text):
            appendText(text, to: &result)
        case .emphasis(let content):
            appendSpan(content, kind: .emphasis, inside: enclosing, to: &result)
        case .strong(let content):
            appendSpan(content, kind: .strong, inside: enclosing, to: &result)
        case .strikethrough(let content):
            appendSpan(content, kind: .strikethrough, inside: enclosing, to: &result)
        case .superscript(let content):
            let inner = normalize(content)
            if !inner.isEmpty { result.append(.superscript(inner)) }
        case .subscript(let content):
            let inner = normalize(content)
            if !inner.isEmpty { result.append(.subscript(inner)) }
        case .link(var link):
            link.content = normalize(link.content)
            result.append(.link(link))
        case .code(let code):
            if !code.isEmpty { result.append(.code(code)) }
        case .math(let tex):
            if !tex.isEmpty { result.append(.math(tex)) }
        default:
            result.append(inline)
        }
    }

    private static func make(_ kind: SpanKind, _ content: [Inline]) -> Inline {
        switch kind {
        case .emphasis: .emphasis(content)
        case .strong: .strong(content)
        case .strikethrough: .strikethrough(content)
        }
    }

    private static func contentOf(_ inline: Inline, kind: SpanKind) -> [Inline]? {
        switch (inline, kind) {
        case (.emphasis(let c), .emphasis), (.strong(let c), .strong), (.strikethrough(let c), .strikethrough):
            return c
        default:
            return nil
        }
    }

    private static func appendText(_ text: String, to result: inout [Inline]) {
        guard !text.isEmpty else { return }
        if case .text(let previous) = result.last {
            result[result.count - 1] = .text(previous + text)
        } else {
            result.append(.text(text))
        }
    }

    private static func appendSpan(_ content: [Inline], kind: SpanKind, inside enclosing: SpanKind?, to result: inout [Inline]) {
        // Bold inside bold is just bold.
        if kind == enclosing {
            for inline in content { append(inline, inside: enclosing, to: &result) }
            return
        }
        var inner = normalize(content, inside: kind)
        let leading = takeEdge(of: &inner, atStart: true)
        let trailing = takeEdge(of: &inner, atStart: false)
        for inline in leading { append(inline, inside: enclosing, to: &result) }
        if !inner.isEmpty {
            if let last = result.last, let previous = contentOf(last, kind: kind) {
                result[result.count - 1] = make(kind, normalize(previous + inner, inside: kind))
            } else if result.count >= 2, case .text(let gap) = result[result.count - 1], isWhitespace(gap),
                      let previous = contentOf(result[result.count - 2], kind: kind) {
                // `*a* *b*` reads better as `*a b*`.
                result.removeLast(2)
                result.append(make(kind, normalize(previous + [.text(gap)] + inner, inside: kind)))
            } else {
                result.append(make(kind, inner))
            }
        }
        for inline in trailing { append(inline, inside: enclosing, to: &result) }
    }

    /// Removes the whitespace and line breaks at one edge of `inlines`
    /// and returns them in reading order.
    private static func takeEdge(of inlines: inout [Inline], atStart: Bool) -> [Inline] {
        var taken: [Inline] = []
        while let edge = atStart ? inlines.first : inlines.last {
            if case .lineBreak = edge {
                taken.append(edge)
            } else if case .text(let text) = edge {
                let scalars = text.unicodeScalars
                guard let scalar = atStart ? scalars.first : scalars.last, MarkdownCharacters.isWhitespace(scalar) else { break }
                let split = atStart
                    ? scalars.firstIndex(where: { !MarkdownCharacters.isWhitespace($0) }) ?? scalars.endIndex
                    : scalars.lastIndex(where: { !MarkdownCharacters.isWhitespace($0) }).map(scalars.index(after:)) ?? scalars.startIndex
                let blank = atStart ? String(scalars[..<split]) : String(scalars[split...])
                let kept = atStart ? String(scalars[split...]) : String(scalars[..<split])
                if !blank.isEmpty { taken.append(.text(blank)) }
                if !kept.isEmpty {
                    if atStart { inlines[0] = .text(kept) } else { inlines[inlines.count - 1] = .text(kept) }
                    break
                }
            } else {
                break
            }
            if atStart { inlines.removeFirst() } else { inlines.removeLast() }
        }
        return atStart ? taken : taken.reversed()
    }

    private static func isWhitespace(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { MarkdownCharacters.isWhitespace($0) }
    }
}
