/// The text of one math run (`m:r`), split into LaTeX pieces.
enum OMMLRunText {
    /// How a run's letters are drawn, from `m:scr` and `m:sty`.
    enum Style: Equatable {
        /// Math italic, LaTeX's default for letters.
        case italic
        /// Upright (`m:sty="p"`): words become `\mathrm{…}` or a function.
        case plain
        /// A font command around letters and digits (`\mathbf`, `\mathbb` …).
        case font(String)

        init(script: String?, style: String?) {
            switch script {
            case "double-struck": self = .font("\\mathbb")
            case "fraktur": self = .font("\\mathfrak")
            case "script": self = .font("\\mathcal")
            case "sans-serif": self = .font("\\mathsf")
            case "monospace": self = .font("\\mathtt")
            default:
                switch style {
                case "p": self = .plain
                case "b": self = .font("\\mathbf")
                case "bi": self = .font("\\boldsymbol")
                default: self = .italic
                }
            }
        }
    }

    /// Splits `text` into pieces: one per letter or symbol, one per number
    /// or upright word, and spaces.
    ///
    /// - Parameters:
    ///   - alignment: `&` is an alignment point rather than a character.
    ///   - functionName: multi-letter words name functions (`\sin`,
    ///     `\operatorname{sech}`), as in `m:fName`, whatever their style.
    static func pieces(_ text: String, style: Style, alignment: Bool, functionName: Bool) -> [OMMLPiece] {
        let scalars = Array(text.unicodeScalars)
        var pieces: [OMMLPiece] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            // Explicit-width spaces (em, thin …) are in the table, not collapsed.
            if scalar.properties.isWhitespace, OMMLSymbols.math[scalar] == nil {
                pieces.append(.space)
                index += 1
                continue
            }
            if isAlphanumeric(scalar) {
                if case .font(let font) = style {
                    let end = scalars[index...].firstIndex { !isAlphanumeric($0) } ?? scalars.count
                    let word = String(String.UnicodeScalarView(scalars[index..<end]))
                    pieces.append(OMMLPiece(text: font + "{" + word + "}", shape: .atom))
                    index = end
                } else if OMMLLaTeX.isASCIIDigit(scalar) {
                    index = number(scalars, from: index, into: &pieces)
                } else {
                    let end = scalars[index...].firstIndex { !OMMLLaTeX.isASCIILetter($0) } ?? scalars.count
                    let word = String(String.UnicodeScalarView(scalars[index..<end]))
                    pieces += letters(word, upright: style == .plain || functionName, functionName: functionName)
                    index = end
                }
                continue
            }
            if let accent = OMMLSymbols.combiningAccent(scalar) {
                if let last = pieces.last, last.shape != .space {
                    pieces[pieces.count - 1] = OMMLPiece(text: accent + "{" + last.text + "}", shape: .atom)
                }
                index += 1
                continue
            }
            if let styled = OMMLSymbols.styledCharacter(scalar) {
                index = styledRun(scalars, from: index, first: styled, into: &pieces)
                continue
            }
            index += 1
            if OMMLSymbols.isInvisible(scalar) { continue }
            if scalar == "&" {
                pieces.append(alignment ? .alignment : .symbol("\\&"))
            } else if let command = OMMLSymbols.math[scalar] {
                pieces.append(.symbol(command))
            } else {
                pieces.append(.symbol(String(scalar)))
            }
        }
        return pieces
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        OMMLLaTeX.isASCIILetter(scalar) || OMMLLaTeX.isASCIIDigit(scalar)
    }

    /// A number (`12`, `3.14`) is one piece, so `10^3` needs no braces.
    private static func number(_ scalars: [Unicode.Scalar], from start: Int, into pieces: inout [OMMLPiece]) -> Int {
        var end = start
        while end < scalars.count {
            if OMMLLaTeX.isASCIIDigit(scalars[end]) {
                end += 1
            } else if scalars[end] == ".", end + 1 < scalars.count, OMMLLaTeX.isASCIIDigit(scalars[end + 1]) {
                end += 1
            } else {
                break
            }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<end]))
        pieces.append(OMMLPiece(text: text, shape: end - start == 1 ? .symbol : .atom))
        return end
    }

    /// Italic letters stay separate variables; an upright word is a known
    /// function (`\sin`), else a name in `\operatorname{…}` (function
    /// names) or `\mathrm{…}`; a single upright letter stays a letter.
    private static func letters(_ word: String, upright: Bool, functionName: Bool) -> [OMMLPiece] {
        guard upright else { return word.unicodeScalars.map { OMMLPiece(text: String($0), shape: .symbol) } }
        if let command = OMMLSymbols.functions[word] {
            return [OMMLPiece(text: command, shape: .symbol)]
        }
        if word.unicodeScalars.count == 1 {
            return [OMMLPiece(text: word, shape: .symbol)]
        }
        let command = functionName ? "\\operatorname" : "\\mathrm"
        return [OMMLPiece(text: command + "{" + word + "}", shape: .atom)]
    }

    /// Consecutive ready-styled letters in the same font share one command
    /// (`\mathbb{R}`, `\mathbf{AB}`); italic ones are plain letters.
    private static func styledRun(_ scalars: [Unicode.Scalar], from start: Int, first: OMMLSymbols.StyledCharacter,
                                  into pieces: inout [OMMLPiece]) -> Int {
        guard let font = first.font else {
            pieces.append(.symbol(first.base))
            return start + 1
        }
        var content = first.base
        var end = start + 1
        while end < scalars.count, let next = OMMLSymbols.styledCharacter(scalars[end]), next.font == font {
            content = OMMLLaTeX.join(content, next.base)
            end += 1
        }
        pieces.append(OMMLPiece(text: font + "{" + content + "}", shape: .atom))
        return end
    }
}
