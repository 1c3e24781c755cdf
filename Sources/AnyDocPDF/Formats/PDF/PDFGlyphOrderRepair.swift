internal import AnyDocSwift
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
        // Tally each style's characters, as given and read through the
        // glyph order; a font is judged on all its styles together. Scores
        // are kept in tenths, so that sums are exact.
        var tallies = [FontTally](repeating: FontTally(), count: layout.styles.count + 1)
        func slot(_ character: PDFCharacter) -> Int {
            let index = Int(character.style)
            return index >= 0 && index < layout.styles.count ? index : layout.styles.count
        }
        for character in layout.characters where character.scalar != "\n" && character.scalar != " " {
            let value = character.scalar.value
            let slot = slot(character)
            if value < 0x20 || (value >= 0x7F && value <= 0x9F) { tallies[slot].controls += 1 }
            tallies[slot].count += 1
        }
        // Only a font with control characters can qualify: most pages
        // have none, and their text need not be scored.
        var candidates: [String: FontTally] = [:]
        for (slot, tally) in tallies.enumerated() where tally.count > 0 {
            candidates[slot < layout.styles.count ? layout.styles[slot].fontName : "", default: FontTally()].add(tally)
        }
        candidates = candidates.filter { $0.value.count >= 8 && 50 * $0.value.controls >= $0.value.count }
        guard !candidates.isEmpty else { return layout }
        let scoredSlots = (0...layout.styles.count).map { slot in
            candidates[slot < layout.styles.count ? layout.styles[slot].fontName : ""] != nil
        }
        for character in layout.characters where character.scalar != "\n" && character.scalar != " " {
            let slot = slot(character)
            guard scoredSlots[slot] else { continue }
            tallies[slot].given += score(character.scalar)
            if let decoded = decode(character.scalar) {
                tallies[slot].decoded += score(decoded)
            } else {
                tallies[slot].decodable = false
            }
        }
        var fonts: [String: FontTally] = [:]
        for (slot, tally) in tallies.enumerated() where tally.count > 0 {
            let name = slot < layout.styles.count ? layout.styles[slot].fontName : ""
            fonts[name, default: FontTally()].add(tally)
        }
        let repaired = Set(fonts.compactMap { name, tally -> String? in
            guard tally.decodable, tally.count >= 8, 50 * tally.controls >= tally.count else { return nil }
            return tally.decoded > tally.given && 2 * tally.decoded >= 10 * tally.count ? name : nil
        })
        guard !repaired.isEmpty else { return layout }
        let repairedStyles = layout.styles.map { repaired.contains($0.fontName) }
        var result = layout
        for (offset, character) in layout.characters.enumerated() where character.scalar != "\n" && character.scalar != " " {
            let index = Int(character.style)
            guard index >= 0, index < layout.styles.count, repairedStyles[index],
                  let decoded = decode(character.scalar) else { continue }
            result.characters[offset].scalar = decoded
        }
        return result
    }

    /// What the characters of one style, or one font, add up to.
    private struct FontTally {
        /// Scores in tenths: as given, and read through the glyph order.
        var given = 0
        var decoded = 0
        var count = 0
        var controls = 0
        /// Whether every character has a place in the glyph order.
        var decodable = true

        mutating func add(_ other: FontTally) {
            given += other.given
            decoded += other.decoded
            count += other.count
            controls += other.controls
            decodable = decodable && other.decodable
        }
    }

    /// How much a character looks like running text, in tenths: 10 for a
    /// lowercase letter, 5 for a capital, 3 for a digit or punctuation.
    private static func score(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x61...0x7A: return 10
        case 0x41...0x5A: return 5
        case 0x30...0x39: return 3
        case 0x00...0x7F: return punctuation.contains(scalar) ? 3 : 0
        default:
            let properties = scalar.properties
            if properties.isLowercase { return 10 }
            if properties.isUppercase { return 5 }
            if properties.numericType != nil || punctuation.contains(scalar) { return 3 }
            return 0
        }
    }

    private static let punctuation: [Unicode.Scalar] = Array(".,;:!?'\"()-–".unicodeScalars)

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
