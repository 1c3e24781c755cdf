/// The character properties that reach Markdown, or decide whether a
/// character is shown at all.
struct DOCCharacterProperties {
    var bold = false
    var italic = false
    var strike = false
    var superscript = false
    var `subscript` = false
    var hidden = false
    /// Deleted in tracked changes.
    var deleted = false
    /// `fSpec`: the character is a special one (picture, note mark, field
    /// mark) rather than literal text.
    var special = false
    /// `sprmCSymbol`: the font and character shown for a symbol `(`.
    var symbol: (font: Int, character: UInt16)?
    /// The font (an index into the font table) of ASCII text.
    var font = 0
    /// The character style, when not the default.
    var style = 10

    /// The value a toggle operand gives: 0 off, 1 on, 0x80 as the style
    /// says, 0x81 the opposite of the style.
    private static func toggle(_ operand: UInt8, style: Bool) -> Bool {
        switch operand {
        case 0: false
        case 0x80: style
        case 0x81: !style
        default: true
        }
    }

    /// Applies `sprms`; toggles resolve against `style`, the properties the
    /// paragraph and character styles give.
    mutating func apply(_ sprms: [DOCSprm], style base: DOCCharacterProperties) {
        for sprm in sprms { apply(sprm, style: base) }
    }

    mutating func apply(_ sprm: DOCSprm, style base: DOCCharacterProperties) {
        switch sprm.opcode {
        case DOCSprm.bold: bold = Self.toggle(sprm.byte, style: base.bold)
        case DOCSprm.italic: italic = Self.toggle(sprm.byte, style: base.italic)
        case DOCSprm.strike, DOCSprm.doubleStrike: strike = Self.toggle(sprm.byte, style: base.strike)
        case DOCSprm.hidden: hidden = Self.toggle(sprm.byte, style: base.hidden)
        case DOCSprm.deleted: deleted = sprm.byte != 0
        case DOCSprm.special: special = sprm.byte != 0
        case DOCSprm.verticalPosition:
            superscript = sprm.byte == 1
            `subscript` = sprm.byte == 2
        case DOCSprm.symbol:
            // A font index, then the character.
            guard sprm.operand.count >= 4 else { break }
            let start = sprm.operand.startIndex
            let font = Int(sprm.operand[start]) | Int(sprm.operand[start + 1]) << 8
            symbol = (font, UInt16(sprm.operand[start + 2]) | UInt16(sprm.operand[start + 3]) << 8)
        case DOCSprm.characterStyle: style = sprm.word
        case DOCSprm.font: font = sprm.word
        default: break
        }
    }
}
