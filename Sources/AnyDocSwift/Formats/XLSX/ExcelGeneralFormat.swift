/// Excel's `General` number format: the number in at most 11 characters
/// (the minus sign not counted), with no trailing zeros, switching to
/// scientific notation (`1.23457E+11`) when the digits would not fit.
enum ExcelGeneralFormat {
    static let width = 11

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "#NUM!" : "#NUM!" }
        let sign = value < 0 ? "-" : ""
        // Whole numbers that fit are the common case.
        if value == value.rounded(), value.magnitude < 1e11 {
            return value == 0 ? "0" : sign + String(Int64(value.magnitude))
        }
        let decimal = ExcelDecimal(value)
        if decimal.isZero { return "0" }
        let text = fixedText(decimal) ?? scientificText(decimal, mantissaDigits: 6)
        return text == "0" ? "0" : sign + text
    }

    /// The plain decimal form when it fits the width, else nil.
    private static func fixedText(_ decimal: ExcelDecimal) -> String? {
        let exponent = decimal.leadingExponent
        if exponent >= width { return nil }
        if exponent >= 0 {
            // Integer digits, a point and as many decimals as still fit.
            let rounded = decimal.roundedToFractionDigits(max(0, width - 2 - exponent))
            if rounded.leadingExponent >= width { return nil }
            return plain(rounded)
        }
        if exponent >= -4 {
            // "0." leaves nine places.
            let rounded = decimal.roundedToFractionDigits(width - 2)
            return plain(rounded)
        }
        // Very small numbers keep the plain form only if it is exact.
        let text = plain(decimal)
        return text.utf8.count <= width ? text : nil
    }

    private static func plain(_ decimal: ExcelDecimal) -> String {
        if decimal.isZero { return "0" }
        let integer = decimal.integerDigits
        let fraction = decimal.allFractionDigits
        var text = integer.isEmpty ? "0" : integer.digitText
        if !fraction.isEmpty { text += "." + fraction.digitText }
        return text
    }

    /// `d.ddddE+xx` with up to `mantissaDigits` significant digits and no
    /// trailing zeros.
    static func scientificText(_ decimal: ExcelDecimal, mantissaDigits: Int) -> String {
        let rounded = decimal.roundedToSignificantDigits(mantissaDigits)
        let exponent = rounded.leadingExponent
        let mantissa = rounded.shifted(by: -exponent)
        var text = plain(mantissa)
        text += exponent < 0 ? "E-" : "E+"
        let digits = String(exponent.magnitude)
        if digits.utf8.count < 2 { text += "0" }
        return text + digits
    }
}
