/// Converts Office Math (OMML, the `m:` elements of DOCX and PPTX) to LaTeX
/// for `Inline.math` and `Block.math`.
///
/// Elements are matched by namespace URI and local name, never by prefix.
/// Several equations in one `m:oMathPara` are separate display lines, so
/// they become the rows of one `\begin{gathered}…\end{gathered}` (joined
/// with `\\`): a single `$$…$$` block that keeps them together and renders
/// the same in MathJax, KaTeX and LaTeX. An equation with manual line
/// breaks (`m:brk`) is laid out the same way, or with `aligned` when it
/// marks alignment points.
enum OMMLConverter {
    static let namespace = "http://schemas.openxmlformats.org/officeDocument/2006/math"
    /// Strict Open XML names the same vocabulary differently.
    static let strictNamespace = "http://purl.oclc.org/ooxml/officeDocument/math"

    /// LaTeX for an `m:oMath` or `m:oMathPara` (any other element: the
    /// equations inside it), without `$` delimiters; "" when there is none.
    static func latex(_ element: XMLElement) -> String {
        if isMath(element), element.name == "oMath" {
            return equation(element)
        }
        var equations: [String] = []
        collectEquations(in: element, into: &equations)
        equations.removeAll { $0.isEmpty }
        if equations.count <= 1 { return equations.first ?? "" }
        return environment("gathered", rows: equations)
    }

    // MARK: - Context

    /// What the surrounding structure changes about how runs are read.
    struct Context {
        /// `&` in run text is an alignment point: runs directly in an
        /// `m:eqArr` row.
        var alignment = false
        /// Multi-letter words are function names: runs in `m:fName` and the
        /// bases of limits, and the bases of scripts inside them (`\sin^2`).
        var functionName = false
        /// `m:brk` and `m:aln` count: runs at the top of an `m:oMath`.
        var lineBreaks = false

        /// For an argument that stands on its own (a numerator, a script).
        static let argument = Context()
        /// For the base of a script or limit, which names a function when
        /// the whole does.
        var base: Context { Context(functionName: functionName) }
    }

    // MARK: - Equations

    private static func collectEquations(in element: XMLElement, into equations: inout [String]) {
        for child in element.elements() {
            if isMath(child), child.name == "oMath" {
                equations.append(equation(child))
            } else {
                collectEquations(in: child, into: &equations)
            }
        }
    }

    private static func equation(_ oMath: XMLElement) -> String {
        let pieces = children(of: oMath, Context(lineBreaks: true))
        var lines: [[OMMLPiece]] = [[]]
        for piece in pieces {
            if piece.shape == .lineBreak { lines.append([]) } else { lines[lines.count - 1].append(piece) }
        }
        func withoutAlignment(_ line: [OMMLPiece]) -> [OMMLPiece] { line.filter { $0.shape != .alignment } }
        lines.removeAll { OMMLLaTeX.group(withoutAlignment($0)).isEmpty }
        guard lines.count > 1 else { return OMMLLaTeX.group(withoutAlignment(lines.first ?? [])).text }
        let aligned = lines.contains { line in line.contains { $0.shape == .alignment } }
        let rows = lines.map { OMMLLaTeX.group(aligned ? $0 : withoutAlignment($0)).text }
        return environment(aligned ? "aligned" : "gathered", rows: rows)
    }

    private static func environment(_ name: String, rows: [String]) -> String {
        "\\begin{\(name)}" + rows.joined(separator: "\\\\") + "\\end{\(name)}"
    }

    // MARK: - Dispatch

    static func isMath(_ element: XMLElement) -> Bool {
        element.namespace == namespace || element.namespace == strictNamespace
    }

    /// The pieces of every child element, in order.
    private static func children(of element: XMLElement, _ context: Context) -> [OMMLPiece] {
        var pieces: [OMMLPiece] = []
        for child in element.elements() {
            pieces += convert(child, context)
        }
        return pieces
    }

