/// The paragraph and character runs of a StyleTextPropAtom: which
/// paragraphs are bulleted and at what outline level, and which
/// characters are bold, italic, raised or lowered.
///
/// Both run lists cover the text plus one character (the implied end of
/// the last paragraph). Each run's exception stores only the fields its
/// mask names, in the order MS-PPT fixes; fields Markdown cannot show are
/// skipped by their sizes. A run past the atom's end ends the list.
struct PPTTextStyle {
    struct ParagraphRun {
        var length: Int
        /// The outline level, 0 to 8.
        var level: Int
        /// Set when the run says whether its paragraphs have a bullet;
        /// nil when they inherit it from the master.
        var hasBullet: Bool?
    }

    struct CharacterRun {
        var length: Int
        var format: PPTCharacterFormat
        /// Which entry of the text's StyleTextProp9Atom (numbering) applies.
        var numberingIndex = 0
    }

    var paragraphs: [ParagraphRun] = []
    var characters: [CharacterRun] = []

    init() {}

    /// `textLength` counts the text's UTF-16 units.
    init(_ atom: PPTRecord, textLength: Int, reader: PPTRecordReader) throws(ConversionError) {
        let total = textLength + 1
        var position = 0
        var covered = 0
        while covered < total, let count = reader.uint32(atom, at: position),
              let level = reader.uint16(atom, at: position + 4), let masks = reader.uint32(atom, at: position + 6) {
            try reader.countVisit()
            position += 10
            var hasBullet: Bool?
            if masks & 0xF != 0 {
                guard let flags = reader.uint16(atom, at: position) else { break }
                if masks & 0x1 != 0 { hasBullet = flags & 0x1 != 0 }
                position += 2
            }
            guard let skipped = Self.paragraphFieldBytes(masks, atom: atom, at: position, reader: reader) else { break }
            position += skipped
            let length = min(Int(count), total - covered)
            paragraphs.append(ParagraphRun(length: length, level: min(Int(level), 8), hasBullet: hasBullet))
            covered += length
        }
        covered = 0
        while covered < total, let count = reader.uint32(atom, at: position), let masks = reader.uint32(atom, at: position + 4) {
            try reader.countVisit()
            position += 8
            var format = PPTCharacterFormat()
            var numberingIndex = 0
            if masks & 0xFFFF != 0 {
                guard let style = reader.uint16(atom, at: position) else { break }
                format.bold = masks & 0x1 != 0 && style & 0x1 != 0
                format.italic = masks & 0x2 != 0 && style & 0x2 != 0
                if masks & 0x3C00 != 0 { numberingIndex = Int(style >> 10) & 0xF }
                position += 2
            }
            position += Self.fieldBytes(masks, Self.characterFieldsBeforePosition)
            if masks & 0x80000 != 0 {
                guard let offset = reader.int16(atom, at: position) else { break }
                format.baseline = offset.signum()
                position += 2
            }
            let length = min(Int(count), total - covered)
            characters.append(CharacterRun(length: length, format: format, numberingIndex: numberingIndex))
            covered += length
        }
    }

    /// Bytes of the paragraph exception after the bullet flags: bullet
    /// character, font, size and colour, alignment, spacing, margins, tab
    /// stops (a count and four bytes each), font alignment, wrapping and
    /// direction. Nil when the tab stop count lies past the atom's end.
    private static func paragraphFieldBytes(
        _ masks: UInt32, atom: PPTRecord, at start: Int, reader: PPTRecordReader
    ) -> Int? {
        var size = fieldBytes(masks, paragraphFieldsBeforeTabs)
        if masks & 0x100000 != 0 {
            guard let count = reader.uint16(atom, at: start + size) else { return nil }
            size += 2 + 4 * Int(count)
        }
        return size + fieldBytes(masks, paragraphFieldsAfterTabs)
    }

    /// Exception fields as (mask bit, size in bytes), in stored order.
    private typealias FieldSizes = [(bit: UInt32, bytes: Int)]

    private static let paragraphFieldsBeforeTabs: FieldSizes = [
        (0x80, 2), (0x10, 2), (0x40, 2), (0x20, 4), (0x800, 2), (0x1000, 2), (0x2000, 2), (0x4000, 2),
        (0x100, 2), (0x400, 2), (0x8000, 2),
    ]
    private static let paragraphFieldsAfterTabs: FieldSizes = [(0x10000, 2), (0xE0000, 2), (0x200000, 2)]
    /// Font references, size and colour come before the position.
    private static let characterFieldsBeforePosition: FieldSizes = [
        (0x10000, 2), (0x200000, 2), (0x400000, 2), (0x800000, 2), (0x20000, 2), (0x40000, 4),
    ]

    /// The bytes the fields `masks` names take.
    @inline(__always)
    private static func fieldBytes(_ masks: UInt32, _ fields: FieldSizes) -> Int {
        var size = 0
        for field in fields where masks & field.bit != 0 { size += field.bytes }
        return size
    }
}

/// The character formatting Markdown can show.
struct PPTCharacterFormat: Equatable {
    var bold = false
    var italic = false
    /// Positive for superscript, negative for subscript.
    var baseline = 0
}
