/// Fast readings of the text of a number cell's value, for the shapes
/// spreadsheets write almost always (`42`, `-1234.5`), giving exactly what
/// the general paths give; anything else is left to them (nil or false).
enum XLSXNumberText {
    /// True for `0` and for a whole number of up to 15 digits without
    /// leading zeros, optionally negative: `General` shows it unchanged.
    static func isPlainInteger(_ text: String) -> Bool {
        var digits = 0
        var first = true
        var negative = false
        for byte in text.utf8 {
            if first, byte == UInt8(ascii: "-") {
                negative = true
                first = false
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            if byte == UInt8(ascii: "0"), digits == 0, !(text.utf8.count == 1) { return false }
            first = false
            digits += 1
            if digits > 15 { return false }
        }
        return digits > 0 && !(negative && digits == 1 && text.utf8.last == UInt8(ascii: "0"))
    }

    /// The Double of a plain decimal (`-?digits(.digits)?`) whose digits
    /// make an integer below 10^15 with at most 22 after the point: that
    /// integer and the power of ten are exact, so one division rounds as
    /// a text parser does (Clinger's fast path). Nil for anything else.
    static func double(_ text: String) -> Double? {
        var mantissa: UInt64 = 0
        var fractionDigits = 0
        var digits = 0
        var negative = false
        var seenPoint = false
        var index = 0
        for byte in text.utf8 {
            defer { index += 1 }
            if index == 0, byte == UInt8(ascii: "-") { negative = true; continue }
            if byte == UInt8(ascii: "."), !seenPoint, digits > 0 { seenPoint = true; continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
            guard mantissa < 1_000_000_000_000_000 else { return nil }
            digits += 1
            if seenPoint { fractionDigits += 1 }
        }
        guard digits > 0, !seenPoint || fractionDigits > 0, fractionDigits <= 22 else { return nil }
        let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