    private static func convert(_ element: XMLElement, _ context: Context) -> [OMMLPiece] {
        guard isMath(element) else { return foreign(element, context) }
        switch element.name {
        case "r": return run(element, context)
        case "f": return [fraction(element)]
        case "sSup", "sSub", "sSubSup": return [scripts(element, context)]
        case "sPre": return [prescripts(element)]
        case "rad": return [radical(element)]
        case "nary": return [nary(element)]
        case "d": return [delimiter(element)]
        case "m": return [matrix(element)]
        case "eqArr": return [equationArray(element, environment: nil)]
        case "acc": return [accent(element)]
        case "bar": return [bar(element)]
        case "groupChr": return [groupCharacter(element)]
        case "borderBox": return [borderBox(element)]
        case "func": return [function(element)]
        case "limLow", "limUpp": return [limit(element)]
        case "phant": return phantom(element, context)
        default:
            // m:box only groups; property elements (…Pr) carry no content.
            if element.name.hasSuffix("Pr") { return [] }
            return children(of: element, context)
        }
    }

    /// WordprocessingML and markup-compatibility wrappers that can appear
    /// inside math: tracked insertions, content controls, plain runs.
    private static func foreign(_ element: XMLElement, _ context: Context) -> [OMMLPiece] {
        switch element.name {
        case "r":
            return run(element, context)
        case "del", "moveFrom", "rPr", "pPr", "sdtPr", "sdtEndPr", "instrText", "delText", "Fallback":
            return []
        case "AlternateContent":
            guard let choice = element.elements("Choice").first else { return [] }
            return children(of: choice, context)
        default:
            return children(of: element, context)
        }
    }

    // MARK: - Runs

    private static func run(_ element: XMLElement, _ context: Context) -> [OMMLPiece] {
        var text = ""
        var properties: XMLElement?
        for child in element.elements() {
            switch child.name {
            case "rPr" where isMath(child): properties = child
            case "t": text += child.textContent
            case "tab", "br", "cr": text += " "
            default: break
            }
        }
        var pieces: [OMMLPiece] = []
        if context.lineBreaks, let properties {
            if flag(properties, "brk") == true { pieces.append(.lineBreak) }
            if flag(properties, "aln") == true { pieces.append(.alignment) }
        }
        // A run outside the math vocabulary (w:r) is ordinary text too.
        if !isMath(element) || (properties.flatMap { flag($0, "nor") } ?? false) {
            if !text.isEmpty { pieces.append(OMMLPiece(text: OMMLLaTeX.escapeText(text), shape: .text)) }
            return pieces
        }
        let style = OMMLRunText.Style(script: properties.flatMap { value($0, "scr") },
                                      style: properties.flatMap { value($0, "sty") })
        pieces += OMMLRunText.pieces(text, style: style, alignment: context.alignment,
                                     functionName: context.functionName)
        return pieces
    }

    // MARK: - Structures

    private static func fraction(_ element: XMLElement) -> OMMLPiece {
        let numerator = argument(element, "num")
        let denominator = argument(element, "den")
        switch property(element, "fPr", "type") {
        case "noBar":
            return OMMLPiece(text: "\\genfrac{}{}{0pt}{}{\(numerator.text)}{\(denominator.text)}", shape: .atom)
        case "lin":
            return OMMLPiece(text: OMMLLaTeX.base(numerator) + "/" + OMMLLaTeX.base(denominator), shape: .compound)
        case "skw":
            let text = "{}^" + OMMLLaTeX.argument(numerator) + "/_" + OMMLLaTeX.argument(denominator)
            return OMMLPiece(text: text, shape: .compound)
        default:
            return OMMLPiece(text: "\\frac{\(numerator.text)}{\(denominator.text)}", shape: .atom)
        }
    }

    private static func scripts(_ element: XMLElement, _ context: Context) -> OMMLPiece {
        let base = argument(element, "e", context.base)
        let sub = element.name == "sSup" ? .empty : argument(element, "sub")
        let sup = element.name == "sSub" ? .empty : argument(element, "sup")
        return OMMLLaTeX.scripted(base, sub: sub, sup: sup)
    }

