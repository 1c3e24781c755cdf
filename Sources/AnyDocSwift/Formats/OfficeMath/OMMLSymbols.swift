/// Unicode characters found in Office Math and the LaTeX that writes them.
///
/// Commands are the ones MathJax and KaTeX know without extensions, so the
/// Markdown renders wherever `$…$` does.
enum OMMLSymbols {
    /// Characters written as a command (or a plainer character) in math mode.
    static let math: [Unicode.Scalar: String] = [
        // Greek. LaTeX has no commands for capitals that look Latin.
        "α": "\\alpha", "β": "\\beta", "γ": "\\gamma", "δ": "\\delta", "ε": "\\varepsilon",
        "ζ": "\\zeta", "η": "\\eta", "θ": "\\theta", "ι": "\\iota", "κ": "\\kappa",
        "λ": "\\lambda", "μ": "\\mu", "ν": "\\nu", "ξ": "\\xi", "ο": "o", "π": "\\pi",
        "ρ": "\\rho", "ς": "\\varsigma", "σ": "\\sigma", "τ": "\\tau", "υ": "\\upsilon",
        "φ": "\\varphi", "χ": "\\chi", "ψ": "\\psi", "ω": "\\omega",
        "ϑ": "\\vartheta", "ϕ": "\\phi", "ϖ": "\\varpi", "ϱ": "\\varrho", "ϵ": "\\epsilon",
        "ϰ": "\\varkappa", "ϝ": "\\digamma", "µ": "\\mu",
        "Α": "A", "Β": "B", "Γ": "\\Gamma", "Δ": "\\Delta", "Ε": "E", "Ζ": "Z", "Η": "H",
        "Θ": "\\Theta", "Ι": "I", "Κ": "K", "Λ": "\\Lambda", "Μ": "M", "Ν": "N", "Ξ": "\\Xi",
        "Ο": "O", "Π": "\\Pi", "Ρ": "P", "Σ": "\\Sigma", "Τ": "T", "Υ": "\\Upsilon",
        "Φ": "\\Phi", "Χ": "X", "Ψ": "\\Psi", "Ω": "\\Omega", "ϒ": "\\Upsilon", "ϴ": "\\Theta",

        // Letter-like symbols.
        "∞": "\\infty", "ℏ": "\\hbar", "ℓ": "\\ell", "ℵ": "\\aleph", "ℶ": "\\beth",
        "ℷ": "\\gimel", "℘": "\\wp", "ℜ": "\\Re", "ℑ": "\\Im", "∂": "\\partial",
        "∇": "\\nabla", "∅": "\\emptyset", "ı": "\\imath", "ȷ": "\\jmath", "ð": "\\eth",
        "℧": "\\mho", "∁": "\\complement", "Å": "\\mathring{A}",

        // Binary operators.
        "±": "\\pm", "∓": "\\mp", "×": "\\times", "÷": "\\div", "·": "\\cdot", "⋅": "\\cdot",
        "∙": "\\bullet", "•": "\\bullet", "∘": "\\circ", "◦": "\\circ", "∗": "\\ast",
        "⋆": "\\star", "†": "\\dagger", "‡": "\\ddagger", "∪": "\\cup", "∩": "\\cap",
        "⊎": "\\uplus", "⊓": "\\sqcap", "⊔": "\\sqcup", "∧": "\\wedge", "∨": "\\vee",
        "⊕": "\\oplus", "⊖": "\\ominus", "⊗": "\\otimes", "⊘": "\\oslash", "⊙": "\\odot",
        "⊛": "\\circledast", "⊚": "\\circledcirc", "⊞": "\\boxplus", "⊟": "\\boxminus",
        "⊠": "\\boxtimes", "⊡": "\\boxdot", "∖": "\\setminus", "≀": "\\wr", "⊺": "\\intercal",
        "⊻": "\\veebar", "⊼": "\\barwedge", "⋒": "\\Cap", "⋓": "\\Cup", "∔": "\\dotplus",
        "−": "-", "–": "-", "‐": "-", "‑": "-", "∕": "/", "⁄": "/", "∶": ":",
        "¬": "\\neg", "⌐": "\\neg",

        // Relations.
        "≤": "\\leq", "≥": "\\geq", "≦": "\\leqq", "≧": "\\geqq", "⩽": "\\leqslant",
        "⩾": "\\geqslant", "≠": "\\neq", "≈": "\\approx", "≊": "\\approxeq", "≅": "\\cong",
        "≃": "\\simeq", "∼": "\\sim", "∽": "\\backsim", "≡": "\\equiv", "≢": "\\not\\equiv",
        "∝": "\\propto", "≪": "\\ll", "≫": "\\gg", "⋘": "\\lll", "⋙": "\\ggg",
        "≺": "\\prec", "≻": "\\succ", "≼": "\\preccurlyeq", "≽": "\\succcurlyeq",
        "⪯": "\\preceq", "⪰": "\\succeq", "≲": "\\lesssim", "≳": "\\gtrsim",
        "≮": "\\nless", "≯": "\\ngtr", "≰": "\\nleq", "≱": "\\ngeq", "≉": "\\not\\approx",
        "≇": "\\ncong", "≍": "\\asymp", "≐": "\\doteq", "≑": "\\doteqdot", "≗": "\\circeq",
        "≖": "\\eqcirc", "≏": "\\bumpeq", "≎": "\\Bumpeq", "≜": "\\triangleq",
        "≔": ":=", "≕": "=:", "∈": "\\in", "∉": "\\notin", "∋": "\\ni", "∍": "\\ni",
        "∌": "\\not\\ni", "⊂": "\\subset", "⊃": "\\supset", "⊆": "\\subseteq",
        "⊇": "\\supseteq", "⊄": "\\not\\subset", "⊅": "\\not\\supset", "⊈": "\\nsubseteq",
        "⊉": "\\nsupseteq", "⊊": "\\subsetneq", "⊋": "\\supsetneq", "⊏": "\\sqsubset",
        "⊐": "\\sqsupset", "⊑": "\\sqsubseteq", "⊒": "\\sqsupseteq", "∣": "\\mid",
        "∤": "\\nmid", "∥": "\\parallel", "∦": "\\nparallel", "⊥": "\\perp", "⟂": "\\perp",
        "⊢": "\\vdash", "⊣": "\\dashv", "⊨": "\\models", "⊩": "\\Vdash", "⊤": "\\top",
        "⋈": "\\bowtie", "⌣": "\\smile", "⌢": "\\frown", "≬": "\\between", "⋔": "\\pitchfork",
        "⊸": "\\multimap", "∴": "\\therefore", "∵": "\\because",

        // Logic and sets.
        "∀": "\\forall", "∃": "\\exists", "∄": "\\nexists",

        // Arrows.
        "→": "\\to", "←": "\\leftarrow", "↔": "\\leftrightarrow", "⇒": "\\Rightarrow",
        "⇐": "\\Leftarrow", "⇔": "\\Leftrightarrow", "⟶": "\\longrightarrow",
        "⟵": "\\longleftarrow", "⟷": "\\longleftrightarrow", "⟹": "\\Longrightarrow",
        "⟸": "\\Longleftarrow", "⟺": "\\Longleftrightarrow", "↦": "\\mapsto",
        "⟼": "\\longmapsto", "↑": "\\uparrow", "↓": "\\downarrow", "↕": "\\updownarrow",
        "⇑": "\\Uparrow", "⇓": "\\Downarrow", "⇕": "\\Updownarrow", "↗": "\\nearrow",
        "↘": "\\searrow", "↙": "\\swarrow", "↖": "\\nwarrow", "↪": "\\hookrightarrow",
        "↩": "\\hookleftarrow", "⇀": "\\rightharpoonup", "↼": "\\leftharpoonup",
        "⇁": "\\rightharpoondown", "↽": "\\leftharpoondown", "⇌": "\\rightleftharpoons",
        "⇋": "\\leftrightharpoons", "⇄": "\\rightleftarrows", "⇆": "\\leftrightarrows",
        "↠": "\\twoheadrightarrow", "↞": "\\twoheadleftarrow", "⇝": "\\rightsquigarrow",

        // Dots, primes, angles and shapes.
        "…": "\\ldots", "⋯": "\\cdots", "⋮": "\\vdots", "⋱": "\\ddots",
        "′": "'", "″": "''", "‴": "'''", "‵": "\\backprime", "°": "^{\\circ}",
        "∠": "\\angle", "∡": "\\measuredangle", "∢": "\\sphericalangle",
        "△": "\\triangle", "▽": "\\triangledown", "▷": "\\triangleright",
        "◁": "\\triangleleft", "□": "\\square", "■": "\\blacksquare", "∎": "\\blacksquare",
        "◇": "\\Diamond", "⋄": "\\diamond", "◊": "\\lozenge", "○": "\\bigcirc",
        "★": "\\bigstar", "✓": "\\checkmark", "♭": "\\flat", "♮": "\\natural",
        "♯": "\\sharp", "♣": "\\clubsuit", "♢": "\\diamondsuit", "♡": "\\heartsuit",
        "♠": "\\spadesuit", "√": "\\surd",

        // Delimiters typed as plain characters.
        "⟨": "\\langle", "⟩": "\\rangle", "\u{2329}": "\\langle", "\u{232A}": "\\rangle",
        "\u{3008}": "\\langle", "\u{3009}": "\\rangle",
        "⌊": "\\lfloor", "⌋": "\\rfloor", "⌈": "\\lceil", "⌉": "\\rceil", "‖": "\\|",

        // Large operators typed as plain characters rather than m:nary.
        "∑": "\\sum", "∏": "\\prod", "∐": "\\coprod", "∫": "\\int", "∬": "\\iint",
        "∭": "\\iiint", "⨌": "\\iiiint", "∮": "\\oint", "∯": "\\oiint", "∰": "\\oiiint",
        "⋃": "\\bigcup", "⋂": "\\bigcap", "⋁": "\\bigvee", "⋀": "\\bigwedge",
        "⨀": "\\bigodot", "⨁": "\\bigoplus", "⨂": "\\bigotimes", "⨄": "\\biguplus",
        "⨆": "\\bigsqcup",

        // Explicit spaces keep their width; LaTeX ignores ordinary ones.
        "\u{2003}": "\\quad", "\u{2001}": "\\quad", "\u{2002}": "\\enspace", "\u{2000}": "\\enspace",
        "\u{2004}": "\\;", "\u{2005}": "\\:", "\u{205F}": "\\:", "\u{2006}": "\\,",
        "\u{2009}": "\\,", "\u{200A}": "\\,", "\u{202F}": "\\,",

        // Characters LaTeX reads as syntax.
        "{": "\\{", "}": "\\}", "#": "\\#", "%": "\\%", "_": "\\_", "$": "\\$",
        "\\": "\\backslash", "^": "\\hat{}", "~": "\\sim", "&": "\\&",
    ]

