/// Strips the blank edges of a paragraph: spaces, tabs and line breaks at
/// its start and end, also inside the spans there. Slide text is full of
/// them (runs typed with a leading space, a trailing soft return), and in
/// Markdown a paragraph's leading spaces can even turn it into code.
enum InlineTrimming {
    static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\u{A0}" || character == "\u{0B}"
    }

    static func trimmed(_ inlines: [Inline]) -> [Inline] {
        trailing(leading(inlines))
    }

    private static func leading(_ inlines: [Inline]) -> [Inline] {
        var result = inlines[...]
        while let first = result.first {
            if let kept = trimmedEdge(first, atStart: true) {
                var array = Array(result)
                array[0] = kept
                return array
            }
            result.removeFirst()
        }
        return []
    }

    private static func trailing(_ inlines: [Inline]) -> [Inline] {
        var result = inlines
        while let last = result.last {
            if let kept = trimmedEdge(last, atStart: false) {
                result[result.count - 1] = kept
                return result
            }
            result.removeLast()
        }
        return []
    }

    static func droppingTrailingSpaces(_ text: String) -> String {
        var end = text.endIndex
        while end > text.startIndex, isSpace(text[text.index(before: end)]) { end = text.index(before: end) }
        return String(text[..<end])
    }

    /// Whether the text's first (or last) character could be blank, from
    /// its edge byte: most runs start and end with a letter, and only
    /// the others need the character-by-character trim. Empty text says
    /// yes, so that the trim drops it.
    static func edgeMayBeSpace(_ text: String, atStart: Bool) -> Bool {
        guard let byte = atStart ? text.utf8.first : text.utf8.last else { return true }
        switch byte {
        case 0x20, 0x09, 0x0B: return true
        // U+00A0 is C2 A0 in UTF-8.
        case 0xC2: return atStart
        case 0xA0: return !atStart
        default: return false
        }
    }

    /// The inline with its blank edge removed, or nil when nothing is left.
    private static func trimmedEdge(_ inline: Inline, atStart: Bool) -> Inline? {
        func inner(_ content: [Inline]) -> [Inline] {
            atStart ? leading(content) : trailing(content)
        }
        switch inline {
        case .text(let text):
            guard edgeMayBeSpace(text, atStart: atStart) else { return inline }
            let kept = atStart ? String(text.drop(while: isSpace)) : droppingTrailingSpaces(text)
            return kept.isEmpty ? nil : .text(kept)
        case .lineBreak:
            return nil
        case .strong(let content):
            let kept = inner(content)
            return kept.isEmpty ? nil : .strong(kept)
        case .emphasis(let content):
            let kept = inner(content)
            return kept.isEmpty ? nil : .emphasis(kept)
        case .strikethrough(let content):
            let kept = inner(content)
            return kept.isEmpty ? nil : .strikethrough(kept)
        case .superscript(let content):
            let kept = inner(content)
            return kept.isEmpty ? nil : .superscript(kept)
        case .subscript(let content):
            let kept = inner(content)
            return kept.isEmpty ? nil : .subscript(kept)
        case .link(var link):
            let kept = inner(link.content)
            if kept.isEmpty { return nil }
            link.content = kept
            return .link(link)
        default:
            return inline
        }
    }
}
