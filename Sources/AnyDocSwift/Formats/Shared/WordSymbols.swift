/// Characters inserted with `w:sym`, whose code points are often in the
/// private-use area of a symbol font.
enum WordSymbols {
    static func text(font: String?, code: String?) -> String? {
        guard let code, var value = UInt32(code, radix: 16) else { return nil }
        // Symbol fonts map their glyphs at F000 + the ASCII position.
        if (0xF000...0xF0FF).contains(value) { value -= 0xF000 }
        let fontName = (font ?? "").lowercased()
        if fontName.containsUTF8("wingdings") {
            return wingdings[value] ?? "•"
        }
        if fontName == "symbol", let mapped = symbol[value] { return mapped }
        guard let scalar = Unicode.Scalar(value), value >= 0x20 else { return nil }
        return String(Character(scalar))
    }

    private static let wingdings: [UInt32: String] = [
        0x9F: "•", 0xA7: "▪", 0xA8: "◻", 0xD8: "➢", 0xFC: "✓", 0xFB: "✗", 0xFE: "☑", 0x6F: "☐", 0x71: "❑",
        0x76: "❖", 0xE0: "→", 0xE8: "➔", 0x4A: "☺", 0x4C: "☹",
    ]

    private static let symbol: [UInt32: String] = [
        0x61: "α", 0x62: "β", 0x63: "χ", 0x64: "δ", 0x65: "ε", 0x66: "φ", 0x67: "γ", 0x68: "η", 0x69: "ι",
        0x6B: "κ", 0x6C: "λ", 0x6D: "μ", 0x6E: "ν", 0x70: "π", 0x71: "θ", 0x72: "ρ", 0x73: "σ", 0x74: "τ",
        0x75: "υ", 0x77: "ω", 0x78: "ξ", 0x79: "ψ", 0x7A: "ζ", 0x44: "Δ", 0x46: "Φ", 0x47: "Γ", 0x4C: "Λ",
        0x50: "Π", 0x51: "Θ", 0x53: "Σ", 0x57: "Ω", 0x59: "Ψ", 0xB7: "•", 0xB1: "±", 0xB4: "×", 0xB8: "÷",
        0xA3: "≤", 0xB3: "≥", 0xB9: "≠", 0xBB: "≈", 0xA5: "∞", 0xAE: "→", 0xAC: "←", 0xDE: "⇒", 0xD6: "√",
        0xE5: "∑", 0xF2: "∫", 0xB6: "∂", 0xD1: "∇", 0xCE: "∈", 0xC7: "∩", 0xC8: "∪", 0xA2: "′", 0xB2: "″",
        0xB0: "°", 0xD7: "·", 0xBC: "…", 0xBE: "—", 0x2D: "−",
    ]
}