    private static func prescripts(_ element: XMLElement) -> OMMLPiece {
        let base = argument(element, "e")
        let scripts = OMMLLaTeX.scripted(.empty, sub: argument(element, "sub"), sup: argument(element, "sup"))
        if scripts.isEmpty { return base }
        return OMMLPiece(text: OMMLLaTeX.join(scripts.text, base.text), shape: .compound)
    }

    private static func radical(_ element: XMLElement) -> OMMLPiece {
        let radicand = argument(element, "e").text
        let degree = flag(element, "radPr", "degHide") == true ? .empty : argument(element, "deg")
        if degree.isEmpty { return OMMLPiece(text: "\\sqrt{\(radicand)}", shape: .atom) }
        // A `]` in the index would end the optional argument early.
        let index = degree.text.contains("]") ? "{\(degree.text)}" : degree.text
        return OMMLPiece(text: "\\sqrt[\(index)]{\(radicand)}", shape: .atom)
    }

    private static func nary(_ element: XMLElement) -> OMMLPiece {
        let character = property(element, "naryPr", "chr") ?? "∫"
        let known = OMMLSymbols.naryOperators[character]
        var command = known?.command ?? "\\mathop{\(symbol(character))}"
        let integral = known?.integral ?? false
        let sub = flag(element, "naryPr", "subHide") == true ? .empty : argument(element, "sub")
        let sup = flag(element, "naryPr", "supHide") == true ? .empty : argument(element, "sup")
        if !sub.isEmpty || !sup.isEmpty {
            // Only where Word's placement differs from LaTeX's habit for the sign.
            switch property(element, "naryPr", "limLoc") {
            case "undOvr" where integral: command += "\\limits"
            case "subSup" where !integral: command += "\\nolimits"
            default: break
            }
        }
        let sign = OMMLLaTeX.scripted(OMMLPiece(text: command, shape: .symbol), sub: sub, sup: sup)
        let body = argument(element, "e")
        return OMMLPiece(text: OMMLLaTeX.join(sign.text, body.text), shape: .compound)
    }

    private static func delimiter(_ element: XMLElement) -> OMMLPiece {
        let begin = property(element, "dPr", "begChr") ?? "("
        let end = property(element, "dPr", "endChr") ?? ")"
        let separator = property(element, "dPr", "sepChr") ?? "|"
        let items = element.elements().filter { isMath($0) && $0.name == "e" }

        if items.count == 1, let only = soleElement(items[0]) {
            if begin == "(", end == ")", only.name == "f", property(only, "fPr", "type") == "noBar" {
                let top = argument(only, "num").text, bottom = argument(only, "den").text
                return OMMLPiece(text: "\\binom{\(top)}{\(bottom)}", shape: .atom)
            }
            if only.name == "m", let name = OMMLSymbols.matrixEnvironment(begin: begin, end: end) {
                return matrix(only, environment: name)
            }
            if begin == "{", end.isEmpty, only.name == "eqArr" {
                return equationArray(only, environment: "cases")
            }
        }

        let separatorText = symbol(separator)
        var content = ""
        for (index, item) in items.enumerated() {
            if index > 0 { content = OMMLLaTeX.join(content, separatorText) }
            content = OMMLLaTeX.join(content, group(item, .argument).text)
        }
        // `\left`/`\right` only take delimiters LaTeX can stretch (`.` for
        // none); others, and delimiters Word does not grow, stay as written.
        guard flag(element, "dPr", "grow") != false, let open = OMMLSymbols.delimiter(begin),
              let close = OMMLSymbols.delimiter(end) else {
            let open = OMMLSymbols.delimiter(begin).map { $0 == "." ? "" : $0 } ?? symbol(begin)
            let close = OMMLSymbols.delimiter(end).map { $0 == "." ? "" : $0 } ?? symbol(end)
            return OMMLPiece(text: OMMLLaTeX.join(OMMLLaTeX.join(open, content), close), shape: .compound)
        }
        return OMMLPiece(text: OMMLLaTeX.join(OMMLLaTeX.join("\\left" + open, content), "\\right" + close), shape: .atom)
    }

