/// Tidies a run of inlines before it is written: merges neighbouring
/// text and neighbouring spans of one kind, drops empty spans, and moves
/// spaces out of emphasis so delimiters never touch whitespace inside
/// (`** bold **` would not be bold).
enum InlineNormalizer {
    static func normalize(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        result.reserveCapacity(inlines.count)
        for inline in inlines {
            switch inline {
            case .text(let text):
                if text.isEmpty { continue }
                appendText(text, to: &result)
            case .emphasis(let content):
                appendSpan(content, kind: .emphasis, to: &result)
            case .strong(let content):
                appendSpan(content, kind: .strong, to: &result)
            case .strikethrough(let content):
                appendSpan(content, kind: .strikethrough, to: &result)
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
        return result
    }

    private enum SpanKind { case emphasis, strong, strikethrough }

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
        if case .text(let previous) = result.last {
            result[result.count - 1] = .text(previous + text)
        } else {
            result.append(.text(text))
        }
    }

    private static func appendSpan(_ content: [Inline], kind: SpanKind, to result: inout [Inline]) {
        var inner = normalize(content)
        // Spaces at either edge move outside the delimiters.
        var leading = "", trailing = ""
        if case .text(let first) = inner.first {
            let trimmed = first.drop(while: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" })
            leading = String(first.prefix(first.count - trimmed.count))
            if trimmed.isEmpty { inner.removeFirst() } else { inner[0] = .text(String(trimmed)) }
        }
        if case .text(let last) = inner.last {
            var end = last.endIndex
            while end > last.startIndex {
                let before = last.index(before: end)
                guard last[before] == " " || last[before] == "\t" || last[before] == "\u{A0}" else { break }
                end = before
            }
            trailing = String(last[end...])
            if end == last.startIndex { inner.removeLast() } else { inner[inner.count - 1] = .text(String(last[..<end])) }
        }
        if !leading.isEmpty { appendText(leading, to: &result) }
        if !inner.isEmpty {
            if let last = result.last, let previous = contentOf(last, kind: kind) {
                result[result.count - 1] = make(kind, normalize(previous + inner))
            } else {
                result.append(make(kind, inner))
            }
        }
        if !trailing.isEmpty { appendText(trailing, to: &result) }
    }
}
