import Testing
@testable import AnyDocSwift

private let mathNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/math"
private let wordNamespace = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

/// Parses `xml` with the streaming reader, builds the first `element`
/// found and converts it, as the DOCX and PPTX converters do.
private func convertDocument(_ xml: String, element: String = "oMath", namespace: String = mathNamespace) throws -> String {
    let reader = try XMLReader(bytes: Array(xml.utf8), limits: .default)
    while try reader.read() {
        if reader.kind == .startElement, reader.isElement(element, in: namespace) {
            return OMMLConverter.latex(try reader.readElement())
        }
    }
    Issue.record("no <\(element)> in the XML")
    return ""
}

/// Converts `body` wrapped in an `m:oMath` (or `root`) with the usual prefixes.
private func convert(_ body: String, root: String = "oMath") throws -> String {
    let xml = "<m:\(root) xmlns:m=\"\(mathNamespace)\" xmlns:w=\"\(wordNamespace)\">\(body)</m:\(root)>"
    return try convertDocument(xml, element: root)
}

// Small builders so each test reads like the equation it encodes.

private func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        default: result.append(character)
        }
    }
    return result
}

/// A run; `properties` goes into `m:rPr`.
private func r(_ text: String, _ properties: String = "") -> String {
    let rPr = properties.isEmpty ? "" : "<m:rPr>\(properties)</m:rPr>"
    return "<m:r>\(rPr)<m:t xml:space=\"preserve\">\(escaped(text))</m:t></m:r>"
}

private func el(_ name: String, _ content: String...) -> String {
    "<m:\(name)>\(content.joined())</m:\(name)>"
}

/// A property element with an `m:val`.
private func val(_ name: String, _ value: String) -> String {
    "<m:\(name) m:val=\"\(escaped(value))\"/>"
}

private func e(_ content: String...) -> String { el("e", content.joined()) }
private func sSup(_ base: String, _ sup: String) -> String { el("sSup", e(base), el("sup", sup)) }
private func sSub(_ base: String, _ sub: String) -> String { el("sSub", e(base), el("sub", sub)) }
private func frac(_ num: String, _ den: String, type: String? = nil) -> String {
    el("f", type.map { el("fPr", val("type", $0)) } ?? "", el("num", num), el("den", den))
}
private func delim(_ properties: String = "", _ items: String...) -> String {
    el("d", properties.isEmpty ? "" : el("dPr", properties), items.map { e($0) }.joined())
}
private func nary(_ properties: String, sub: String = "", sup: String = "", _ body: String) -> String {
    el("nary", el("naryPr", properties), el("sub", sub), el("sup", sup), e(body))
}
private let plain = val("sty", "p")

@Suite struct OMMLConverterTests {
    // MARK: Runs and symbols

    @Test func runsJoinAndMapSymbols() throws {
        #expect(try convert(r("A=πr")) == #"A=\pi r"#)
        #expect(try convert(r("E=m") + r("c")) == "E=mc")
        #expect(try convert(r("a  +  b ")) == "a + b")
        // A space between words is visible in Word, so it stays visible.
        #expect(try convert(r("group with braces")) == #"group\ with\ braces"#)
    }

    @Test func separatesControlWordsFromLetters() throws {
        #expect(try convert(r("αx+β")) == #"\alpha x+\beta"#)
        #expect(try convert(r("∀x∈A")) == #"\forall x\in A"#)
        #expect(try convert(r("2π")) == #"2\pi"#)
    }

    @Test func escapesLaTeXSpecialCharacters() throws {
        // `##` delimiters, since `\#` inside `#"…"#` would be an escape.
        #expect(try convert(r(##"{}#%&_$\"##)) == ##"\{\}\#\%\&\_\$\backslash"##)
    }

    @Test func mapsGreekLetters() throws {
        #expect(try convert(r("αβγδεζηθικλμνξοπρστυφχψω")) ==
            #"\alpha\beta\gamma\delta\varepsilon\zeta\eta\theta\iota\kappa\lambda\mu\nu\xi o\pi\rho\sigma\tau\upsilon\varphi\chi\psi\omega"#)
        #expect(try convert(r("ΓΔΘΛΞΠΣΥΦΨΩ")) == #"\Gamma\Delta\Theta\Lambda\Xi\Pi\Sigma\Upsilon\Phi\Psi\Omega"#)
        #expect(try convert(r("ΑΒ")) == "AB")
        #expect(try convert(r("ϵϕϑ")) == #"\epsilon\phi\vartheta"#)
    }

