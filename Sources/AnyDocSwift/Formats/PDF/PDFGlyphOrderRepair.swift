/// Repairs text that Poppler read as raw glyph ids.
///
/// A TrueType font embedded with Identity-H encoding and no ToUnicode map
/// gives Poppler nothing but glyph ids, which it passes on as characters:
/// "Jahrgang" comes out as "-DKUJDQJ". Fonts such as Arial keep (nearly)
/// the standard Macintosh glyph order for their first glyphs, so the ids
/// can be read back through that order. A font's text on a page is read
/// that way only when it shows the tell-tale control characters (glyph 3
/// is the space, glyphs 128 to 159 are accented letters) and the result
/// looks like writing (mostly letters) and more so than what Poppler
/// gave; symbol fonts stay unmapped.
enum PDFGlyphOrderRepair {
    static func apply(to layout: PDFTextLayout) -> PDFTextLayout {
        guard !layout.characters.isEmpty else { return layout }
        // Score each font: as given, and read through the glyph order.
        var fonts: [String: (given: Double, decoded: Double, count: Int, controls: Int, decodable: Bool)] = [:]
        for character in layout.characters where character.scalar != "\n" && character.scalar != " " {
            let index = Int(character.style)
            let name = index >= 0 && index < layout.styles.count ? layout.styles[index].fontName : ""
            var entry = fonts[name] ?? (0, 0, 0, 0, true)
            let value = character.scalar.value
            if value < 0x20 || (value >= 0x7F && value <= 0x9F) { entry.controls += 1 }
            entry.given += score(character.scalar)
            if let decoded = decode(character.scalar) {
                entry.decoded += score(decoded)
            } else {
                entry.decodable = false
            }
            entry.count += 1
            fonts[name] = entry
        }
        let repaired = Set(fonts.compactMap { name, entry -> String? in
            guard entry.decodable, entry.count >= 8, Double(entry.controls) >= 0.02 * Double(entry.count) else { return nil }
            let count = Double(entry.count)
            return entry.decoded > entry.given && entry.decoded >= 0.5 * count ? name : nil
        })
        guard !repaired.isEmpty else { return layout }
        var result = layout
        for (offset, character) in layout.characters.enumerated() where character.scalar != "\n" && character.scalar != " " {
            let index = Int(character.style)
            guard index >= 0, index < layout.styles.count, repaired.contains(layout.styles[index].fontName),
                  let decoded = decode(character.scalar) else { continue }
            result.characters[offset].scalar = decoded
        }
        return result
    }

    /// How much a character looks like running text.
    private static func score(_ scalar: Unicode.Scalar) -> Double {
        let properties = scalar.properties
        if properties.isLowercase { return 1 }
        if properties.isUppercase { return 0.5 }
        if properties.numericType != nil || ".,;:!?'\"()-–".unicodeScalars.contains(scalar) { return 0.3 }
        return 0
    }

    /// The character glyph `scalar` stands for in the Macintosh order.
    static func decode(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let id = Int(scalar.value)
        if id < 3 { return "\u{FFFD}" }
        if id <= 97 { return Unicode.Scalar(UInt32(id + 29)) }
        let index = id - 98
        guard index >= 0, index < macintoshExtended.count else { return nil }
        return macintoshExtended[index]
    }

    /// Glyphs 98 and up of the standard Macintosh order, as Microsoft's
    /// core fonts have them: without the no-break space glyph (172), so
    /// the dashes and quotes after it sit one place earlier.
    private static let macintoshExtended: [Unicode.Scalar] = Array((
        "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄¤‹›"
        + "\u{FB01}\u{FB02}‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\u{F8FF}ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇŁłŠšŽž¦ÐðÝýÞþ−×¹²³½¼¾₣ĞğİŞşĆćČčđ").unicodeScalars)
}
