/// How a Word file's 8-bit text turns into UTF-16: a byte table for a
/// single-byte code page, plus lead bytes joined with their trail byte for
/// a double-byte one (Shift_JIS, GBK, Big5, UHC).
///
/// A double-byte character takes two character positions; its trail's
/// position reads 0, which the text readers drop, so positions stay
/// aligned with the document's formatting tables.
struct DOCEightBitText {
    let table: [UInt16]
    /// The iconv name of a double-byte code page, and its lead bytes.
    let doubleByte: (iconvName: String, leads: [ClosedRange<UInt8>])?

    static let compressed = DOCEightBitText(table: DOCCodePage.compressed, doubleByte: nil)

    /// The text of the code page Windows uses for `languageID`.
    static func forLanguage(_ languageID: Int) -> DOCEightBitText {
        let codePage = DOCCodePage.ansiCodePage(forLanguage: languageID)
        switch codePage {
        case 932: return DOCEightBitText(table: DOCCodePage.table(forCodePage: 932), doubleByte: ("CP932", [0x81...0x9F, 0xE0...0xFC]))
        case 936: return DOCEightBitText(table: DOCCodePage.compressed.asciiOnly, doubleByte: ("GBK", [0x81...0xFE]))
        case 949: return DOCEightBitText(table: DOCCodePage.compressed.asciiOnly, doubleByte: ("CP949", [0x81...0xFE]))
        case 950: return DOCEightBitText(table: DOCCodePage.compressed.asciiOnly, doubleByte: ("BIG5", [0x81...0xFE]))
        default: return DOCEightBitText(table: DOCCodePage.table(forCodePage: codePage), doubleByte: nil)
        }
    }

    /// Word 97 and later store 8-bit ("compressed") text in Windows-1252
    /// (MS-DOC 2.4.1), but files written by other tools put the document
    /// language's code page there: its text is read that way when it reads
    /// clearly better so (Cyrillic letters rather than `Ïðèâåò`).
    static func forWord97(languageID: Int, sample: [UInt8]) -> DOCEightBitText {
        let codePage = DOCCodePage.ansiCodePage(forLanguage: languageID)
        guard codePage != 1252, sample.contains(where: { $0 >= 0x80 }),
              let encoding = DOCCodePage.textEncoding(forCodePage: codePage),
              let native = EncodingDetector.confidence(of: sample[...], as: encoding),
              native >= EncodingDetector.threshold
        else { return .compressed }
        let western = EncodingDetector.confidence(of: sample[...], as: .windows1252) ?? -1
        return native > western ? forLanguage(languageID) : .compressed
    }

    /// Decodes `count` bytes from `offset` into `units` from `start`.
    func decode(_ stream: [UInt8], offset: Int, count: Int, into units: inout [UInt16], at start: Int) {
        var index = 0
        while index < count {
            let byte = stream[offset + index]
            if let doubleByte, index + 1 < count, doubleByte.leads.contains(where: { $0.contains(byte) }),
               let unit = Self.decodePair(byte, stream[offset + index + 1], doubleByte.iconvName) {
                units[start + index] = unit
                units[start + index + 1] = 0
                index += 2
                continue
            }
            units[start + index] = table[Int(byte)]
            index += 1
        }
    }

    private static func decodePair(_ lead: UInt8, _ trail: UInt8, _ iconvName: String) -> UInt16? {
        guard let utf8 = Iconv.decode([lead, trail][...], from: iconvName) else { return nil }
        let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, scalar.value <= 0xFFFF else { return nil }
        return UInt16(scalar.value)
    }
}

extension Array where Element == UInt16 {
    /// The table with every byte above ASCII unmapped (0).
    fileprivate var asciiOnly: [UInt16] { enumerated().map { $0.offset < 0x80 ? $0.element : 0 } }
}
