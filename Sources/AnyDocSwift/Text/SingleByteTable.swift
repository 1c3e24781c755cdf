#if canImport(Glibc)
import Glibc
#endif

/// What each byte means in one single-byte code page, reduced to what
/// `SingleByteScorer` looks at. Built once per code page from iconv.
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

    static let windows1252 = SingleByteTable(iconvName: "CP1252", frequentLetters: westernEuropean)
    static let windows1250 = SingleByteTable(iconvName: "CP1250", frequentLetters: centralEuropean)
    static let windows1251 = SingleByteTable(iconvName: "CP1251", frequentLetters: cyrillic)
    static let koi8R = SingleByteTable(iconvName: "KOI8-R", frequentLetters: cyrillic)
    static let ibm866 = SingleByteTable(iconvName: "IBM866", frequentLetters: cyrillic)
    static let iso8859_7 = SingleByteTable(iconvName: "ISO-8859-7", frequentLetters: greek)
    static let windows1253 = SingleByteTable(iconvName: "CP1253", frequentLetters: greek)
    static let windows1255 = SingleByteTable(iconvName: "CP1255", frequentLetters: hebrew)
    static let windows1256 = SingleByteTable(iconvName: "CP1256", frequentLetters: arabic)

    init(iconvName: String, frequentLetters: String) {
        let frequent = Set(frequentLetters.unicodeScalars)
        let scalars = Self.decodeEachByte(iconvName)
        entries = scalars.map { value -> Entry in
            guard let value, let scalar = Unicode.Scalar(value) else { return Entry(role: .impossible) }
            return Self.entry(for: scalar, frequent: frequent)
        }
    }

    /// What iconv makes of each byte on its own, nil where it refuses.
    /// Bytes go one at a time (CP1255 holds a letter back to combine it
    /// with the next byte), straight through the descriptor.
    private static func decodeEachByte(_ iconvName: String) -> [UInt32?] {
        guard let converter = Iconv(from: iconvName, to: "UTF-32LE") else { return [UInt32?](repeating: nil, count: 256) }
        return converter.withDescriptor { descriptor in (0...255).map { decodeAlone(UInt8($0), descriptor) } }
    }

    private static func decodeAlone(_ byte: UInt8, _ descriptor: iconv_t) -> UInt32? {
        var input = byte
        var output: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &output) { outputBytes in
            withUnsafeMutablePointer(to: &input) { inputByte in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inputByte).assumingMemoryBound(to: CChar.self)
                var inLeft = 1
                var outPointer = outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outLeft = outputBytes.count
                var status = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                // Flush what the decoder held back, then start afresh.
                if status != -1 { status = iconv(descriptor, nil, nil, &outPointer, &outLeft) }
                iconv(descriptor, nil, nil, nil, nil)
                guard status != -1, outputBytes.count - outLeft >= 4 else { return nil }
                return UInt32(littleEndian: outputBytes.load(as: UInt32.self))
            }
        }
    }

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
