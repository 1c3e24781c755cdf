/// Characters of the Symbol and Wingdings fonts, which Word stores as
/// private-use code points (U+F020–U+F0FF) or as a symbol `(` naming one.
enum DOCSymbolFont {
    /// The Symbol font's codes 0x20–0x7E.
    private static let symbolLow = Array(
        " !∀#∃%&∋()∗+,−./0123456789:;<=>?≅ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ[∴]⊥_‾αβχδεφγηιϕκλμνοπθρστυϖωξψζ{|}∼".unicodeScalars)
    /// The Symbol font's common codes above 0xA0.
    private static let symbolHigh: [UInt8: Unicode.Scalar] = [
        0xA2: "′", 0xA3: "≤", 0xA5: "∞", 0xA7: "♣", 0xA8: "♦", 0xA9: "♥", 0xAA: "♠", 0xAB: "↔", 0xAC: "←",
        0xAD: "↑", 0xAE: "→", 0xAF: "↓", 0xB0: "°", 0xB1: "±", 0xB2: "″", 0xB3: "≥", 0xB4: "×", 0xB5: "∝",
        0xB6: "∂", 0xB7: "•", 0xB8: "÷", 0xB9: "≠", 0xBA: "≡", 0xBB: "≈", 0xBC: "…", 0xC5: "⊕", 0xC6: "∅",
        0xC7: "∩", 0xC8: "∪", 0xD1: "∇", 0xD2: "®", 0xD3: "©", 0xD4: "™", 0xD5: "∏", 0xD6: "√", 0xD7: "⋅",
        0xD8: "¬", 0xD9: "∧", 0xDA: "∨", 0xDB: "⇔", 0xDC: "⇐", 0xDD: "⇑", 0xDE: "⇒", 0xDF: "⇓", 0xE5: "∑",
        0xF2: "∫",
    ]
    /// Wingdings codes used as bullets and check marks.
    private static let wingdings: [UInt8: Unicode.Scalar] = [
        0x6C: "●", 0x6E: "■", 0x6F: "□", 0x71: "❑", 0x76: "❖", 0x9F: "•", 0xA7: "▪", 0xA8: "◻", 0xD8: "➢",
        0xE0: "→", 0xFB: "✗", 0xFC: "✓", 0xFE: "☑",
    ]

    /// The character `code` (the low byte of a private-use code point)
    /// shows in the font named `font`; nil when unknown.
    static func character(_ code: UInt8, font: String?) -> Unicode.Scalar? {
        switch font?.lowercased() {
        case "symbol"?:
            if (0x20...0x7E).contains(code) { return symbolLow[Int(code) - 0x20] }
            return symbolHigh[code]
        case let name? where name.hasPrefix("wingdings"):
            return wingdings[code]
        default:
            // Word's own bullets in an unnamed symbol font.
            return code == 0xB7 ? "•" : nil
        }
    }
}
