/// A piece of LaTeX produced from Office Math, with what is needed to
/// combine it with its neighbours: whether scripts can attach to it without
/// braces, and whether it is a space, normal text or a layout mark.
struct OMMLPiece: Equatable {
    enum Shape: Equatable {
        /// One character or one control word: `x`, `\alpha`, `\sin`.
        case symbol
        /// One unit scripts attach to as a whole: `\frac{a}{b}`, `12`, `\left(x\right)`.
        case atom
        /// Several units, or a unit already carrying scripts.
        case compound
        /// A space from the source; collapsed and trimmed when joined.
        case space
        /// Normal (non-math) text, still unwrapped so neighbours can merge.
        case text
        /// An alignment point (`&`) in an equation array row.
        case alignment
        /// A manual line break inside an equation.
        case lineBreak
    }

    var text: String
    var shape: Shape

    static let empty = OMMLPiece(text: "", shape: .compound)
    static let space = OMMLPiece(text: " ", shape: .space)
    static let alignment = OMMLPiece(text: "&", shape: .alignment)
    static let lineBreak = OMMLPiece(text: "\\\\", shape: .lineBreak)

    var isEmpty: Bool { text.isEmpty }

    /// A character or command from the symbol tables.
    static func symbol(_ text: String) -> OMMLPiece {
        OMMLPiece(text: text, shape: OMMLLaTeX.isSingleSymbol(text) ? .symbol : .compound)
    }
}

/// Joining and bracing rules for the LaTeX the converter writes, kept in one
/// place so the output is compact and always the same for the same input.
enum OMMLLaTeX {
    /// Joins pieces into one: normal text merges into `\text{…}`, source
    /// spaces collapse to one and vanish at the ends (between two words they
    /// stay visible as `\ `), and a space separates a control word from a
    /// letter that would otherwise extend it.
    static func group(_ pieces: [OMMLPiece]) -> OMMLPiece {
        var merged: [OMMLPiece] = []
        for piece in pieces where !piece.isEmpty {
            if piece.shape == .text, let last = merged.last, last.shape == .text {
                merged[merged.count - 1].text += piece.text
            } else {
                merged.append(piece)
            }
        }
        var text = ""
        var count = 0
        var shape = OMMLPiece.Shape.compound
        var pendingSpace = false
        var previous = ""
        for var piece in merged {
            if piece.shape == .text {
                piece = OMMLPiece(text: "\\text{" + piece.text + "}", shape: .atom)
            }
            if piece.shape == .space || piece.shape == .lineBreak {
                pendingSpace = !text.isEmpty
                continue
            }
            if piece.text.hasPrefix("'") && previous.contains("^") {
                // `x^2'` is a double superscript; an empty group ends the first.
                text += "{}"
            } else if pendingSpace, endsAlphanumeric(text), startsAlphanumeric(piece.text) {
                // Word shows a space typed between words; LaTeX would drop it.
                text += "\\ "
            } else if pendingSpace || needsSeparator(text, piece.text) {
                text += " "
            }
            pendingSpace = false
            text += piece.text
            previous = piece.text
            count += 1
            shape = piece.shape
        }
        return OMMLPiece(text: text, shape: count == 1 ? shape : .compound)
    }

    private static func endsAlphanumeric(_ text: String) -> Bool {
        guard let last = text.unicodeScalars.last, isASCIILetter(last) || isASCIIDigit(last) else { return false }
        return !endsWithControlWord(Array(text.unicodeScalars))
    }

    private static func startsAlphanumeric(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return isASCIILetter(first) || isASCIIDigit(first)
    }

    /// Concatenates two LaTeX strings, separating them only where needed.
    static func join(_ left: String, _ right: String) -> String {
        if left.isEmpty { return right }
        if right.isEmpty { return left }
        return left + (needsSeparator(left, right) ? " " : "") + right
    }

    /// A base for `^`/`_`: bare when it is one unit, braced otherwise
    /// (`{ab}^2` squares the product, `ab^2` only b).
    static func base(_ piece: OMMLPiece) -> String {
        if piece.isEmpty { return "{}" }
        switch piece.shape {
        case .symbol, .atom: return piece.text
        default: return "{" + piece.text + "}"
        }
    }