    private static func matrix(_ element: XMLElement, environment name: String = "matrix") -> OMMLPiece {
        let rows = element.elements().filter { isMath($0) && $0.name == "mr" }.map { row in
            row.elements().filter { isMath($0) && $0.name == "e" }.map { group($0, .argument).text }
                .joined(separator: "&")
        }
        return OMMLPiece(text: environment(name, rows: rows), shape: .atom)
    }

    /// Rows of `m:eqArr`; `&` in their runs marks where they align. Without
    /// alignment points Word centres the rows, as `gathered` does.
    private static func equationArray(_ element: XMLElement, environment name: String?) -> OMMLPiece {
        let rows = element.elements().filter { isMath($0) && $0.name == "e" }.map {
            children(of: $0, Context(alignment: true))
        }
        let aligned = rows.contains { row in row.contains { $0.shape == .alignment } }
        let name = name ?? (aligned ? "aligned" : "gathered")
        return OMMLPiece(text: environment(name, rows: rows.map { OMMLLaTeX.group($0).text }), shape: .atom)
    }

    private static func accent(_ element: XMLElement) -> OMMLPiece {
        let character = property(element, "accPr", "chr") ?? "\u{0302}"
        let base = argument(element, "e")
        if character.isEmpty { return base }
        if let accent = OMMLSymbols.accents[character] {
            let command = OMMLLaTeX.isOneCharacter(base) ? accent.narrow : accent.wide
            return OMMLPiece(text: "\(command){\(base.text)}", shape: .atom)
        }
        return OMMLPiece(text: "\\overset{\(symbol(character))}{\(base.text)}", shape: .atom)
    }

    private static func bar(_ element: XMLElement) -> OMMLPiece {
        // The position defaults to the bottom.
        let command = property(element, "barPr", "pos") == "top" ? "\\overline" : "\\underline"
        return OMMLPiece(text: "\(command){\(argument(element, "e").text)}", shape: .atom)
    }

    private static func groupCharacter(_ element: XMLElement) -> OMMLPiece {
        let character = property(element, "groupChrPr", "chr") ?? "\u{23DF}"
        let top = property(element, "groupChrPr", "pos") == "top"
        let base = argument(element, "e")
        let command: String
        switch character {
        case "\u{23DF}", "\u{FE38}": command = "\\underbrace"
        case "\u{23DE}", "\u{FE37}": command = "\\overbrace"
        case "→", "⟶": command = top ? "\\overrightarrow" : "\\underrightarrow"
        case "←", "⟵": command = top ? "\\overleftarrow" : "\\underleftarrow"
        case "↔", "⟷": command = top ? "\\overleftrightarrow" : "\\underleftrightarrow"
        case "": return base
        default:
            let stack = top ? "\\overset" : "\\underset"
            return OMMLPiece(text: "\(stack){\(symbol(character))}{\(base.text)}", shape: .atom)
        }
        return OMMLPiece(text: "\(command){\(base.text)}", shape: .atom)
    }

    private static func borderBox(_ element: XMLElement) -> OMMLPiece {
        let content = argument(element, "e").text
        let hidden = ["hideTop", "hideBot", "hideLeft", "hideRight"].allSatisfy {
            flag(element, "borderBoxPr", $0) == true
        }
        guard hidden else { return OMMLPiece(text: "\\boxed{\(content)}", shape: .atom) }
        // Without borders, what is left is the strike-through lines.
        let rising = flag(element, "borderBoxPr", "strikeBLTR") == true
        let falling = flag(element, "borderBoxPr", "strikeTLBR") == true
        switch (rising, falling) {
        case (true, true): return OMMLPiece(text: "\\xcancel{\(content)}", shape: .atom)
        case (true, false): return OMMLPiece(text: "\\cancel{\(content)}", shape: .atom)
        case (false, true): return OMMLPiece(text: "\\bcancel{\(content)}", shape: .atom)
        case (false, false): return argument(element, "e")
        }
    }

