/// Presentation MathML (the content of OpenDocument formula objects) to
/// LaTeX, with the symbol tables and joining rules Office Math uses.
enum ODFMathML {
    static func latex(_ math: XMLElement) -> String {
        var depth = 0
        return convert(math, depth: &depth).text
    }

    /// Nesting beyond this is read as plain text, so a hostile formula
    /// cannot exhaust the stack.
    private static let maxDepth = 64

    private static func convert(_ element: XMLElement, depth: inout Int) -> OMMLPiece {
        depth += 1
        defer { depth -= 1 }
        if depth > maxDepth { return OMMLPiece(text: OMMLLaTeX.escapeText(element.textContent), shape: .text) }
        let children = element.elements(in: ODFNamespace.mathML)
        func argument(_ index: Int) -> OMMLPiece {
            index < children.count ? convert(children[index], depth: &depth) : .empty
        }
        func all() -> OMMLPiece {
            OMMLLaTeX.group(children.map { convert($0, depth: &depth) })
        }
        switch element.name {
        case "semantics":
            // The first child is the formula; annotations repeat it in other notations.
            return children.first.map { convert($0, depth: &depth) } ?? .empty
        case "annotation", "annotation-xml", "mphantom", "malignmark", "maligngroup", "none", "mprescripts":
            return .empty
        case "mi":
            return identifier(element)
        case "mn":
            let text = ODFText.trimmed(element.textContent)
            return OMMLPiece(text: symbols(text), shape: text.count == 1 ? .symbol : .atom)
        case "mo":
            return operatorPiece(ODFText.trimmed(element.textContent))
        case "mtext", "ms":
            let text = element.textContent
            return text.isEmpty ? .empty : OMMLPiece(text: OMMLLaTeX.escapeText(text), shape: .text)
        case "mspace":
            return .space
        case "msup":
            return OMMLLaTeX.scripted(argument(0), sub: .empty, sup: argument(1))
        case "msub":
            return OMMLLaTeX.scripted(argument(0), sub: argument(1), sup: .empty)
        case "msubsup":
            return OMMLLaTeX.scripted(argument(0), sub: argument(1), sup: argument(2))
        case "munder":
            return underOver(argument(0), under: argument(1), over: .empty)
        case "mover":
            return over(element, base: argument(0), mark: argument(1))
        case "munderover":
            return underOver(argument(0), under: argument(1), over: argument(2))
        case "mfrac":
            return OMMLPiece(text: "\\frac{" + argument(0).text + "}{" + argument(1).text + "}", shape: .atom)
        case "msqrt":
            return OMMLPiece(text: "\\sqrt{" + all().text + "}", shape: .atom)
        case "mroot":
            return OMMLPiece(text: "\\sqrt[" + argument(1).text + "]{" + argument(0).text + "}", shape: .atom)
        case "mfenced":
            let open = element.attribute("open") ?? "("
            let close = element.attribute("close") ?? ")"
            let separator = element.attribute("separators").flatMap { $0.first.map(String.init) } ?? ","
            var pieces: [OMMLPiece] = []
            for (index, child) in children.enumerated() {
                if index > 0 { pieces.append(operatorPiece(separator)) }
                pieces.append(convert(child, depth: &depth))
            }
            return fenced(open, OMMLLaTeX.group(pieces), close)
        case "mtable":
            let rows = children.map { row in
                row.elements(in: ODFNamespace.mathML).map { convert($0, depth: &depth).text }.joined(separator: " & ")
            }
            return OMMLPiece(text: "\\begin{matrix}" + rows.joined(separator: " \\\\ ") + "\\end{matrix}", shape: .atom)
        default:
            // math, mrow, mstyle, mpadded, menclose, merror, mtd…: their children in order.
            return all()
        }
    }

    private static func symbols(_ text: String) -> String {
        text.unicodeScalars.map { OMMLSymbols.math[$0] ?? String($0) }.joined()
    }

    private static func identifier(_ element: XMLElement) -> OMMLPiece {
        let text = ODFText.trimmed(element.textContent)
        guard !text.isEmpty else { return .empty }
        if text.unicodeScalars.count == 1 {
            let symbol = symbols(text)
            if element.attribute("mathvariant") == "normal", symbol == text, text.unicodeScalars.allSatisfy(OMMLLaTeX.isASCIILetter) {
                return OMMLPiece(text: "\\mathrm{" + text + "}", shape: .atom)
            }
            return .symbol(symbol)
        }
        if let function = OMMLSymbols.functions[text] { return .symbol(function) }
        return OMMLPiece(text: "\\mathrm{" + OMMLLaTeX.escapeText(text) + "}", shape: .atom)
    }

    private static func operatorPiece(_ text: String) -> OMMLPiece {
        guard !text.isEmpty else { return .empty }
        if let nary = OMMLSymbols.naryOperators[text] { return .symbol(nary.command) }
        if let function = OMMLSymbols.functions[text] { return .symbol(function) }
        if text.unicodeScalars.allSatisfy(OMMLSymbols.isInvisible) { return .empty }
        switch text {
        case "{": return .symbol("\\{")
        case "}": return .symbol("\\}")
        case "#", "%", "&", "$", "_": return .symbol("\\" + text)
        default: return .symbol(symbols(text))
        }
    }

    private static func fenced(_ open: String, _ content: OMMLPiece, _ close: String) -> OMMLPiece {
        let left = OMMLSymbols.delimiter(open) ?? "."
        let right = OMMLSymbols.delimiter(close) ?? "."
        return OMMLPiece(text: "\\left" + left + " " + content.text + " \\right" + right, shape: .atom)
    }

    /// Sums and limits take their bounds as scripts; other bases are
    /// stacked.
    private static func underOver(_ base: OMMLPiece, under: OMMLPiece, over: OMMLPiece) -> OMMLPiece {
        if OMMLSymbols.limitOperators.contains(base.text) {
            return OMMLLaTeX.scripted(base, sub: under, sup: over)
        }
        var text = base.text
        if !under.isEmpty { text = "\\underset{" + under.text + "}{" + text + "}" }
        if !over.isEmpty { text = "\\overset{" + over.text + "}{" + text + "}" }
        return OMMLPiece(text: text, shape: .atom)
    }

    /// `mover` with an accent mark is an accent; otherwise a stacked limit.
    private static func over(_ element: XMLElement, base: OMMLPiece, mark: OMMLPiece) -> OMMLPiece {
        let markText = ODFText.trimmed(element.elements(in: ODFNamespace.mathML).dropFirst().first?.textContent ?? "")
        if let accent = OMMLSymbols.accents[markText] {
            let command = OMMLLaTeX.isOneCharacter(base) ? accent.narrow : accent.wide
            return OMMLPiece(text: command + "{" + base.text + "}", shape: .atom)
        }
        return underOver(base, under: .empty, over: mark)
    }
}
