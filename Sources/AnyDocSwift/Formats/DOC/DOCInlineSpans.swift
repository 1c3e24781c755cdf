/// Formatting that survives into Markdown.
struct DOCTextFormat: Equatable {
    var bold = false
    var italic = false
    var strike = false
    var superscript = false
    var `subscript` = false
}

/// Paragraph content as read, before formatting runs become nested spans.
enum DOCInlinePiece {
    case text(String, DOCTextFormat)
    case lineBreak
    case noteReference(String)
    case link(String, [DOCInlinePiece])
}

/// Turns pieces into inlines: neighbours with equal formatting merge, and
/// formatting nests as spans, outermost bold, then italic, strikethrough,
/// superscript and subscript.
enum DOCInlineSpans {
    private struct Atom {
        var inline: Inline
        var format: DOCTextFormat
    }

    private enum Span: CaseIterable {
        case strong, emphasis, strikethrough, superscript, `subscript`

        func isOn(_ format: DOCTextFormat) -> Bool {
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

    /// Inlines for `pieces`, without white space at either end.
    static func inlines(_ pieces: [DOCInlinePiece]) -> [Inline] {
        nest(atoms(trimmed(pieces))[...], span: 0)
    }

    private static func atoms(_ pieces: [DOCInlinePiece]) -> [Atom] {
        var atoms: [Atom] = []
        var previous = DOCTextFormat()
        for piece in pieces {
            switch piece {
            case .text(let text, let format):
                if let last = atoms.last, last.format == format, case .text(let before) = last.inline {
                    atoms[atoms.count - 1].inline = .text(before + text)
                } else {
                    atoms.append(Atom(inline: .text(text), format: format))
                }
                previous = format
            case .lineBreak:
                // Takes its neighbour's format so that it does not split a span.
                atoms.append(Atom(inline: .lineBreak, format: previous))
            case .noteReference(let label):
                atoms.append(Atom(inline: .footnoteReference(label), format: DOCTextFormat()))
            case .link(let destination, let content):
                let inner = inlines(withoutLinks(content))
                guard !inner.isEmpty else { continue }
                atoms.append(Atom(inline: .link(Link(destination: destination, content: inner)), format: DOCTextFormat()))
            }
        }
        return atoms
    }

    /// Links cannot nest in Markdown: an inner link keeps only its text.
    private static func withoutLinks(_ pieces: [DOCInlinePiece]) -> [DOCInlinePiece] {
        pieces.flatMap { piece -> [DOCInlinePiece] in
            if case .link(_, let content) = piece { return withoutLinks(content) }
            return [piece]
        }
    }

    private static func nest(_ atoms: ArraySlice<Atom>, span index: Int) -> [Inline] {
        guard index < Span.allCases.count else { return atoms.map(\.inline) }
        let span = Span.allCases[index]
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
    static func trimmed(_ pieces: [DOCInlinePiece]) -> [DOCInlinePiece] {
        var pieces = pieces
        while let first = pieces.first {
            if case .lineBreak = first { pieces.removeFirst(); continue }
            guard case .text(let text, let format) = first else { break }
            let rest = text.drop(while: isSpace)
            if rest.isEmpty { pieces.removeFirst(); continue }
            pieces[0] = .text(String(rest), format)
            break
        }
        while let last = pieces.last {
            if case .lineBreak = last { pieces.removeLast(); continue }
            guard case .text(let text, let format) = last else { break }
            var rest = Substring(text)
            while let end = rest.last, isSpace(end) { rest.removeLast() }
            if rest.isEmpty { pieces.removeLast(); continue }
            pieces[pieces.count - 1] = .text(String(rest), format)
            break
        }
        return pieces
    }

    static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\u{A0}"
    }
}