    private static func function(_ element: XMLElement) -> OMMLPiece {
        let name = argument(element, "fName", Context(functionName: true))
        let body = argument(element, "e")
        return OMMLPiece(text: OMMLLaTeX.join(name.text, body.text), shape: .compound)
    }

    /// `m:limLow`/`m:limUpp`: a subscript or superscript on operators that
    /// take limits (`\lim_{n\to\infty}`, `\underbrace{…}_{…}`), a stacked
    /// expression on anything else.
    private static func limit(_ element: XMLElement) -> OMMLPiece {
        let lower = element.name == "limLow"
        let base = argument(element, "e", Context(functionName: true))
        let limit = argument(element, "lim")
        if limit.isEmpty { return base }
        let script = (lower ? "_" : "^") + OMMLLaTeX.argument(limit)
        let brace = lower ? "\\underbrace{" : "\\overbrace{"
        if base.shape == .atom, base.text.hasPrefix(brace) {
            return OMMLPiece(text: base.text + script, shape: .compound)
        }
        if base.shape == .symbol, OMMLSymbols.limitOperators.contains(base.text) {
            return OMMLPiece(text: base.text + script, shape: .compound)
        }
        let operatorName = "\\operatorname{"
        if base.shape == .atom, base.text.hasPrefix(operatorName) {
            // The starred form takes limits under and over, like \lim.
            let text = "\\operatorname*{" + base.text.dropFirst(operatorName.count) + script
            return OMMLPiece(text: text, shape: .compound)
        }
        let stack = lower ? "\\underset" : "\\overset"
        return OMMLPiece(text: "\(stack){\(limit.text)}{\(base.text)}", shape: .atom)
    }

    /// A shown phantom is its content; a hidden one keeps only its space.
    private static func phantom(_ element: XMLElement, _ context: Context) -> [OMMLPiece] {
        guard flag(element, "phantPr", "show") == false else {
            return element.elements().filter { isMath($0) && $0.name == "e" }.flatMap { children(of: $0, context) }
        }
        let content = argument(element, "e")
        if content.isEmpty { return [] }
        return [OMMLPiece(text: "\\phantom{\(content.text)}", shape: .atom)]
    }

    // MARK: - Helpers

    /// The joined content of the first child `name` (empty when absent).
    private static func argument(_ element: XMLElement, _ name: String, _ context: Context = .argument) -> OMMLPiece {
        guard let child = mathChild(element, name) else { return .empty }
        return group(child, context)
    }

    private static func group(_ element: XMLElement, _ context: Context) -> OMMLPiece {
        OMMLLaTeX.group(children(of: element, context))
    }

    private static func mathChild(_ element: XMLElement, _ name: String) -> XMLElement? {
        element.elements().first { $0.name == name && isMath($0) }
    }

    /// The only content element of an argument, ignoring properties.
    private static func soleElement(_ element: XMLElement) -> XMLElement? {
        let content = element.elements().filter { !(isMath($0) && $0.name.hasSuffix("Pr")) }
        guard content.count == 1, isMath(content[0]) else { return nil }
        return content[0]
    }

    /// The `m:val` of a property element.
    private static func value(_ element: XMLElement, _ name: String) -> String? {
        mathChild(element, name).flatMap { $0.attribute("val") }
    }

    /// `m:val` of `name` inside the properties element `properties`.
    private static func property(_ element: XMLElement, _ properties: String, _ name: String) -> String? {
        mathChild(element, properties).flatMap { value($0, name) }
    }

    /// An on/off property: nil when absent, on when present without a value.
    private static func flag(_ element: XMLElement, _ name: String) -> Bool? {
        guard let child = mathChild(element, name) else { return nil }
        switch child.attribute("val") {
        case "0", "false", "off": return false
        default: return true
        }
    }

    private static func flag(_ element: XMLElement, _ properties: String, _ name: String) -> Bool? {
        mathChild(element, properties).flatMap { flag($0, name) }
    }

    private static func symbol(_ character: String) -> String {
        character.unicodeScalars.map { OMMLSymbols.math[$0] ?? String($0) }.joined()
    }
}
