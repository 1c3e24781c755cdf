import Testing
@testable import AnyDocSwift

/// Word 97 files as small tools write them: a FIB that carries only the
/// `fcLcb` pairs up to the piece table (MS-DOC lets `cbRgFcLcb` say how
/// many there are), a table stream holding the piece table alone, and
/// 8-bit text in the code page of the document's language.
@Suite struct MinimalWordFileTests {
    static func build(text: [UInt8], languageID: UInt16, pairCount: Int, csw: Int = 14, cslw: Int = 22) -> [UInt8] {
        let pairsStart = 32 + 2 + 2 * csw + 2 + 4 * cslw + 2
        let textOffset = pairsStart + 8 * pairCount
        var word = [UInt8](repeating: 0, count: textOffset)
        func put16(_ offset: Int, _ value: Int) {
            word[offset] = UInt8(value & 0xFF)
            word[offset + 1] = UInt8(value >> 8 & 0xFF)
        }
        func put32(_ offset: Int, _ value: Int) {
            put16(offset, value & 0xFFFF)
            put16(offset + 2, value >> 16 & 0xFFFF)
        }
        put16(0, 0xA5EC)
        put16(2, 0x00C1)
        put16(6, Int(languageID))
        // fcMin and fcMac, which Word 97 still fills in: where the text lies.
        put32(0x18, textOffset)
        put32(0x1C, textOffset + text.count)
        put16(32, csw)
        let longs = 32 + 2 + 2 * csw + 2
        put16(longs - 2, cslw)
        if cslw > 0 { put32(longs, textOffset + text.count) }  // cbMac
        if cslw > 3 { put32(longs + 12, text.count) }  // ccpText
        put16(pairsStart - 2, pairCount)
        var clx: [UInt8] = []
        if pairCount > 33 {
            // fcClx/lcbClx, pair 33: the piece table at the start of 0Table.
            clx = [0x02] + le32(16) + le32(0) + le32(text.count) + [0, 0] + le32(0x4000_0000 | textOffset * 2) + [0, 0]
            put32(pairsStart + 8 * 33, 0)
            put32(pairsStart + 8 * 33 + 4, clx.count)
        }
        word += text
        return CompoundFileFixture(streams: [("WordDocument", word), ("0Table", clx)]).build().bytes
    }

    static func le32(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)]
    }

    static func encode(_ text: String, _ iconvName: String) -> [UInt8] {
        Iconv(from: "UTF-8", to: iconvName)!.convert(Array(text.utf8)[...])!
    }

    @Test(arguments: [34, 93])
    func englishWithFewPairs(_ pairs: Int) throws {
        let bytes = Self.build(text: Array("Hello from a minimal file.\r".utf8), languageID: 0x0409, pairCount: pairs)
        #expect(try AnyDocConverter().markdown(bytes, fileName: "minimal.doc") == "Hello from a minimal file.\n")
    }

    /// Only the longs up to `ccpText`.
    @Test func fewLongs() throws {
        let bytes = Self.build(text: Array("Four longs are enough.\r".utf8), languageID: 0x0409, pairCount: 34, cslw: 4)
        #expect(try AnyDocConverter().markdown(bytes, fileName: "minimal.doc") == "Four longs are enough.\n")
    }

    /// FibBase alone, with no counted arrays and so no piece table: the
    /// text runs from fcMin to fcMac.
    @Test func fibBaseOnly() throws {
        let bytes = Self.build(text: Array("Only the base.\r".utf8), languageID: 0x0409, pairCount: 0, csw: 0, cslw: 0)
        #expect(try AnyDocConverter().markdown(bytes, fileName: "minimal.doc") == "Only the base.\n")
        let russian = Self.build(text: Self.encode("Только основа.\r", "CP1251"), languageID: 0x0419, pairCount: 0, csw: 0, cslw: 0)
        #expect(try AnyDocConverter().markdown(russian, fileName: "russian.doc") == "Только основа.\n")
    }

    @Test func cyrillicByLanguage() throws {
        let bytes = Self.build(text: Self.encode("Привет, мир! Это документ.\r", "CP1251"), languageID: 0x0419, pairCount: 34)
        #expect(try AnyDocConverter().markdown(bytes, fileName: "russian.doc") == "Привет, мир! Это документ.\n")
    }

    @Test func shiftJISByLanguage() throws {
        let bytes = Self.build(text: Self.encode("東京は日本の首都です。\r", "CP932"), languageID: 0x0411, pairCount: 34)
        #expect(try AnyDocConverter().markdown(bytes, fileName: "japanese.doc") == "東京は日本の首都です。\n")
    }

    /// Western text in a Cyrillic-language file stays Windows-1252, as
    /// Word's compressed text is.
    @Test func westernTextKeepsWindows1252() throws {
        let bytes = Self.build(text: Self.encode("Café au lait, crème brûlée.\r", "CP1252"), languageID: 0x0419, pairCount: 93)
        #expect(try AnyDocConverter().markdown(bytes, fileName: "cafe.doc") == "Café au lait, crème brûlée.\n")
    }
}
