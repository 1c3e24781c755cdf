internal import AnyDocSwift
/// Joins the lines of a paragraph, heading or cell into inlines: words
/// with spaces between them, bold and italic runs, links.
///
/// Hyphenation: a line ending in a hyphen after a letter is joined to the
/// next without a space. The hyphen is dropped when the next line starts
/// with a lower-case letter and the word before the hyphen has no hyphen
/// of its own (`inter-` + `national` → `international`); it is kept when
/// the next line starts otherwise (`Jean-` + `Paul`, `COVID-` + `19`) or
/// the word is already a compound (`state-of-the-` + `art`) or a number
/// (`10-` + `12`). A line ending
/// in a soft hyphen always joins without one.
enum PDFInlineComposer {
    static func inlines(_ lines: [PDFTextLine], links: [String], formatting: Bool = true) -> [Inline] {
        var tokens: [Token] = []
        for (lineIndex, line) in lines.enumerated() {
            for (wordIndex, word) in line.words.enumerated() {
                var separator = tokens.isEmpty ? "" : " "
                if wordIndex == 0, lineIndex > 0, let previous = tokens.last {
                    let join = lineJoin(previous: previous, previousWord: lines[lineIndex - 1].words.last, next: word.text)
                    separator = join.separator
                    if join.dropHyphen { tokens[tokens.count - 1].text.removeLast() }
                }
                tokens.append(Token(
                    text: word.text, separator: separator,
                    bold: formatting && word.isBold, italic: formatting && word.isItalic,
                    link: word.link.flatMap { $0 < links.count ? links[$0] : nil }))
            }
        }
        return build(tokens)
    }

    struct Token {
        var text: String
        var separator: String
        var bold: Bool
        var italic: Bool
        var link: String?
    }

    static func lineJoin(previous: Token, previousWord: PDFWord?, next: String) -> (separator: String, dropHyphen: Bool) {
        if previousWord?.endsWithSoftHyphen == true { return ("", false) }
        let text = previous.text
        if let last = text.last, last == "-" || last == "\u{2010}", text.count >= 2 {
            let stem = text.dropLast()
            guard let before = stem.last, before.isLetter || before.isNumber else { return (" ", false) }
            let nextStartsLower = next.first.map { $0.isLetter && $0.isLowercase } ?? false
            let compound = stem.contains("-") || stem.contains("\u{2010}")
            return ("", nextStartsLower && !compound)
        }
        if let last = text.last, let first = next.first, isUnspaced(last), isUnspaced(first) {
            return ("", false)
        }
        return (" ", false)
    }

    /// Scripts written without spaces between words (CJK, Thai).
    private static func isUnspaced(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        switch value {
        case 0x0E00...0x0E7F, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF,
             0x3000...0x303F:
            return true
        default:
            return false
        }
    }

    /// Groups tokens with the same link, weight and slant; a separator
    /// where the formatting changes stays outside the spans.
    private static func build(_ tokens: [Token]) -> [Inline] {
        var result: [Inline] = []
        var index = 0
        while index < tokens.count {
            let first = tokens[index]
            var end = index + 1
            while end < tokens.count, tokens[end].link == first.link, tokens[end].bold == first.bold,
                  tokens[end].italic == first.italic {
                end += 1
            }
            if !first.separator.isEmpty { appendText(first.separator, to: &result) }
            var content: [Inline] = [.text(joined(tokens[index..<end]))]
            if first.italic { content = [.emphasis(content)] }
            if first.bold { content = [.strong(content)] }
            if let link = first.link {
                result.append(.link(Link(destination: link, content: content)))
            } else if case .text(let plain) = content[0], content.count == 1 {
                appendText(plain, to: &result)
            } else {
                result.append(contentsOf: content)
            }
            index = end
        }
        return result
    }

    /// The tokens' texts with their separators (the first token's left
    /// out), copied once into a string of the right size: appending token
    /// by token costs more than the copy.
    private static func joined(_ tokens: ArraySlice<Token>) -> String {
        guard tokens.count > 1, let first = tokens.first else { return tokens.first?.text ?? "" }
        var count = first.text.utf8.count
        for token in tokens.dropFirst() { count += token.separator.utf8.count + token.text.utf8.count }
        return String(utf8Count: count) { text in
            text.append(first.text)
            for token in tokens.dropFirst() {
                text.append(token.separator)
                text.append(token.text)
            }
        }
    }

    private static func appendText(_ text: String, to result: inout [Inline]) {
        if case .text(let previous) = result.last {
            result[result.count - 1] = .text(previous + text)
        } else {
            result.append(.text(text))
        }
    }
}
