/// The four-byte sequences of GB18030 (`81–FE 30–39 81–FE 30–39`), which
/// carry everything outside GBK: emoji, rare hanzi, and the scripts of
/// China's other languages (Tibetan, Uyghur, Mongolian) as well as Latin,
/// Greek and Cyrillic letters with accents. No other candidate encoding
/// has a digit as a second byte, so text that decodes strictly with such
/// sequences is GB18030 beyond reasonable doubt, whatever its hanzi.
enum GB18030Structure {
    /// How many four-byte sequences `bytes` holds.
    static func fourByteCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte >= 0x81, byte <= 0xFE, index + 1 < bytes.endIndex else {
                index += 1
                continue
            }
            if (0x30...0x39).contains(bytes[index + 1]) {
                if index + 3 < bytes.endIndex { count += 1 }
                index += 4
            } else {
                index += 2
            }
        }
        return count
    }
}
