/// Writes a number through a number section: digit placeholders, decimal
/// point, thousands, percent, scientific notation and fractions.
extension ExcelFormatSection {
    /// The text for a non-negative value; the caller writes the sign.
    func renderNumber(_ magnitude: Double) -> String {
        // Percent and thousands scaling move the decimal point exactly.
        let decimal = ExcelDecimal(magnitude).shifted(by: 2 * percentCount - 3 * thousandsScaling)
        switch form {
        case .decimal:
            let rounded = decimal.roundedToFractionDigits(fractionPlaceholders.count)
            return write(integer: rounded.integerDigits, fraction: rounded.fractionDigits(fractionPlaceholders.count))
        case .scientific:
            return renderScientific(decimal)
        case .fraction(let hasInteger, let fractionItems):
            return renderFraction(decimal, hasInteger: hasInteger, fractionItems: fractionItems)
        }
    }

    private func renderScientific(_ decimal: ExcelDecimal) -> String {
        let integerCount = integerPlaceholders.count
        let fractionCount = fractionPlaceholders.count
        // `##0.0E+0` keeps exponents in multiples of the integer width.
        let engineering = integerCount > 1 && integerPlaceholders.contains { $0 != .zero }
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
            if mantissa.integerDigits.count > max(integerCount, 1) {
                // Rounding carried into a new digit (9.99 → 10.0).
                power = exponent(for: decimal.leadingExponent + 1)
                mantissa = decimal.shifted(by: -power).roundedToFractionDigits(fractionCount)
            }
        }
        return write(integer: mantissa.integerDigits, fraction: mantissa.fractionDigits(fractionCount), exponent: power)
    }

    /// Integer, fraction and exponent digits placed on the items.
    private func write(integer: [UInt8], fraction: [UInt8], exponent: Int? = nil) -> String {
        let integerSlots = Self.integerSlots(integer, placeholders: integerPlaceholders, grouping: groupsThousands)
        let fractionSlots = Self.fractionSlots(fraction, placeholders: fractionPlaceholders)
        var exponentText = ""
        if let exponent {
            var minimum = 0
            for item in items { if case .exponentDigit(.zero) = item { minimum += 1 } }
            exponentText = String(exponent.magnitude)
            if exponentText.utf8.count < minimum {
                exponentText = String(repeating: "0", count: minimum - exponentText.utf8.count) + exponentText
            }
        }
        var result = ""
        var integerIndex = 0
        var fractionIndex = 0
        var wroteExponent = false
        for item in items {
            switch item {
            case .literal(let text): result += text
            case .integerDigit:
                result += integerSlots[integerIndex]
                integerIndex += 1
            case .decimalPoint:
                // Without integer placeholders the integer digits sit before the point.
                if integerSlots.isEmpty { result += integer.digitText }
                result += "."
            case .fractionDigit:
                result += fractionSlots[fractionIndex]
                fractionIndex += 1
            case .exponent(let letter, let showsPlus):
                result += letter + ((exponent ?? 0) < 0 ? "-" : showsPlus ? "+" : "")
            case .exponentDigit:
                if !wroteExponent { result += exponentText }
                wroteExponent = true
            default: break
            }
        }
        return result
    }

    /// The text of each integer placeholder, left to right. Digits are
    /// aligned from the right; digits beyond the placeholders go with the
    /// first one; unused placeholders give `0`, a space or nothing. With
    /// grouping, a separator follows every third position from the right:
    /// a comma after a digit, a space after a `?` space.
    static func integerSlots(_ digits: [UInt8], placeholders: [Placeholder], grouping: Bool) -> [String] {
        let count = placeholders.count
        var slots: [String] = []
        slots.reserveCapacity(count)
        func separator(after position: Int, character: String) -> String {
            guard grouping, position > 0, position % 3 == 0 else { return "" }
            switch character {
            case "": return ""
            case " ": return " "
            default: return ","
            }
        }
        for (index, placeholder) in placeholders.enumerated() {
            var text = ""
            let position = count - 1 - index
            if index == 0, digits.count > count {
                for extra in stride(from: digits.count - 1, through: count, by: -1) {
                    let digit = String(UnicodeScalar(digits[digits.count - 1 - extra] + 48))
                    text += digit + separator(after: extra, character: digit)
                }
            }
            let character: String
            if position < digits.count {
                character = String(UnicodeScalar(digits[digits.count - 1 - position] + 48))
            } else {
                switch placeholder {
                case .zero: character = "0"
                case .question: character = " "
                case .hash: character = ""
                }
            }
            text += character + separator(after: position, character: character)
            slots.append(text)
        }
        return slots
    }

    /// The text of each fraction placeholder: trailing zeros become
    /// nothing for `#` and spaces for `?`.
    static func fractionSlots(_ digits: [UInt8], placeholders: [Placeholder]) -> [String] {
        let lastSignificant = digits.lastIndex { $0 != 0 } ?? -1
        return placeholders.enumerated().map { index, placeholder in
            if index <= lastSignificant, index < digits.count {
                return String(UnicodeScalar(digits[index] + 48))
            }
            switch placeholder {
            case .zero: return "0"
            case .question: return " "
            case .hash: return ""
            }
        }
    }

    // MARK: - Fractions

    private func renderFraction(_ decimal: ExcelDecimal, hasInteger: Bool, fractionItems: Range<Int>) -> String {
        let integerText = decimal.integerDigits.isEmpty ? "0" : decimal.integerDigits.digitText
        let fractionText = decimal.allFractionDigits.isEmpty ? "0" : decimal.allFractionDigits.digitText
        let value = Double(integerText + "." + fractionText) ?? 0
        var numeratorPlaceholders: [Placeholder] = []
        var denominatorPlaceholders: [Placeholder] = []
        var fixedDenominator: Int?
        var numeratorStart = fractionItems.lowerBound
        for (index, item) in items.enumerated() {
            switch item {
            case .numerator(let p):
                if numeratorPlaceholders.isEmpty { numeratorStart = index }
                numeratorPlaceholders.append(p)
            case .denominator(let p): denominatorPlaceholders.append(p)
            case .fixedDenominator(let value): fixedDenominator = value
            default: break
            }
        }
        var whole = hasInteger ? value.rounded(.down) : 0
        let remainder = value - whole
        var numerator = 0
        var denominator = 1
        // Digits of an improper numerator too large to find a fraction for.
        var largeNumerator: [UInt8]?
        if remainder >= 1e9 {
            denominator = fixedDenominator ?? 1
            largeNumerator = ExcelDecimal((remainder * Double(denominator)).rounded()).integerDigits
        } else if let fixedDenominator {
            denominator = fixedDenominator
            numerator = Int((remainder * Double(denominator)).rounded())
        } else {
            let maximum = Int(pow10(min(max(denominatorPlaceholders.count, 1), 7))) - 1
            (numerator, denominator) = Self.approximate(remainder, maxDenominator: maximum)
        }
        if hasInteger, numerator >= denominator, denominator > 0 {
            whole += Double(numerator / denominator)
            numerator %= denominator
        }
        // A zero fraction after a whole number is hidden (blank where a `?`
        // asks for width); an empty whole part drops its separator, or
        // blanks it when `?` asks for width.
        let hidesFraction = hasInteger && numerator == 0 && !numeratorPlaceholders.contains(.zero)
        let padsWithSpaces = integerPlaceholders.contains(.question) || numeratorPlaceholders.contains(.question)
        let blanksFraction = hidesFraction && (padsWithSpaces || denominatorPlaceholders.contains(.question))
        let integerDigits: [UInt8]
        if whole == 0 {
            // Zero shows as "0" rather than as nothing.
            integerDigits = hidesFraction ? [0] : []
        } else {
            integerDigits = ExcelDecimal(whole).integerDigits
        }
        let integerSlots = Self.integerSlots(integerDigits, placeholders: integerPlaceholders, grouping: groupsThousands)
        let numeratorDigits = largeNumerator ?? Array(String(numerator).utf8).map { $0 - UInt8(ascii: "0") }
        let numeratorSlots = Self.integerSlots(numeratorDigits, placeholders: numeratorPlaceholders, grouping: false)
        let denominatorText = Self.denominatorText(denominator, placeholders: denominatorPlaceholders)

        let wholeText = integerSlots.joined()
        let separatorRange = fractionItems.lowerBound..<max(fractionItems.lowerBound, numeratorStart)
        let separatorBlank = hasInteger && !hidesFraction && wholeText.unicodeScalars.allSatisfy { $0 == " " }
        let separatorDropped = separatorBlank && !padsWithSpaces

        var result = ""
        var integerIndex = 0
        var wroteNumerator = false
        var wroteDenominator = false
        for (index, item) in items.enumerated() {
            var piece = ""
            switch item {
            case .literal(let text): piece = text
            case .integerDigit:
                piece = integerSlots[integerIndex]
                integerIndex += 1
            case .numerator:
                if !wroteNumerator { piece = numeratorSlots.joined() }
                wroteNumerator = true
            case .denominator:
                if !wroteDenominator { piece = denominatorText }
                wroteDenominator = true
            case .fixedDenominator(let value): piece = String(value)
            default: break
            }
            if fractionItems.contains(index) {
                if hidesFraction {
                    if blanksFraction {
                        let width: Int
                        switch item {
                        case .literal(let text): width = text.count
                        case .fixedDenominator(let value): width = String(value).utf8.count
                        default: width = 1
                        }
                        result += String(repeating: " ", count: width)
                    }
                    continue
                }
                if separatorRange.contains(index), separatorBlank {
                    if !separatorDropped { result += String(repeating: " ", count: piece.count) }
                    continue
                }
            }
            result += piece
        }
        return result
    }

    /// Denominator digits: zero-padded on the left for `0` placeholders,
    /// followed by spaces for unused `?`.
    private static func denominatorText(_ value: Int, placeholders: [Placeholder]) -> String {
        var text = String(value)
        let missing = placeholders.count - text.utf8.count
        guard missing > 0 else { return text }
        if placeholders.allSatisfy({ $0 == .zero }) {
            return String(repeating: "0", count: missing) + text
        }
        for placeholder in placeholders.suffix(missing) where placeholder != .hash { text += " " }
        return text
    }

    /// The closest fraction to `value` with a denominator up to
    /// `maxDenominator` (continued fractions with semiconvergents).
    static func approximate(_ value: Double, maxDenominator: Int) -> (Int, Int) {
        // Below 1e9 numerators stay far from overflow (at most 1e9 × 1e7).
        guard value > 0, value.isFinite, value < 1e9 else { return (0, 1) }
        var p0 = 0, q0 = 1, p1 = 1, q1 = 0
        var rest = value
        for _ in 0..<64 {
            let whole = rest.rounded(.down)
            guard whole < 1e12 else { break }
            let a = Int(whole)
            if q1 > 0, a > (maxDenominator - q0) / q1 { break }
            let q2 = q0 + a * q1
            if q2 > maxDenominator { break }
            (p0, q0, p1, q1) = (p1, q1, p0 + a * p1, q2)
            let fraction = rest - whole
            if fraction < 1e-12 { break }
            rest = 1 / fraction
        }
        guard q1 > 0 else { return (0, 1) }
        let k = (maxDenominator - q0) / q1
        let lower = (p0 + k * p1, q0 + k * q1)
        let upper = (p1, q1)
        let lowerError = abs(Double(lower.0) / Double(lower.1) - value)
        let upperError = abs(Double(upper.0) / Double(upper.1) - value)
        return upperError <= lowerError ? upper : lower
    }

    private func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
