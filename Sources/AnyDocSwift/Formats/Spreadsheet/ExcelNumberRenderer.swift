/// Writes a number through a number section: digit placeholders, decimal
/// point, thousands, percent, scientific notation and fractions.
///
/// The text is built as UTF-8 bytes in one buffer per cell: a sheet can
/// hold many thousands of formatted numbers, and a String per placeholder
/// cost more than the formatting itself.
extension ExcelFormatSection {
    /// The text for a non-negative value; the caller writes the sign.
    func renderNumber(_ magnitude: Double) -> String {
        // Percent and thousands scaling move the decimal point exactly.
        let decimal = ExcelDecimal(magnitude).shifted(by: 2 * percentCount - 3 * thousandsScaling)
        var out: [UInt8] = []
        out.reserveCapacity(32)
        switch form {
        case .decimal:
            let fractionCount = placeholders.fraction.count
            let rounded = decimal.roundedToFractionDigits(fractionCount)
            write(integer: rounded.integerRun, fraction: rounded.fractionRun(fractionCount), into: &out)
        case .scientific:
            writeScientific(decimal, into: &out)
        case .fraction(let hasInteger, let fractionItems):
            writeFraction(decimal, hasInteger: hasInteger, fractionItems: fractionItems, into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func writeScientific(_ decimal: ExcelDecimal, into out: inout [UInt8]) {
        let integerCount = placeholders.integer.count
        let fractionCount = placeholders.fraction.count
        // `##0.0E+0` keeps exponents in multiples of the integer width.
        let engineering = integerCount > 1 && placeholders.integer.contains { $0 != .zero }
        func exponent(for leading: Int) -> Int {
            if engineering {
                let quotient = leading >= 0 ? leading / integerCount : -((-leading + integerCount - 1) / integerCount)
                return quotient * integerCount
            }
            return leading - max(integerCount, 1) + 1
        }
        var power = 0
        var mantissa = decimal.roundedToFractionDigits(fractionCount)
        if !decimal.isZero {
            power = exponent(for: decimal.leadingExponent)
            mantissa = decimal.shifted(by: -power).roundedToFractionDigits(fractionCount)
            if mantissa.integerRun.count > max(integerCount, 1) {
                // Rounding carried into a new digit (9.99 → 10.0).
                power = exponent(for: decimal.leadingExponent + 1)
                mantissa = decimal.shifted(by: -power).roundedToFractionDigits(fractionCount)
            }
        }
        write(integer: mantissa.integerRun, fraction: mantissa.fractionRun(fractionCount), exponent: power, into: &out)
    }

    /// Integer, fraction and exponent digits placed on the items.
    private func write<Integer: ExcelDigits, Fraction: ExcelDigits>(
        integer: Integer, fraction: Fraction, exponent: Int? = nil, into out: inout [UInt8]
    ) {
        let lastSignificant = fraction.lastIndex { $0 != 0 } ?? -1
        var integerIndex = 0
        var fractionIndex = 0
        var wroteExponent = false
        for item in items {
            switch item {
            case .literal(let text): out.append(contentsOf: text.utf8)
            case .integerDigit:
                Self.appendIntegerSlot(integerIndex, digits: integer, placeholders: placeholders.integer, grouping: groupsThousands, to: &out)
                integerIndex += 1
            case .decimalPoint:
                // Without integer placeholders the integer digits sit before the point.
                if placeholders.integer.isEmpty { Self.appendDigits(integer, to: &out) }
                out.append(UInt8(ascii: "."))
            case .fractionDigit:
                Self.appendFractionSlot(fractionIndex, digits: fraction, lastSignificant: lastSignificant, placeholders: placeholders.fraction, to: &out)
                fractionIndex += 1
            case .exponent(let letter, let showsPlus):
                out.append(contentsOf: letter.utf8)
                if (exponent ?? 0) < 0 {
                    out.append(UInt8(ascii: "-"))
                } else if showsPlus {
                    out.append(UInt8(ascii: "+"))
                }
            case .exponentDigit:
                if !wroteExponent, let exponent {
                    let digits = String(exponent.magnitude).utf8
                    let padding = placeholders.minimumExponentDigits - digits.count
                    if padding > 0 { out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: padding)) }
                    out.append(contentsOf: digits)
                }
                wroteExponent = true
            default: break
            }
        }
    }

    /// Appends the text of integer placeholder `index` (left to right).
    /// Digits are aligned from the right; digits beyond the placeholders
    /// go with the first one; an unused placeholder gives `0`, a space or
    /// nothing. With grouping, a separator follows every third position
    /// from the right: a comma after a digit, a space after a `?` space.
    static func appendIntegerSlot<Digits: ExcelDigits>(
        _ index: Int, digits: Digits, placeholders: [Placeholder], grouping: Bool, to out: inout [UInt8]
    ) {
        let count = placeholders.count
        guard index >= 0, index < count else { return }
        if index == 0, digits.count > count {
            for extra in stride(from: digits.count - 1, through: count, by: -1) {
                out.append(digitCharacter(digits[digits.count - 1 - extra]))
                if grouping, extra % 3 == 0 { out.append(UInt8(ascii: ",")) }
            }
        }
        let position = count - 1 - index
        let character: UInt8
        if position < digits.count {
            character = digitCharacter(digits[digits.count - 1 - position])
        } else {
            switch placeholders[index] {
            case .zero: character = UInt8(ascii: "0")
            case .question: character = UInt8(ascii: " ")
            case .hash: return
            }
        }
        out.append(character)
        if grouping, position > 0, position % 3 == 0 {
            out.append(character == UInt8(ascii: " ") ? UInt8(ascii: " ") : UInt8(ascii: ","))
        }
    }

    /// Appends the text of fraction placeholder `index`: trailing zeros
    /// (after `lastSignificant`) become nothing for `#` and spaces for `?`.
    static func appendFractionSlot<Digits: ExcelDigits>(
        _ index: Int, digits: Digits, lastSignificant: Int, placeholders: [Placeholder], to out: inout [UInt8]
    ) {
        guard index >= 0, index < placeholders.count else { return }
        if index <= lastSignificant, index < digits.count {
            out.append(digitCharacter(digits[index]))
            return
        }
        switch placeholders[index] {
        case .zero: out.append(UInt8(ascii: "0"))
        case .question: out.append(UInt8(ascii: " "))
        case .hash: break
        }
    }

    static func appendDigits<Digits: ExcelDigits>(_ digits: Digits, to out: inout [UInt8]) {
        for digit in digits { out.append(digitCharacter(digit)) }
    }

    /// The ASCII character of a digit value (0–9).
    static func digitCharacter(_ digit: UInt8) -> UInt8 {
        UInt8(ascii: "0") &+ min(digit, 9)
    }
}