    @Test func mapsMathSymbols() throws {
        let cases: [(String, String)] = [
            ("∞", #"\infty"#), ("±", #"\pm"#), ("∓", #"\mp"#), ("×", #"\times"#), ("÷", #"\div"#),
            ("·", #"\cdot"#), ("≤", #"\leq"#), ("≥", #"\geq"#), ("≠", #"\neq"#), ("≈", #"\approx"#),
            ("≡", #"\equiv"#), ("∝", #"\propto"#), ("∈", #"\in"#), ("∉", #"\notin"#), ("⊂", #"\subset"#),
            ("⊆", #"\subseteq"#), ("∪", #"\cup"#), ("∩", #"\cap"#), ("∀", #"\forall"#), ("∃", #"\exists"#),
            ("∂", #"\partial"#), ("∇", #"\nabla"#), ("→", #"\to"#), ("←", #"\leftarrow"#),
            ("↔", #"\leftrightarrow"#), ("⇒", #"\Rightarrow"#), ("⇔", #"\Leftrightarrow"#),
            ("…", #"\ldots"#), ("⋯", #"\cdots"#), ("−", "-"), ("′", "'"),
        ]
        for (symbol, expected) in cases {
            #expect(try convert(r(symbol)) == expected, "\(symbol)")
        }
        #expect(try convert(r("x\u{2061}y")) == "xy")
        #expect(try convert(r("a\u{2003}b\u{2009}c")) == #"a\quad b\,c"#)
        #expect(try convert(r("x\u{0302}+y")) == #"\hat{x}+y"#)
    }

    @Test func primes() throws {
        #expect(try convert(r("f′(x)")) == "f'(x)")
        #expect(try convert(sSup(r("f"), r("′′"))) == "f''")
    }

    @Test func styledUnicodeLetters() throws {
        #expect(try convert(r("𝐱+ℝ")) == #"\mathbf{x}+\mathbb{R}"#)
        #expect(try convert(r("𝑥𝑦")) == "xy")
        #expect(try convert(r("𝔸𝔹")) == #"\mathbb{AB}"#)
    }

    @Test func plainStyleWordsAreUpright() throws {
        #expect(try convert(r("speed", plain)) == #"\mathrm{speed}"#)
        #expect(try convert(r("max", plain)) == #"\max"#)
        #expect(try convert(r("d", plain) + r("x")) == "dx")
        #expect(try convert(r("= A × B", plain)) == #"= A \times B"#)
        // Italic (the default) multi-letter text is a product of variables.
        #expect(try convert(r("abc")) == "abc")
    }

    @Test func scriptAndBoldStyles() throws {
        #expect(try convert(r("R", val("scr", "double-struck"))) == #"\mathbb{R}"#)
        #expect(try convert(r("L", val("scr", "script"))) == #"\mathcal{L}"#)
        #expect(try convert(r("g", val("scr", "fraktur"))) == #"\mathfrak{g}"#)
        #expect(try convert(r("v", val("sty", "b")) + r("=0")) == #"\mathbf{v}=0"#)
    }

    @Test func normalTextRuns() throws {
        #expect(try convert(r("if ", "<m:nor/>") + r("x>0", "<m:nor/>")) == #"\text{if x>0}"#)
        #expect(try convert(r("x=") + r("50%", "<m:nor/>")) == #"x=\text{50\%}"#)
    }

    @Test func ignoresWordRunProperties() throws {
        let run = #"<m:r><w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/><w:b/><w:i/></w:rPr><m:t>x</m:t></m:r>"#
        #expect(try convert(run) == "x")
    }

    // MARK: Fractions

    @Test func barFraction() throws {
        #expect(try convert(frac(r("a"), r("b"))) == #"\frac{a}{b}"#)
        #expect(try convert(frac(r("a+1"), r("2b"), type: "bar")) == #"\frac{a+1}{2b}"#)
    }

    @Test func otherFractionTypes() throws {
        #expect(try convert(frac(r("n"), r("k"), type: "noBar")) == #"\genfrac{}{}{0pt}{}{n}{k}"#)
        #expect(try convert(frac(r("a"), r("b+c"), type: "lin")) == "a/{b+c}")
        #expect(try convert(frac(r("a"), r("b"), type: "skw")) == "{}^a/_b")
    }

    // MARK: Scripts

    @Test func superscripts() throws {
        #expect(try convert(sSup(r("x"), r("2"))) == "x^2")
        #expect(try convert(sSup(r("x"), r("10"))) == "x^{10}")
        #expect(try convert(sSup(r("x"), r("n+1"))) == "x^{n+1}")
        #expect(try convert(sSup(r("e"), r("α"))) == #"e^{\alpha}"#)
    }

    @Test func subscripts() throws {
        #expect(try convert(sSub(r("a"), r("ij"))) == "a_{ij}")
        #expect(try convert(sSub(r("x"), r("0")) + r("+1")) == "x_0+1")
    }

    @Test func subSuperscript() throws {
        #expect(try convert(el("sSubSup", e(r("x")), el("sub", r("i")), el("sup", r("2")))) == "x_i^2")
        #expect(try convert(el("sSubSup", el("sSubSupPr", "<m:ctrlPr/>"), e(r("N")),
                               el("sub", r("s", "<m:nor/>")), el("sup", r("H", "<m:nor/>")))) == #"N_{\text{s}}^{\text{H}}"#)
    }

    @Test func prescripts() throws {
        #expect(try convert(el("sPre", el("sub", r("1")), el("sup", r("14")), e(r("C")))) == "{}_1^{14}C")
        #expect(try convert(el("sPre", el("sub", r("+")), el("sup"), e(r("τ")))) == #"{}_{+}\tau"#)
    }

    @Test func scriptBasesAreBracedWhenCompound() throws {
        #expect(try convert(sSup(r("ab"), r("2"))) == "{ab}^2")
        #expect(try convert(sSup(sSub(r("x"), r("1")), r("2"))) == "{x_1}^2")
        #expect(try convert(sSup(r("10"), r("3"))) == "10^3")
        #expect(try convert(sSup("", r("2"))) == "{}^2")
        #expect(try convert(sSup(delim("", r("x+1")), r("2"))) == #"\left(x+1\right)^2"#)
        #expect(try convert(sSup(r("x"), r("2")) + r("3")) == "x^2 3")
    }

    // MARK: Radicals

    @Test func radicals() throws {
        let hidden = el("radPr", val("degHide", "1"))
        #expect(try convert(el("rad", hidden, el("deg"), e(r("x")))) == #"\sqrt{x}"#)
        #expect(try convert(el("rad", el("radPr", "<m:degHide/>"), e(r("x+1")))) == #"\sqrt{x+1}"#)
        #expect(try convert(el("rad", el("deg", r("3")), e(r("x")))) == #"\sqrt[3]{x}"#)
        #expect(try convert(el("rad", el("deg"), e(r("2")))) == #"\sqrt{2}"#)
    }

    // MARK: N-ary operators

    @Test func naryOperators() throws {
        #expect(try convert(nary(val("chr", "∑"), sub: r("i=1"), sup: r("n"), r("i"))) == #"\sum_{i=1}^n i"#)
        let cases: [(String, String)] = [
            ("∏", #"\prod"#), ("∐", #"\coprod"#), ("⋃", #"\bigcup"#), ("⋂", #"\bigcap"#), ("∬", #"\iint"#),
            ("∭", #"\iiint"#), ("∮", #"\oint"#), ("⋁", #"\bigvee"#), ("⋀", #"\bigwedge"#),
        ]
        for (character, command) in cases {
            #expect(try convert(nary(val("chr", character), sub: r("k"), r("A"))) == command + "_k A", "\(character)")
        }
    }

    @Test func naryDefaultsToIntegral() throws {
        #expect(try convert(nary("", sub: r("0"), sup: r("1"), r("f(x)dx"))) == #"\int_0^1 f(x)dx"#)
        #expect(try convert(el("nary", e(r("x")))) == #"\int x"#)
    }

    @Test func naryLimitLocation() throws {
        #expect(try convert(nary(val("limLoc", "undOvr"), sub: r("0"), sup: r("1"), r("x"))) == #"\int\limits_0^1 x"#)
        #expect(try convert(nary(val("chr", "∑") + val("limLoc", "subSup"), sub: r("i"), r("x"))) ==
            #"\sum\nolimits_i x"#)
        // Placements LaTeX uses anyway need no marker.
        #expect(try convert(nary(val("chr", "∑") + val("limLoc", "undOvr"), sub: r("i"), r("x"))) == #"\sum_i x"#)
    }

    @Test func naryHiddenLimits() throws {
        let hidden = val("chr", "∮") + val("subHide", "1") + val("supHide", "1")
        #expect(try convert(nary(hidden, r("F"))) == #"\oint F"#)
        #expect(try convert(nary(val("supHide", "on"), sub: r("C"), sup: r("ignored"), r("F"))) == #"\int_C F"#)
    }

    // MARK: Delimiters

    @Test func delimiterDefaults() throws {
        #expect(try convert(r("f") + delim("", r("x"))) == #"f\left(x\right)"#)
        #expect(try convert(delim("", r("a"), r("b"))) == #"\left(a|b\right)"#)
    }

    @Test func delimiterCharacters() throws {
        #expect(try convert(delim(val("begChr", "[") + val("endChr", "]"), r("x"))) == #"\left[x\right]"#)
        #expect(try convert(delim(val("begChr", "{") + val("endChr", "}"), r("x"))) == #"\left\{x\right\}"#)
        #expect(try convert(delim(val("begChr", "|") + val("endChr", "|"), r("x"))) == #"\left|x\right|"#)
        #expect(try convert(delim(val("begChr", "⟨") + val("endChr", "⟩"), r("x"))) == #"\left\langle x\right\rangle"#)
        #expect(try convert(delim(val("begChr", "⌊") + val("endChr", "⌋"), r("x"))) == #"\left\lfloor x\right\rfloor"#)
        #expect(try convert(delim(val("sepChr", ","), r("a"), r("b"))) == #"\left(a,b\right)"#)
        #expect(try convert(delim(val("sepChr", "&"), r("a"), r("b"))) == #"\left(a\&b\right)"#)
    }

    @Test func emptyDelimitersBecomeDots() throws {
        #expect(try convert(delim(val("begChr", "") + val("endChr", "|"), r("x"))) == #"\left.x\right|"#)
        #expect(try convert(delim(val("begChr", "{") + val("endChr", ""), r("x"))) == #"\left\{x\right."#)
    }

    @Test func nonGrowingDelimiters() throws {
        #expect(try convert(delim(val("grow", "0"), r("x"))) == "(x)")
        #expect(try convert(delim(val("grow", "0") + val("begChr", "{") + val("endChr", ""), r("x"))) == #"\{x"#)
        // LaTeX cannot stretch these, so they are written as they are.
        #expect(try convert(delim(val("begChr", "⟦") + val("endChr", "⟧"), r("x"))) == "⟦x⟧")
    }

    @Test func binomialFromBarlessFractionInParentheses() throws {
        #expect(try convert(delim("", frac(r("n"), r("k"), type: "noBar"))) == #"\binom{n}{k}"#)
    }

    // MARK: Matrices and equation arrays

    @Test func matrix() throws {
        let matrix = el("m", el("mPr", el("mcs", el("mc", el("mcPr", val("count", "2") + val("mcJc", "center"))))),
                        el("mr", e(r("a")), e(r("b"))), el("mr", e(r("c")), e(frac(r("1"), r("2")))))
        #expect(try convert(matrix) == #"\begin{matrix}a&b\\c&\frac{1}{2}\end{matrix}"#)
        #expect(try convert(delim("", matrix)) == #"\begin{pmatrix}a&b\\c&\frac{1}{2}\end{pmatrix}"#)
        #expect(try convert(delim(val("begChr", "[") + val("endChr", "]"), matrix)) ==
            #"\begin{bmatrix}a&b\\c&\frac{1}{2}\end{bmatrix}"#)
        #expect(try convert(delim(val("begChr", "|") + val("endChr", "|"), matrix)) ==
            #"\begin{vmatrix}a&b\\c&\frac{1}{2}\end{vmatrix}"#)
    }

    @Test func equationArray() throws {
        let array = el("eqArr", e(r("x&=1")), e(r("y&=") + frac(r("1"), r("2"))))
        #expect(try convert(array) == #"\begin{aligned}x&=1\\y&=\frac{1}{2}\end{aligned}"#)
        // An ampersand nested deeper is a character, not an alignment point.
        #expect(try convert(el("eqArr", e(delim("", r("a&b"))))) == #"\begin{gathered}\left(a\&b\right)\end{gathered}"#)
        // Without alignment points the rows are centred.
        #expect(try convert(el("eqArr", e(r("a+b=c")), e(r("x=1")))) == #"\begin{gathered}a+b=c\\x=1\end{gathered}"#)
    }

    @Test func casesFromBraceAndEquationArray() throws {
        let array = el("eqArr", e(r("1,&x>0")), e(r("0,&x≤0")))
        #expect(try convert(r("f(x)=") + delim(val("begChr", "{") + val("endChr", ""), array)) ==
            #"f(x)=\begin{cases}1,&x>0\\0,&x\leq0\end{cases}"#)
    }

    // MARK: Accents, bars, group characters, boxes

    @Test func accents() throws {
        let cases: [(String, String)] = [
            ("\u{0302}", #"\hat"#), ("\u{0303}", #"\tilde"#), ("\u{0304}", #"\bar"#), ("\u{20D7}", #"\vec"#),
            ("\u{0307}", #"\dot"#), ("\u{0308}", #"\ddot"#), ("\u{030C}", #"\check"#), ("\u{0301}", #"\acute"#),
            ("\u{0300}", #"\grave"#), ("\u{0306}", #"\breve"#),
        ]
        for (character, command) in cases {
            #expect(try convert(el("acc", el("accPr", val("chr", character)), e(r("a")))) == command + "{a}",
                    "\(command)")
        }
        #expect(try convert(el("acc", e(r("a")))) == #"\hat{a}"#)
        #expect(try convert(el("acc", e(r("θ")))) == #"\hat{\theta}"#)
    }

    @Test func accentsOverLongerBasesStretch() throws {
        #expect(try convert(el("acc", e(r("xy")))) == #"\widehat{xy}"#)
        #expect(try convert(el("acc", el("accPr", val("chr", "\u{20D7}")), e(r("AB")))) == #"\overrightarrow{AB}"#)
        #expect(try convert(el("acc", el("accPr", val("chr", "\u{20D7}")), e(r("v", val("sty", "b"))))) ==
            #"\vec{\mathbf{v}}"#)
    }

    @Test func bars() throws {
        #expect(try convert(el("bar", el("barPr", val("pos", "top")), e(r("z")))) == #"\overline{z}"#)
        #expect(try convert(el("bar", el("barPr", val("pos", "bot")), e(r("z")))) == #"\underline{z}"#)
        #expect(try convert(el("bar", e(r("z")))) == #"\underline{z}"#)
    }

    @Test func groupCharacters() throws {
        #expect(try convert(el("groupChr", e(r("a+b")))) == #"\underbrace{a+b}"#)
        let over = el("groupChr", el("groupChrPr", val("chr", "\u{23DE}") + val("pos", "top") + val("vertJc", "bot")),
                      e(r("a+b")))
        #expect(try convert(over) == #"\overbrace{a+b}"#)
        #expect(try convert(el("groupChr", el("groupChrPr", val("chr", "→") + val("pos", "top")), e(r("AB")))) ==
            #"\overrightarrow{AB}"#)
    }

    @Test func bracesWithLabels() throws {
        let under = el("limLow", e(el("groupChr", e(r("a+⋯+a")))), el("lim", r("n times", "<m:nor/>")))
        #expect(try convert(under) == #"\underbrace{a+\cdots+a}_{\text{n times}}"#)
        let overBrace = el("groupChr", el("groupChrPr", val("chr", "\u{23DE}") + val("pos", "top")), e(r("x+y")))
        #expect(try convert(el("limUpp", e(overBrace), el("lim", r("k")))) == #"\overbrace{x+y}^k"#)
    }

    @Test func boxes() throws {
        #expect(try convert(r("x") + el("box", el("boxPr", val("diff", "1")), e(r("dx")))) == "xdx")
        #expect(try convert(el("borderBox", e(r("E=m") + sSup(r("c"), r("2"))))) == #"\boxed{E=mc^2}"#)
        let struck = ["hideTop", "hideBot", "hideLeft", "hideRight", "strikeBLTR"].map { val($0, "1") }.joined()
        #expect(try convert(el("borderBox", el("borderBoxPr", struck), e(r("x")))) == #"\cancel{x}"#)
    }

    // MARK: Functions and limits

    @Test func knownFunctions() throws {
        #expect(try convert(el("func", el("fName", r("sin", plain)), e(r("x")))) == #"\sin x"#)
        #expect(try convert(el("func", el("fName", r("cos", plain)), e(frac(r("π"), r("2"))))) == #"\cos\frac{\pi}{2}"#)
        for name in ["tan", "log", "ln", "exp", "det", "min"] {
            #expect(try convert(el("func", el("fName", r(name, plain)), e(r("x")))) == "\\\(name) x")
        }
        // Function names are upright whatever their run style says.
        #expect(try convert(el("func", el("fName", r("log")), e(r("y")))) == #"\log y"#)
    }

    @Test func unknownFunctionNames() throws {
        #expect(try convert(el("func", el("fName", r("sech", plain)), e(r("x")))) == #"\operatorname{sech}x"#)
    }

    @Test func functionWithScriptedName() throws {
        let name = el("fName", sSup(r("sin", plain), r("2")))
        #expect(try convert(el("func", name, e(r("θ")))) == #"\sin^2\theta"#)
    }

    @Test func limits() throws {
        let limit = el("limLow", e(r("lim", plain)), el("lim", r("n→∞")))
        #expect(try convert(el("func", el("fName", limit), e(frac(r("1"), r("n"))))) == #"\lim_{n\to\infty}\frac{1}{n}"#)
        #expect(try convert(limit) == #"\lim_{n\to\infty}"#)
        let argmax = el("limLow", e(r("argmax", plain)), el("lim", r("x")))
        #expect(try convert(el("func", el("fName", argmax), e(r("f")))) == #"\operatorname*{argmax}_x f"#)
    }

    @Test func stackedLimits() throws {
        #expect(try convert(el("limLow", e(r("x")), el("lim", r("→")))) == #"\underset{\to}{x}"#)
        #expect(try convert(el("limUpp", e(r("=")), el("lim", r("def", "<m:nor/>")))) == #"\overset{\text{def}}{=}"#)
        #expect(try convert(el("limUpp", e(r("A")), el("lim"))) == "A")
    }

    @Test func phantoms() throws {
        #expect(try convert(r("a") + el("phant", e(r("b")))) == "ab")
        #expect(try convert(r("a") + el("phant", el("phantPr", val("show", "0")), e(r("b")))) == #"a\phantom{b}"#)
    }

    // MARK: Nesting and whole equations

    @Test func nestedStructures() throws {
        let inner = el("rad", el("radPr", val("degHide", "1")), e(sSup(r("x"), r("2")) + r("+1")))
        #expect(try convert(frac(inner, sSup(r("e"), sSup(r("x"), r("2"))))) == #"\frac{\sqrt{x^2+1}}{e^{x^2}}"#)
    }

    @Test func quadraticFormula() throws {
        let discriminant = el("rad", el("radPr", val("degHide", "1")), el("deg"), e(sSup(r("b"), r("2")) + r("−4ac")))
        let formula = r("x=") + frac(r("−b±") + discriminant, r("2a"))
        #expect(try convert(formula) == #"x=\frac{-b\pm\sqrt{b^2-4ac}}{2a}"#)
    }

    @Test func fourierSeries() throws {
        let term = { (coefficient: String, function: String) in
            sSub(r(coefficient), r("n")) + el("func", el("fName", r(function, plain)), e(frac(r("nπx"), r("L"))))
        }
        let sum = nary(val("chr", "∑"), sub: r("n=1"), sup: r("∞"), delim("", term("a", "cos") + r("+") + term("b", "sin")))
        let equation = r("f") + delim("", r("x")) + r("=") + sSub(r("a"), r("0")) + r("+") + sum
        #expect(try convert(equation) ==
            #"f\left(x\right)=a_0+\sum_{n=1}^{\infty}\left(a_n\cos\frac{n\pi x}{L}+b_n\sin\frac{n\pi x}{L}\right)"#)
    }

    @Test func manualLineBreaks() throws {
        let broken = r("a=b+c") + r("=d", "<m:brk/>")
        #expect(try convert(broken) == #"\begin{gathered}a=b+c\\=d\end{gathered}"#)
        let aligned = r("a") + r("=b+c", "<m:aln/>") + r("=d", "<m:brk/><m:aln/>")
        #expect(try convert(aligned) == #"\begin{aligned}a&=b+c\\&=d\end{aligned}"#)
    }

    @Test func trackedChangesInsideMath() throws {
        let body = "<w:ins w:id=\"1\" w:author=\"A\">" + r("x") + "</w:ins><w:del w:id=\"2\" w:author=\"A\">" + r("y") + "</w:del>"
        #expect(try convert(body + r("+1")) == "x+1")
    }

    // MARK: Paragraphs, prefixes and namespaces

    @Test func mathParagraphWithOneEquation() throws {
        let xml = "<m:oMathPara xmlns:m=\"\(mathNamespace)\">" + el("oMathParaPr", val("jc", "center"))
            + el("oMath", sSup(r("e"), r("x"))) + "</m:oMathPara>"
        #expect(try convertDocument(xml, element: "oMathPara") == "e^x")
    }

    @Test func mathParagraphWithSeveralEquationsGathers() throws {
        let body = el("oMath", r("a=1")) + el("oMath", r("b=2"))
        #expect(try convert(body, root: "oMathPara") == #"\begin{gathered}a=1\\b=2\end{gathered}"#)
    }

    @Test func matchesByNamespaceNotPrefix() throws {
        let xml = """
        <doc xmlns:om="\(mathNamespace)"><om:oMath><om:sSup><om:e><om:r><om:t>x</om:t></om:r></om:e>\
        <om:sup><om:r><om:t>2</om:t></om:r></om:sup></om:sSup></om:oMath></doc>
        """
        #expect(try convertDocument(xml) == "x^2")
        let unprefixed = "<oMath xmlns=\"\(mathNamespace)\"><f><num><r><t>1</t></r></num><den><r><t>2</t></r></den></f></oMath>"
        #expect(try convertDocument(unprefixed) == #"\frac{1}{2}"#)
        // Same local names in another namespace are not math.
        let foreign = "<m:oMath xmlns:m=\"\(mathNamespace)\" xmlns:x=\"urn:other\"><x:f><m:r><m:t>a</m:t></m:r></x:f></m:oMath>"
        #expect(try convertDocument(foreign) == "a")
    }

    @Test func strictNamespace() throws {
        let strict = "http://purl.oclc.org/ooxml/officeDocument/math"
        let xml = "<m:oMath xmlns:m=\"\(strict)\"><m:rad><m:e><m:r><m:t>x</m:t></m:r></m:e></m:rad></m:oMath>"
        #expect(try convertDocument(xml, namespace: strict) == #"\sqrt{x}"#)
    }

    @Test func emptyArgumentsStillBalance() throws {
        let structures = ["f", "sSup", "sSub", "sSubSup", "sPre", "rad", "nary", "d", "m", "eqArr", "acc", "bar",
                          "groupChr", "box", "borderBox", "func", "limLow", "limUpp", "phant"]
        for name in structures {
            let empty = try convert(el(name))
            let filled = try convert(el(name, e(""), el("num"), el("den"), el("sub"), el("sup"), el("deg"), el("lim"),
                                        el("fName"), el("mr", e(""))))
            for latex in [empty, filled] {
                var depth = 0
                var escaped = false
                for character in latex {
                    if escaped {
                        escaped = false
                        continue
                    }
                    switch character {
                    case "\\": escaped = true
                    case "{": depth += 1
                    case "}": depth -= 1
                    default: break
                    }
                    #expect(depth >= 0, "\(name): \(latex)")
                }
                #expect(depth == 0, "\(name): \(latex)")
            }
        }
    }

    @Test func emptyEquation() throws {
        #expect(try convert("") == "")
        #expect(try convert(r(" ")) == "")
    }
}
