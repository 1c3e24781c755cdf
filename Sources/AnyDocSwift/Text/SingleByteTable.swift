/// What each byte means in one single-byte code page, reduced to what
/// `SingleByteScorer` looks at. Built once per code page, from the
/// code page's characters and Unicode's properties of them.
struct SingleByteTable: Sendable {
    enum Script: Sendable {
        case none, latin, greek, cyrillic, hebrew, arabic
    }

    enum Role: Sendable, Equatable {
        /// Unassigned, or a C1 control: text in this code page never has it.
        case impossible
        /// ASCII that is not a letter.
        case asciiOther
        case letter
        /// A combining mark (Hebrew points, Arabic vowel signs): part of a word.
        case mark
        /// Punctuation that may stand inside a word: apostrophes, the
        /// middle dot, Hebrew geresh, gershayim and maqaf.
        case joiner
        /// Punctuation, currency and the common typographic symbols.
        case punctuation
        /// Legitimate but rare symbols: spacing accents, ¤, ¦, ¬, soft
        /// hyphen, direction marks.
        case rareSymbol
        /// Anything text in a language of this code page hardly uses: box
        /// drawing, mathematical operators, letters of other scripts.
        case foreign
    }

    struct Entry: Sendable {
        var role: Role
        var script: Script = .none
        var isUppercase = false
        var isLowercase = false
        /// Among the most frequent letters of the code page's languages.
        var isFrequent = false
        /// A final letter form (ς ך ם ן ף ץ), which only ends a word.
        var isFinalForm = false
    }

    let entries: [Entry]

    subscript(byte: UInt8) -> Entry { entries[Int(byte)] }

    /// The table for a single-byte candidate of `EncodingDetector`, nil for others.
    static func table(for encoding: TextEncoding) -> SingleByteTable? {
        switch encoding {
        case .windows1252: windows1252
        case .windows1250: windows1250
        case .windows1251: windows1251
        case .koi8R: koi8R
        case .ibm866: ibm866
        case .iso8859_7: iso8859_7
        case .windows1253: windows1253
        case .windows1255: windows1255
        case .windows1256: windows1256
        default: nil
        }
    }

    // The most frequent letters, in lowercase, of the languages each code
    // page serves. Western European leaves out letters that are frequent
    // only in Central European text read with the wrong code page (û for
    // ű, œ for ś).
    private static let westernEuropean = "àáâãäåæçèéêëìíîïñòóôõöøùúüß"
    private static let centralEuropean = "áäčďéěíĺľňóôöőřŕšťúůüűýžąćęłńśźżăâîşţ"
    private static let cyrillic = "оеаинтсрвлкмдпуяыьі"
    private static let greek = "αοιετσνηυρπκμλςόάέίήύώ"
    private static let hebrew = "יוהלארמתבנשעםכדק"
    private static let arabic = "اليمونرتبةعدسفهكقأح"

    static let windows1252 = SingleByteTable(upperHalf: CodePageTables.windows1252, frequentLetters: westernEuropean)
    static let windows1250 = SingleByteTable(upperHalf: CodePageTables.windows1250, frequentLetters: centralEuropean)
    static let windows1251 = SingleByteTable(upperHalf: CodePageTables.windows1251, frequentLetters: cyrillic)
    static let koi8R = SingleByteTable(upperHalf: CodePageTables.koi8R, frequentLetters: cyrillic)
    static let ibm866 = SingleByteTable(upperHalf: CodePageTables.ibm866, frequentLetters: cyrillic)
    static let iso8859_7 = SingleByteTable(upperHalf: CodePageTables.iso8859_7, frequentLetters: greek)
    static let windows1253 = SingleByteTable(upperHalf: CodePageTables.windows1253, frequentLetters: greek)
    static let windows1255 = SingleByteTable(upperHalf: CodePageTables.windows1255, frequentLetters: hebrew)
    static let windows1256 = SingleByteTable(upperHalf: CodePageTables.windows1256, frequentLetters: arabic)

    /// A code page whose bytes below 0x80 are ASCII, from what its other
    /// bytes mean (`CodePageTables`, 0 for none).
    init(upperHalf: [UInt16], frequentLetters: String) {
        // No frequent letter is ASCII, so the lower half is the same in
        // every table.
        assert(!frequentLetters.unicodeScalars.contains { $0.isASCII })
        let frequent = Set(frequentLetters.unicodeScalars)
        entries = Self.asciiEntries + upperHalf.map { value -> Entry in
            guard value != 0, let scalar = Unicode.Scalar(UInt32(value)) else { return Entry(role: .impossible) }
            return Self.entry(for: scalar, frequent: frequent)
        }
    }

    private static let asciiEntries = (0..<128).map { entry(for: Unicode.Scalar(UInt8($0)), frequent: []) }

    private static let joiners = Set("'’‘·׳״־".unicodeScalars)
    private static let commonSymbols = Set("©®™°±×÷¹²³¼½¾µªº№\u{A0}".unicodeScalars)
    /// With the soft hyphen and the invisible joiners and direction marks.
    private static let rareSymbols = Set("¤¦¬\u{AD}\u{200C}\u{200D}\u{200E}\u{200F}".unicodeScalars)
    private static let finalForms = Set("ςךםןףץ".unicodeScalars)

    private static func entry(for scalar: Unicode.Scalar, frequent: Set<Unicode.Scalar>) -> Entry {
        let properties = scalar.properties
        if (0x80...0x9F).contains(scalar.value) { return Entry(role: .impossible) }
        if joiners.contains(scalar) { return Entry(role: .joiner) }
        let script = script(of: scalar)
        if script != .none && properties.isAlphabetic {
            let lower = properties.lowercaseMapping.unicodeScalars.first ?? scalar
            return Entry(
                role: .letter, script: script,
                isUppercase: properties.isUppercase, isLowercase: properties.isLowercase,
                isFrequent: frequent.contains(lower), isFinalForm: finalForms.contains(scalar))
        }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return Entry(role: .mark, script: script)
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation, .currencySymbol:
            return Entry(role: scalar.isASCII ? .asciiOther : .punctuation)
        case .modifierSymbol:
            return Entry(role: scalar.isASCII ? .asciiOther : .rareSymbol)
        default:
            if scalar.isASCII { return Entry(role: .asciiOther) }
            if commonSymbols.contains(scalar) { return Entry(role: .punctuation) }
            if rareSymbols.contains(scalar) { return Entry(role: .rareSymbol) }
            return Entry(role: .foreign)
        }
    }

    private static func script(of scalar: Unicode.Scalar) -> Script {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A: .latin
        case 0xC0...0x24F where scalar.value != 0xD7 && scalar.value != 0xF7: .latin
        case 0x370...0x3FF: .greek
        case 0x400...0x4FF: .cyrillic
        case 0x590...0x5FF: .hebrew
        case 0x600...0x6FF: .arabic
        default: .none
        }
    }
}
