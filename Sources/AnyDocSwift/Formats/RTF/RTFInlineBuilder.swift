/// Paragraph content as read, before formatting runs become nested spans.
enum RTFPiece {
    case text(String, RTFCharacterFormat)
    case lineBreak(RTFCharacterFormat)
    case footnote(String)
    case anchor(String)
    case link(String, [RTFPiece])
    /// A picture, shown by its description.
    case image(String)
}

/// Turns pieces into inlines: equal formatting is merged and nested as
/// spans, outermost bold, then italic, strikethrough, super- and subscript.
enum RTFInlineBuilder {
    private struct Atom {
        var inline: Inline
        var format: RTFCharacterFormat
    }

    private enum Span: CaseIterable {
        case strong, emphasis, strikethrough, superscript, `subscript`

        func isOn(_ format: RTFCharacterFormat) -> Bool {
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

    /// Inlines for `pieces`, without whitespace at either end. Headings
    /// pass `dropBold`: their text is bold by style, not for emphasis.
    static func inlines(_ pieces: [RTFPiece], dropBold: Bool = false) -> [Inline] {
        let atoms = atoms(trimmed(pieces), dropBold: dropBold)
        return nest(atoms[...], span: 0)
    }

    /// The text a reader sees, for decisions on list markers and emptiness.
    static func plainText(_ pieces: [RTFPiece]) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let string, _): text += string
            case .lineBreak: text += "\n"
            case .link(_, let content): text += plainText(content)
            case .image(let alt): text += alt
            case .footnote, .anchor: break
            }
        }
        return text
    }

    private static func atoms(_ pieces: [RTFPiece], dropBold: Bool) -> [Atom] {
        var atoms: [Atom] = []
        var previous = RTFCharacterFormat()
        for piece in pieces {
            switch piece {
            case .text(let text, var format):
                if dropBold { format.bold = false }
                if let last = atoms.last, last.format == format, case .text(let before) = last.inline {
                    atoms[atoms.count - 1].inline = .text(before + text)
                } else {
                    atoms.append(Atom(inline: .text(text), format: format))
                }
                previous = format
            case .lineBreak:
                // Takes its neighbour's format so it does not split a span.
                atoms.append(Atom(inline: .lineBreak, format: previous))
            case .footnote(let label):
                atoms.append(Atom(inline: .footnoteReference(label), format: RTFCharacterFormat()))
            case .anchor(let id):
                atoms.append(Atom(inline: .anchor(id), format: previous))
            case .link(let destination, let content):
                let inner = inlines(content, dropBold: dropBold)
                atoms.append(Atom(inline: .link(Link(destination: destination, content: inner)), format: RTFCharacterFormat()))
            case .image(let alt):
                atoms.append(Atom(inline: .image(Image(source: "", altText: alt)), format: previous))
            }
        }
        return atoms
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
    static func trimmed(_ pieces: [RTFPiece]) -> [RTFPiece] {
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
