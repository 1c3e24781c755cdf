/// Text as SpreadsheetML stores it.
enum XLSXText {
    /// Decodes the `_xHHHH_` escapes SpreadsheetML uses for characters XML
    /// cannot carry (`_x000D_` is a carriage return; `_x005F_` escapes an
    /// underscore that would otherwise start an escape).
    static func decodingEscapes(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "_")) else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        var pendingHighSurrogate: UInt32?
        while index < bytes.count {
            if let unit = escape(in: bytes, at: index) {
                index += 7
                if (0xD800...0xDBFF).contains(unit) {
                    pendingHighSurrogate = unit
                    continue
                }
                var scalarValue = unit
                if (0xDC00...0xDFFF).contains(unit) {
                    guard let high = pendingHighSurrogate else { continue }
                    scalarValue = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
                }
                pendingHighSurrogate = nil
                if let scalar = Unicode.Scalar(scalarValue) {
                    result.append(contentsOf: String(Character(scalar)).utf8)
                }
                continue
            }
            pendingHighSurrogate = nil
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The code unit of an `_xHHHH_` escape starting at `index`.
    private static func escape(in bytes: [UInt8], at index: Int) -> UInt32? {
        guard index + 6 < bytes.count, bytes[index] == UInt8(ascii: "_"), bytes[index + 1] == UInt8(ascii: "x"),
              bytes[index + 6] == UInt8(ascii: "_") else { return nil }
        var value: UInt32 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }

    /// True when the text has nothing but spaces, tabs and line breaks.
    static func isBlank(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    static func isBlank<Bytes: Collection>(bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
