/// Byte-to-UTF-16 tables for Word's 8-bit text.
enum DOCCodePage {
    /// Compressed text of Word 97 and later (MS-DOC 2.4.1): Windows-1252,
    /// whose 0x80–0x9F block holds typographic characters rather than C1
    /// controls. The five bytes 1252 leaves undefined stay controls and are
    /// dropped with the others.
    static let compressed: [UInt16] = {
        var table = (0...255).map { UInt16($0) }
        let high: [UInt16] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        for (index, value) in high.enumerated() { table[0x80 + index] = value }
        return table
    }()

    /// The table for Word 6/95 text in the ANSI code page of `languageID`
    /// (a Windows LCID); Western European when the language is unknown.
    static func table(forLanguage languageID: Int) -> [UInt16] {
        table(forCodePage: ansiCodePage(forLanguage: languageID))
    }

    /// The byte table of a single-byte Windows code page (a double-byte
    /// one maps its single-byte characters only).
    static func table(forCodePage codePage: Int) -> [UInt16] {
        guard codePage != 1252, let converter = Iconv(from: "CP\(codePage)") else { return compressed }
        var table = (0...255).map { UInt16($0) }
        for byte in 0x80...0xFF {
            let decoded = converter.convert([UInt8(byte)][...]).map { String(decoding: $0, as: UTF8.self) }
            if let scalar = decoded?.unicodeScalars.first, decoded?.unicodeScalars.count == 1, scalar.value <= 0xFFFF {
                table[byte] = UInt16(scalar.value)
            } else {
                table[byte] = 0
            }
        }
        return table
    }

    /// The encoding detection scores a code page's text as, if any.
    static func textEncoding(forCodePage codePage: Int) -> TextEncoding? {
        switch codePage {
        case 1250: .windows1250
        case 1251: .windows1251
        case 1253: .windows1253
        case 1255: .windows1255
        case 1256: .windows1256
        case 932: .shiftJIS
        case 936: .gb18030
        case 949: .cp949
        case 950: .big5
        default: nil
        }
    }

    /// The ANSI code page Windows uses for a language's documents.
    static func ansiCodePage(forLanguage languageID: Int) -> Int {
        switch languageID {
        case 0x0404, 0x0C04, 0x1404: return 950
        case 0x0804, 0x1004: return 936
        default: break
        }
        return switch languageID & 0x3FF {
        case 0x11: 932
        case 0x12: 949
        case 0x04: 936
        case 0x02, 0x19, 0x22, 0x23, 0x2F: 1251
        case 0x05, 0x0E, 0x15, 0x18, 0x1A, 0x1B, 0x1C, 0x24: 1250
        case 0x08: 1253
        case 0x1F: 1254
        case 0x0D: 1255
        case 0x01, 0x20, 0x29: 1256
        case 0x25, 0x26, 0x27: 1257
        case 0x2A: 1258
        case 0x1E: 874
        default: 1252
        }
    }
}
