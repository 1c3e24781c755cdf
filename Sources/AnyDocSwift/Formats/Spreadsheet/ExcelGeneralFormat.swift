/// The `General` number format, shared by every spreadsheet format.
///
/// Excel shows General numbers in at most 11 characters and so turns
/// 123456789012345 into `1.23457E+14`; an account number read that way
/// cannot be recovered. Here every significant digit is kept instead:
/// whole numbers with all the digits their Double holds (up to 17), other
/// numbers with Excel's 15 (so 0.1 + 0.2 still shows as 0.3). Plain
/// decimals are written from 10⁻⁵ up to 10¹⁷; beyond, scientific
/// notation with the same digits (`1.5E+20`, `1.2345E-07`).
enum ExcelGeneralFormat {
    /// Excel's precision for numbers that are not whole.
    static let fractionPrecision = 15
    /// The shortest text of a Double has at most 17 digits.
    static let wholePrecision = 17
    /// Powers of ten written as plain decimals.
    static let plainExponents = -5..<17

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "#NUM!" }
        let sign = value < 0 ? "-" : ""
        // Whole numbers that fit are the common case.
        if value == value.rounded(), value.magnitude < 1e15 {
            return value == 0 ? "0" : sign + String(Int64(value.magnitude))
        }
        let isWhole = value == value.rounded()
        let decimal = ExcelDecimal(value, significantDigits: isWhole ? wholePrecision : fractionPrecision)
        if decimal.isZero { return "0" }
        let text = plainExponents.contains(decimal.leadingExponent)
            ? plain(decimal) : scientificText(decimal, mantissaDigits: wholePrecision)
        return sign + text
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
