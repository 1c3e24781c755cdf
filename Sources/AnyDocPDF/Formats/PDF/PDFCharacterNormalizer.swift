internal import AnyDocSwift
/// What a character of the text layer becomes in the output.
///
/// Ligatures and compatibility characters are spelled out; characters
/// Poppler could not map to Unicode (U+FFFD, private use, controls) are
/// counted and dropped, never printed.
enum PDFCharacterNormalizer {
    enum Result: Equatable {
        case text(String)
        /// A character that separates words, such as a no-break space.
        case space
        /// Dropped without a trace (zero-width characters).
        case ignored
        /// Dropped and counted: Poppler had no Unicode for the glyph.
        case unmapped
        /// A soft hyphen: dropped, but a line ending in one was hyphenated.
        case softHyphen
    }

    static func normalize(_ scalar: Unicode.Scalar) -> Result {
        let value = scalar.value
        switch value {
        case 0x20, 0x09, 0x0A, 0x0D, 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000:
            return .space
        case 0xAD:
            return .softHyphen
        case 0x200B...0x200D, 0x2060, 0xFEFF, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return .ignored
        case 0xFB00: return .text("ff")
        case 0xFB01: return .text("fi")
        case 0xFB02: return .text("fl")
        case 0xFB03: return .text("ffi")
        case 0xFB04: return .text("ffl")
        case 0xFB05, 0xFB06: return .text("st")
        case 0x2024: return .text(".")
        case 0x2025: return .text("..")
        case 0x2026: return .text("…")
        case 0xFFFD, 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF:
            return .unmapped
        case 0xE000...0xF8FF, 0xF0000...0x10FFFF:
            return .unmapped
        case 0xFEF5...0xFEFC:
            return .text(arabicLigature(scalar) ?? String(Character(scalar)))
        case 0xFE70...0xFEF4:
            if let base = arabicPresentationFormsB(value) { return .text(String(base)) }
            return .text(String(Character(scalar)))
        case 0x21...0x7E:
            return .text(String(Character(scalar)))
        default:
            // Unassigned code points are Poppler's stand-ins for glyphs
            // without a character.
            if scalar.properties.generalCategory == .unassigned { return .unmapped }
            return .text(String(Character(scalar)))
        }
    }

    /// Private-use code points that symbol fonts (Symbol, Wingdings) use
    /// for list bullets: read as a bullet at the start of a line.
    static func isPrivateUseBullet(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xF0B7, 0xF0A7, 0xF0D8, 0xF0FC, 0xF076, 0xF06E, 0xF0A8, 0xF06C, 0xF071, 0xF0E8, 0xF0A1, 0xF0B2: return true
        default: return false
        }
    }

    /// Arabic Presentation Forms-B (isolated, final, initial and medial
    /// shapes) back to the letters they shape, as NFKC would.
    private static func arabicPresentationFormsB(_ value: UInt32) -> Character? {
        // Each letter has 2 or 4 forms in a fixed order from U+FE80.
        let table: [(start: UInt32, count: UInt32, letter: UInt32)] = [
            (0xFE70, 1, 0x064B), (0xFE71, 1, 0x064B), (0xFE72, 1, 0x064C), (0xFE74, 1, 0x064D),
            (0xFE76, 2, 0x064E), (0xFE78, 2, 0x064F), (0xFE7A, 2, 0x0650), (0xFE7C, 2, 0x0651), (0xFE7E, 2, 0x0652),
            (0xFE80, 1, 0x0621), (0xFE81, 2, 0x0622), (0xFE83, 2, 0x0623), (0xFE85, 2, 0x0624), (0xFE87, 2, 0x0625),
            (0xFE89, 4, 0x0626), (0xFE8D, 2, 0x0627), (0xFE8F, 4, 0x0628), (0xFE93, 2, 0x0629), (0xFE95, 4, 0x062A),
            (0xFE99, 4, 0x062B), (0xFE9D, 4, 0x062C), (0xFEA1, 4, 0x062D), (0xFEA5, 4, 0x062E), (0xFEA9, 2, 0x062F),
            (0xFEAB, 2, 0x0630), (0xFEAD, 2, 0x0631), (0xFEAF, 2, 0x0632), (0xFEB1, 4, 0x0633), (0xFEB5, 4, 0x0634),
            (0xFEB9, 4, 0x0635), (0xFEBD, 4, 0x0636), (0xFEC1, 4, 0x0637), (0xFEC5, 4, 0x0638), (0xFEC9, 4, 0x0639),
            (0xFECD, 4, 0x063A), (0xFED1, 4, 0x0641), (0xFED5, 4, 0x0642), (0xFED9, 4, 0x0643), (0xFEDD, 4, 0x0644),
            (0xFEE1, 4, 0x0645), (0xFEE5, 4, 0x0646), (0xFEE9, 4, 0x0647), (0xFEED, 2, 0x0648), (0xFEEF, 2, 0x0649),
            (0xFEF1, 4, 0x064A),
        ]
        for entry in table where value >= entry.start && value < entry.start + entry.count {
            return Unicode.Scalar(entry.letter).map(Character.init)
        }
        return nil
    }

    /// Lam-alef ligatures spelled out; nil for anything else.
    private static func arabicLigature(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0xFEF5, 0xFEF6: return "\u{0644}\u{0622}"
        case 0xFEF7, 0xFEF8: return "\u{0644}\u{0623}"
        case 0xFEF9, 0xFEFA: return "\u{0644}\u{0625}"
        case 0xFEFB, 0xFEFC: return "\u{0644}\u{0627}"
        default: return nil
        }
    }
}