    /// Invisible operators and joiners Word inserts between symbols.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF: return true
        default: return false
        }
    }

    /// Named functions written with their own command; others become
    /// `\operatorname` or `\mathrm`.
    static let functions: [String: String] = {
        var table: [String: String] = [:]
        for name in [
            "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan",
            "sinh", "cosh", "tanh", "coth", "log", "ln", "lg", "exp", "lim", "liminf",
            "limsup", "max", "min", "sup", "inf", "det", "dim", "ker", "deg", "gcd",
            "hom", "arg", "Pr",
        ] {
            table[name] = "\\" + name
        }
        table["mod"] = "\\bmod"
        return table
    }()

    /// Operators that take limits under and over them in display math, so
    /// `m:limLow` on them is a subscript (`\lim_{n\to\infty}`).
    static let limitOperators: Set<String> = [
        "\\lim", "\\liminf", "\\limsup", "\\max", "\\min", "\\sup", "\\inf", "\\det", "\\gcd",
        "\\Pr", "\\sum", "\\prod", "\\coprod", "\\bigcup", "\\bigcap", "\\bigvee",
        "\\bigwedge", "\\bigodot", "\\bigoplus", "\\bigotimes", "\\biguplus", "\\bigsqcup",
        "\\int", "\\iint", "\\iiint", "\\iiiint", "\\oint", "\\oiint", "\\oiiint",
    ]

    /// `m:nary` characters; the flag marks integrals, whose limits LaTeX
    /// puts beside the sign rather than under and over it.
    static let naryOperators: [String: (command: String, integral: Bool)] = [
        "∑": ("\\sum", false), "∏": ("\\prod", false), "∐": ("\\coprod", false),
        "⋃": ("\\bigcup", false), "⋂": ("\\bigcap", false), "⋁": ("\\bigvee", false),
        "⋀": ("\\bigwedge", false), "⨀": ("\\bigodot", false), "⨁": ("\\bigoplus", false),
        "⨂": ("\\bigotimes", false), "⨄": ("\\biguplus", false), "⨆": ("\\bigsqcup", false),
        "∫": ("\\int", true), "∬": ("\\iint", true), "∭": ("\\iiint", true),
        "⨌": ("\\iiiint", true), "∮": ("\\oint", true), "∯": ("\\oiint", true),
        "∰": ("\\oiiint", true), "∱": ("\\int", true), "∲": ("\\oint", true), "∳": ("\\oint", true),
    ]

    /// `m:acc` characters (combining marks and their spacing forms): the
    /// accent for one symbol and the stretching one for longer bases.
    static let accents: [String: (narrow: String, wide: String)] = {
        let hat = ("\\hat", "\\widehat"), tilde = ("\\tilde", "\\widetilde")
        let bar = ("\\bar", "\\overline"), vector = ("\\vec", "\\overrightarrow")
        let dot = ("\\dot", "\\dot"), ddot = ("\\ddot", "\\ddot"), check = ("\\check", "\\check")
        let acute = ("\\acute", "\\acute"), grave = ("\\grave", "\\grave"), breve = ("\\breve", "\\breve")
        return [
            "\u{0302}": hat, "^": hat, "\u{02C6}": hat,
            "\u{0303}": tilde, "~": tilde, "\u{02DC}": tilde,
            "\u{0304}": bar, "\u{00AF}": bar,
            "\u{0305}": ("\\overline", "\\overline"), "\u{203E}": ("\\overline", "\\overline"),
            "\u{20D7}": vector, "\u{20D1}": vector, "→": vector,
            "\u{20D6}": ("\\overleftarrow", "\\overleftarrow"), "←": ("\\overleftarrow", "\\overleftarrow"),
            "\u{20E1}": ("\\overleftrightarrow", "\\overleftrightarrow"),
            "↔": ("\\overleftrightarrow", "\\overleftrightarrow"),
            "\u{0307}": dot, "\u{02D9}": dot,
            "\u{0308}": ddot, "\u{00A8}": ddot,
            "\u{20DB}": ("\\dddot", "\\dddot"), "\u{20DC}": ("\\ddddot", "\\ddddot"),
            "\u{030C}": check, "\u{02C7}": check,
            "\u{0301}": acute, "\u{00B4}": acute,
            "\u{0300}": grave, "`": grave,
            "\u{0306}": breve, "\u{02D8}": breve,
            "\u{030A}": ("\\mathring", "\\mathring"), "\u{02DA}": ("\\mathring", "\\mathring"),
        ]
    }()

    /// Combining marks inside run text, applied to the symbol before them.
    static func combiningAccent(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0300...0x036F, 0x20D0...0x20FF: return accents[String(scalar)]?.narrow
        default: return nil
        }
    }

    /// A delimiter of `m:d` after `\left`/`\right`; nil when LaTeX has no
    /// stretching form of it.
    static func delimiter(_ character: String) -> String? {
        switch character {
        case "": return "."
        case "(", ")", "[", "]", "|", "/": return character
        case "{": return "\\{"
        case "}": return "\\}"
        case "‖", "∥": return "\\|"
        case "∣": return "|"
        case "⟨", "\u{2329}", "\u{3008}": return "\\langle"
        case "⟩", "\u{232A}", "\u{3009}": return "\\rangle"
        case "⌊": return "\\lfloor"
        case "⌋": return "\\rfloor"
        case "⌈": return "\\lceil"
        case "⌉": return "\\rceil"
        case "\\": return "\\backslash"
        case "↑": return "\\uparrow"
        case "↓": return "\\downarrow"
        case "↕": return "\\updownarrow"
        case "⇑": return "\\Uparrow"
        case "⇓": return "\\Downarrow"
        case "⇕": return "\\Updownarrow"
        default: return nil
        }
    }

    /// Matrix environments that carry their own delimiters, by `m:d` pair.
    static func matrixEnvironment(begin: String, end: String) -> String? {
        switch (begin, end) {
        case ("(", ")"): return "pmatrix"
        case ("[", "]"): return "bmatrix"
        case ("{", "}"): return "Bmatrix"
        case ("|", "|"), ("∣", "∣"): return "vmatrix"
        case ("‖", "‖"), ("∥", "∥"): return "Vmatrix"
        default: return nil
        }
    }

    // MARK: - Styled letters

    /// A styled letter or digit: the font command (nil for italic, the
    /// default in math) and the plain symbol it styles.
    struct StyledCharacter: Equatable {
        var font: String?
        var base: String
    }

    private static let latinFonts: [String?] = [
        "\\mathbf", nil, "\\boldsymbol", "\\mathcal", "\\mathcal", "\\mathfrak", "\\mathbb",
        "\\mathfrak", "\\mathsf", "\\mathsf", "\\mathsf", "\\mathsf", "\\mathtt",
    ]
    private static let greekFonts: [String?] = ["\\boldsymbol", nil, "\\boldsymbol", "\\boldsymbol", "\\boldsymbol"]
    private static let digitFonts: [String?] = ["\\mathbf", "\\mathbb", "\\mathsf", "\\mathsf", "\\mathtt"]
    /// The Greek repertoire of the Mathematical Alphanumeric Symbols block,
    /// in its order (capitals with ϴ in the reserved slot, ∇, small letters,
    /// ∂, then the variant forms).
    private static let greekOrder: [Unicode.Scalar] = Array(
        "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡϴΣΤΥΦΧΨΩ∇αβγδεζηθικλμνξοπρςστυφχψω∂ϵϑϰϕϱϖ".unicodeScalars)

    /// Decodes the letters Unicode provides ready-styled for mathematics
    /// (𝐱, 𝔸, ℝ, 𝓛 …) into a font command and a plain letter.
    static func styledCharacter(_ scalar: Unicode.Scalar) -> StyledCharacter? {
        let value = scalar.value
        switch value {
        case 0x1D400...0x1D6A3:
            let offset = Int(value - 0x1D400)
            let index = offset % 52
            let letter = UnicodeScalar(UInt8(index < 26 ? 65 + index : 97 + index - 26))
            return StyledCharacter(font: latinFonts[offset / 52], base: String(Character(letter)))
        case 0x1D6A4: return StyledCharacter(font: nil, base: "\\imath")
        case 0x1D6A5: return StyledCharacter(font: nil, base: "\\jmath")
        case 0x1D6A8...0x1D7C9:
            let offset = Int(value - 0x1D6A8)
            let greek = greekOrder[offset % 58]
            return StyledCharacter(font: greekFonts[offset / 58], base: math[greek] ?? String(greek))
        case 0x1D7CE...0x1D7FF:
            let offset = Int(value - 0x1D7CE)
            return StyledCharacter(font: digitFonts[offset / 10], base: String(offset % 10))
        default:
            return letterlike[scalar]
        }
    }

    /// Styled letters that Unicode placed in the Letterlike Symbols block
    /// before the mathematical block existed.
    private static let letterlike: [Unicode.Scalar: StyledCharacter] = {
        var table: [Unicode.Scalar: StyledCharacter] = [:]
        for (scalar, letter) in zip("ℂℍℕℙℚℝℤ".unicodeScalars, "CHNPQRZ") {
            table[scalar] = StyledCharacter(font: "\\mathbb", base: String(letter))
        }
        for (scalar, letter) in zip("ℬℰℱℋℐℒℳℛ".unicodeScalars, "BEFHILMR") {
            table[scalar] = StyledCharacter(font: "\\mathcal", base: String(letter))
        }
        for (scalar, letter) in zip("ℌℨℭ".unicodeScalars, "HZC") {
            table[scalar] = StyledCharacter(font: "\\mathfrak", base: String(letter))
        }
        // Script small letters have no LaTeX font of their own.
        for (scalar, letter) in zip("ℯℊℴℎ".unicodeScalars, "egoh") {
            table[scalar] = StyledCharacter(font: nil, base: String(letter))
        }
        return table
    }()
}
