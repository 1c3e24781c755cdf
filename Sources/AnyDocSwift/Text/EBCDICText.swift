/// EBCDIC text (IBM037, the US and Canada code page), as mainframe
/// exports still arrive. Its letters sit at 0x81–0xE9 and its space at
/// 0x40, so it fails every ASCII-based candidate; decoded, it must read
/// as ordinary Latin text: mostly letters, digits and spaces.
enum EBCDICText {
    /// The text as UTF-8 when `bytes` read as EBCDIC prose, else nil.
    static func decode(_ bytes: [UInt8]) -> [UInt8]? {
        let spaces = bytes.lazy.filter { $0 == 0x40 }.count
        guard bytes.count >= 16, spaces * 20 >= bytes.count,
              let utf8 = Iconv.decode(bytes[...], from: TextEncoding.ibm037.iconvName) else { return nil }
        var total = 0, ordinary = 0
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            total += 1
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil || properties.isWhitespace
                || ".,;:-'\"()!?/%&".unicodeScalars.contains(scalar) {
                ordinary += 1
            }
        }
        return ordinary * 100 >= total * 95 ? utf8 : nil
    }
}