    /// A script or command argument: bare only for a single letter or digit
    /// (`x^2`, `x^{10}`, `x^{\alpha}`).
    static func argument(_ piece: OMMLPiece) -> String {
        let scalars = piece.text.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, scalar.isASCII,
           scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            return piece.text
        }
        return "{" + piece.text + "}"
    }

    /// `base_{sub}^{sup}`, leaving out empty scripts. A superscript made only
    /// of primes is written as primes (`f'`), since `f^'` is not LaTeX.
    static func scripted(_ base: OMMLPiece, sub: OMMLPiece, sup: OMMLPiece) -> OMMLPiece {
        if sub.isEmpty && sup.isEmpty { return base }
        var text = self.base(base)
        if !sup.isEmpty, sup.text.allSatisfy({ $0 == "'" }) {
            text += sup.text
            if !sub.isEmpty { text += "_" + argument(sub) }
        } else {
            if !sub.isEmpty { text += "_" + argument(sub) }
            if !sup.isEmpty { text += "^" + argument(sup) }
        }
        return OMMLPiece(text: text, shape: .compound)
    }

    /// True for one character or one control word (`\alpha`), the things
    /// an accent sits on without stretching.
    static func isSingleSymbol(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        if scalars.count == 1 { return true }
        guard scalars.count > 1, scalars[0] == "\\" else { return false }
        let rest = scalars.dropFirst()
        return rest.allSatisfy(isASCIILetter) || (rest.count == 1 && !isASCIILetter(rest.first!))
    }

    /// True when `piece` draws one character: a symbol, or one character
    /// in a font command (`\mathbf{v}`), which takes the narrow accents.
    static func isOneCharacter(_ piece: OMMLPiece) -> Bool {
        if piece.shape == .symbol { return true }
        guard piece.shape == .atom, piece.text.hasPrefix("\\"), piece.text.hasSuffix("}"),
              let open = piece.text.firstIndex(of: "{") else { return false }
        let command = piece.text[piece.text.index(after: piece.text.startIndex)..<open]
        let inner = piece.text[piece.text.index(after: open)..<piece.text.index(before: piece.text.endIndex)]
        return fontCommands.contains(String(command)) && isSingleSymbol(String(inner))
    }

    private static let fontCommands: Set<String> = [
        "mathbf", "mathbb", "mathcal", "mathfrak", "mathsf", "mathtt", "mathrm", "boldsymbol", "text",
    ]

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// Whether `right` written straight after `left` would change meaning or
    /// mislead: `\alpha` + `x` would read as `\alphax`, and `x^2` + `3` as
    /// x to the 23rd.
    static func needsSeparator(_ left: String, _ right: String) -> Bool {
        guard let next = right.unicodeScalars.first else { return false }
        let scalars = Array(left.unicodeScalars)
        if isASCIILetter(next), endsWithControlWord(scalars) { return true }
        if isASCIILetter(next) || isASCIIDigit(next), scalars.count >= 2 {
            let last = scalars[scalars.count - 1]
            let marker = scalars[scalars.count - 2]
            if (marker == "^" || marker == "_") && (isASCIILetter(last) || isASCIIDigit(last)) {
                return scalars.count < 3 || scalars[scalars.count - 3] != "\\"
            }
        }
        return false
    }

    private static func endsWithControlWord(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = scalars.count
        while index > 0, isASCIILetter(scalars[index - 1]) { index -= 1 }
        guard index < scalars.count else { return false }
        var backslashes = 0
        while index > 0, scalars[index - 1] == "\\" {
            backslashes += 1
            index -= 1
        }
        return backslashes % 2 == 1
    }

    /// Escapes text for `\text{…}`.
    static func escapeText(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\textbackslash{}"
            case "{", "}", "#", "%", "&", "_", "$": result += "\\" + String(character)
            case "^": result += "\\textasciicircum{}"
            case "~": result += "\\textasciitilde{}"
            case "\n", "\r", "\t": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
