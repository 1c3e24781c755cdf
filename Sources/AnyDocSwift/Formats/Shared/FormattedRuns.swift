/// Character formatting that becomes the model's spans, as the binary
/// Word and RTF readers track it run by run.
protocol SpanFormatting: Equatable {
    var bold: Bool { get }
    var italic: Bool { get }
    var strike: Bool { get }
    var superscript: Bool { get }
    var `subscript`: Bool { get }
}

/// A paragraph piece as a reader gathers it, for `FormattedRuns.trimmed`.
protocol FormattedPiece {
    /// The text of a text piece; nil for anything else.
    var runText: String? { get }
    var isLineBreak: Bool { get }
    /// The same text piece with other text.
    func withRunText(_ text: String) -> Self
}

/// Turns formatted runs into nested spans, outermost bold, then italic,
/// strikethrough, superscript and subscript, so that neighbours sharing a
/// format share one span; and trims a paragraph's edges.
enum FormattedRuns {
    struct Atom<Format: SpanFormatting> {
        var inline: Inline
        var format: Format
    }

    /// The spans from the outermost in; the raw value is the nesting depth.
    private enum Span: Int {
        case strong, emphasis, strikethrough, superscript, `subscript`

        func isOn<Format: SpanFormatting>(_ format: Format) -> Bool {
            switch self {
            case .strong: format.bold
            case .emphasis: format.italic
            case .strikethrough: format.strike
            case .superscript: format.superscript
            case .subscript: format.subscript
            }
        }

        func wrap(_ content: [Inline]) -> Inline {
            switch self {
            case .strong: .strong(content)
            case .emphasis: .emphasis(content)
            case .strikethrough: .strikethrough(content)
            case .superscript: .superscript(content)
            case .subscript: .subscript(content)
            }
        }
    }

    static func nest<Format>(_ atoms: [Atom<Format>]) -> [Inline] {
        nest(atoms[...], span: 0)
    }

    private static func nest<Format>(_ atoms: ArraySlice<Atom<Format>>, span index: Int) -> [Inline] {
        // A span none of the atoms has adds no level: most text is plain.
        var index = index
        while let span = Span(rawValue: index), !atoms.contains(where: { span.isOn($0.format) }) { index += 1 }
        guard let span = Span(rawValue: index) else { return atoms.map({ $0.inline }) }
        var result: [Inline] = []
        var start = atoms.startIndex
        while start < atoms.endIndex {
            let on = span.isOn(atoms[start].format)
            var end = start
            while end < atoms.endIndex, span.isOn(atoms[end].format) == on { end += 1 }
            let inner = nest(atoms[start..<end], span: index + 1)
            if on { result.append(span.wrap(inner)) } else { result.append(contentsOf: inner) }
            start = end
        }
        return result
    }

    /// Pieces without spaces, tabs and line breaks at either end.
    static func trimmed<Piece: FormattedPiece>(_ pieces: [Piece]) -> [Piece] {
        var pieces = pieces
        while let first = pieces.first {
            if first.isLineBreak { pieces.removeFirst(); continue }
            guard let text = first.runText, edgeMayBeSpace(text, atStart: true) else { break }
            let rest = text.drop(while: isSpace)
            if rest.isEmpty { pieces.removeFirst(); continue }
            pieces[0] = first.withRunText(String(rest))
            break
        }
        while let last = pieces.last {
            if last.isLineBreak { pieces.removeLast(); continue }
            guard let text = last.runText, edgeMayBeSpace(text, atStart: false) else { break }
            var rest = Substring(text)
            while let end = rest.last, isSpace(end) { rest.removeLast() }
            if rest.isEmpty { pieces.removeLast(); continue }
            pieces[pieces.count - 1] = last.withRunText(String(rest))
            break
        }
        return pieces
    }

    /// Whether the text's first (or last) character could be blank, from
    /// its edge byte: most runs start and end with a letter, which needs
    /// no character-by-character trim (nor a changed copy of the pieces).
    /// Empty text says yes, so that the trim drops it.
    private static func edgeMayBeSpace(_ text: String, atStart: Bool) -> Bool {
        guard let byte = atStart ? text.utf8.first : text.utf8.last else { return true }
        switch byte {
        case 0x20, 0x09: return true
        // U+00A0 is C2 A0 in UTF-8.
        case 0xC2: return atStart
        case 0xA0: return !atStart
        default: return false
        }
    }

    static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\u{A0}"
    }
}
