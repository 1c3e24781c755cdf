/// Formatting that survives into Markdown.
struct DOCTextFormat: SpanFormatting {
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

extension DOCInlinePiece: FormattedPiece {
    var runText: String? {
        if case .text(let text, _) = self { return text }
        return nil
    }

    var isLineBreak: Bool {
        if case .lineBreak = self { return true }
        return false
    }

    func withRunText(_ text: String) -> DOCInlinePiece {
        guard case .text(_, let format) = self else { return self }
        return .text(text, format)
    }
}

/// Turns pieces into inlines: neighbours with equal formatting merge, and
/// formatting nests as spans, outermost bold, then italic, strikethrough,
/// superscript and subscript.
enum DOCInlineSpans {
    /// Inlines for `pieces`, without white space at either end.
    static func inlines(_ pieces: [DOCInlinePiece]) -> [Inline] {
        FormattedRuns.nest(atoms(FormattedRuns.trimmed(pieces)))
    }

    private static func atoms(_ pieces: [DOCInlinePiece]) -> [FormattedRuns.Atom<DOCTextFormat>] {
        var atoms: [FormattedRuns.Atom<DOCTextFormat>] = []
        var previous = DOCTextFormat()
        for piece in pieces {
            switch piece {
            case .text(let text, let format):
                if let last = atoms.last, last.format == format, case .text(let before) = last.inline {
                    atoms[atoms.count - 1].inline = .text(before + text)
                } else {
                    atoms.append(FormattedRuns.Atom(inline: .text(text), format: format))
                }
                previous = format
            case .lineBreak:
                // Takes its neighbour's format so that it does not split a span.
                atoms.append(FormattedRuns.Atom(inline: .lineBreak, format: previous))
            case .noteReference(let label):
                atoms.append(FormattedRuns.Atom(inline: .footnoteReference(label), format: DOCTextFormat()))
            case .link(let destination, let content):
                let inner = inlines(withoutLinks(content))
                guard !inner.isEmpty else { continue }
                atoms.append(FormattedRuns.Atom(inline: .link(Link(destination: destination, content: inner)), format: DOCTextFormat()))
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
}
