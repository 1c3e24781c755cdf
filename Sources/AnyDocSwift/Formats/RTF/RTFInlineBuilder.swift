/// Paragraph content as read, before formatting runs become nested spans.
enum RTFPiece {
    case text(String, RTFCharacterFormat)
    case lineBreak(RTFCharacterFormat)
    case footnote(String)
    case anchor(String)
    case link(String, [RTFPiece])
    /// A picture, shown by its description.
    case image(String)
    /// An equation in the text, as LaTeX.
    case math(String)
    /// An equation on a line of its own, placed after its paragraph.
    case displayMath(String)
}

extension RTFPiece: FormattedPiece {
    var runText: String? {
        if case .text(let text, _) = self { return text }
        return nil
    }

    var isLineBreak: Bool {
        if case .lineBreak = self { return true }
        return false
    }

    func withRunText(_ text: String) -> RTFPiece {
        guard case .text(_, let format) = self else { return self }
        return .text(text, format)
    }
}

/// Turns pieces into inlines: equal formatting is merged and nested as
/// spans, outermost bold, then italic, strikethrough, super- and subscript.
enum RTFInlineBuilder {
    /// Inlines for `pieces`, without whitespace at either end. Headings
    /// pass `dropBold`: their text is bold by style, not for emphasis.
    static func inlines(_ pieces: [RTFPiece], dropBold: Bool = false) -> [Inline] {
        FormattedRuns.nest(atoms(FormattedRuns.trimmed(pieces), dropBold: dropBold))
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
            case .math(let latex), .displayMath(let latex): text += latex
            case .footnote, .anchor: break
            }
        }
        return text
    }

    private static func atoms(_ pieces: [RTFPiece], dropBold: Bool) -> [FormattedRuns.Atom<RTFCharacterFormat>] {
        var atoms: [FormattedRuns.Atom<RTFCharacterFormat>] = []
        var previous = RTFCharacterFormat()
        for piece in pieces {
            switch piece {
            case .text(let text, var format):
                if dropBold { format.bold = false }
                if let last = atoms.last, last.format == format, case .text(let before) = last.inline {
                    atoms[atoms.count - 1].inline = .text(before + text)
                } else {
                    atoms.append(FormattedRuns.Atom(inline: .text(text), format: format))
                }
                previous = format
            case .lineBreak:
                // Takes its neighbour's format so it does not split a span.
                atoms.append(FormattedRuns.Atom(inline: .lineBreak, format: previous))
            case .footnote(let label):
                atoms.append(FormattedRuns.Atom(inline: .footnoteReference(label), format: RTFCharacterFormat()))
            case .anchor(let id):
                atoms.append(FormattedRuns.Atom(inline: .anchor(id), format: previous))
            case .link(let destination, let content):
                let inner = inlines(content, dropBold: dropBold)
                atoms.append(FormattedRuns.Atom(inline: .link(Link(destination: destination, content: inner)), format: RTFCharacterFormat()))
            case .image(let alt):
                atoms.append(FormattedRuns.Atom(inline: .image(Image(source: "", altText: alt)), format: previous))
            case .math(let latex), .displayMath(let latex):
                atoms.append(FormattedRuns.Atom(inline: .math(latex), format: RTFCharacterFormat()))
            }
        }
        return atoms
    }
}
