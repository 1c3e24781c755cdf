/// Writes a number through a fraction section (`# ?/?`, `?/8`): the
/// closest fraction for the placeholders, or the fixed denominator.
extension ExcelFormatSection {
    func writeFraction(_ decimal: ExcelDecimal, hasInteger: Bool, fractionItems: Range<Int>, into out: inout [UInt8]) {
        let parts = fractionParts(of: decimal.doubleValue, hasInteger: hasInteger)
        let layout = fractionLayout(of: parts, hasInteger: hasInteger, fractionItems: fractionItems)
        writeFractionItems(layout, into: &out)
    }

    /// The number as whole part, numerator and denominator, before any
    /// placeholders are applied.
    private struct FractionParts {
        var whole: Double
        var numerator: Int
        var denominator: Int
        /// Digits of an improper numerator too large to find a fraction for.
        var largeNumerator: [UInt8]?
    }

    /// What the items loop needs: the digits to place and which pieces of
    /// the fraction are hidden, blanked or dropped.
    private struct FractionLayout {
        var fractionItems: Range<Int>
        var integerDigits: [UInt8]
        var numeratorDigits: [UInt8]
        var denominator: Int
        var hidesFraction: Bool
        var blanksFraction: Bool
        var separatorRange: Range<Int>
        var separatorBlank: Bool
        var separatorDropped: Bool
    }

    /// The closest fraction for the denominator placeholders, or the fixed
    /// denominator; an improper fraction is folded into the whole part.
    private func fractionParts(of value: Double, hasInteger: Bool) -> FractionParts {
        var whole = hasInteger ? value.rounded(.down) : 0
        let remainder = value - whole
        var numerator = 0
        var denominator = 1
        var largeNumerator: [UInt8]?
        if remainder >= 1e9 {
            denominator = placeholders.fixedDenominator ?? 1
            largeNumerator = ExcelDecimal((remainder * Double(denominator)).rounded()).integerDigits
        } else if let fixedDenominator = placeholders.fixedDenominator {
            denominator = fixedDenominator
            numerator = Int((remainder * Double(denominator)).rounded())
        } else {
            let maximum = Int(Self.pow10(min(max(placeholders.denominator.count, 1), 7))) - 1
            (numerator, denominator) = Self.approximate(remainder, maxDenominator: maximum)
        }
        if hasInteger, numerator >= denominator, denominator > 0 {
            whole += Double(numerator / denominator)
            numerator %= denominator
        }
        return FractionParts(whole: whole, numerator: numerator, denominator: denominator, largeNumerator: largeNumerator)
    }

    /// Decides the digits and which pieces show. A zero fraction after a
    /// whole number is hidden (blank where a `?` asks for width); an empty
    /// whole part drops its separator, or blanks it when `?` asks for width.
    private func fractionLayout(of parts: FractionParts, hasInteger: Bool, fractionItems: Range<Int>) -> FractionLayout {
        let numeratorPlaceholders = placeholders.numerator
        let numeratorStart = placeholders.numeratorStart ?? fractionItems.lowerBound
        let hidesFraction = hasInteger && parts.numerator == 0 && !numeratorPlaceholders.contains(.zero)
        let padsWithSpaces = placeholders.integer.contains(.question) || numeratorPlaceholders.contains(.question)
        let blanksFraction = hidesFraction && (padsWithSpaces || placeholders.denominator.contains(.question))
        let integerDigits: [UInt8]
        if parts.whole == 0 {
            // Zero shows as "0" rather than as nothing.
            integerDigits = hidesFraction ? [0] : []
        } else {
            integerDigits = ExcelDecimal(parts.whole).integerDigits
        }

        // Whether the whole part shows only spaces decides the separator.
        var wholeText: [UInt8] = []
        for index in placeholders.integer.indices {
            Self.appendIntegerSlot(index, digits: integerDigits, placeholders: placeholders.integer, grouping: groupsThousands, to: &wholeText)
        }
        let separatorBlank = hasInteger && !hidesFraction && wholeText.allSatisfy { $0 == UInt8(ascii: " ") }
        return FractionLayout(
            fractionItems: fractionItems,
            integerDigits: integerDigits,
            numeratorDigits: parts.largeNumerator ?? ExcelDecimal.digits(of: parts.numerator),
            denominator: parts.denominator,
            hidesFraction: hidesFraction,
            blanksFraction: blanksFraction,
            separatorRange: fractionItems.lowerBound..<max(fractionItems.lowerBound, numeratorStart),
            separatorBlank: separatorBlank,
            separatorDropped: separatorBlank && !padsWithSpaces
        )
    }

    /// Writes every item; each piece is written, then taken back if the
    /// fraction hides it.
    private func writeFractionItems(_ layout: FractionLayout, into out: inout [UInt8]) {
        var integerIndex = 0
        var wroteNumerator = false
        var wroteDenominator = false
        for (index, item) in items.enumerated() {
            let start = out.count
            switch item {
            case .literal(let text): out.append(contentsOf: text.utf8)
            case .integerDigit:
                Self.appendIntegerSlot(integerIndex, digits: layout.integerDigits, placeholders: placeholders.integer, grouping: groupsThousands, to: &out)
                integerIndex += 1
            case .numerator:
                if !wroteNumerator {
                    for slot in placeholders.numerator.indices {
                        Self.appendIntegerSlot(slot, digits: layout.numeratorDigits, placeholders: placeholders.numerator, grouping: false, to: &out)
                    }
                }
                wroteNumerator = true
            case .denominator:
                if !wroteDenominator { Self.appendDenominator(layout.denominator, placeholders: placeholders.denominator, to: &out) }
                wroteDenominator = true
            case .fixedDenominator(let value): out.append(contentsOf: String(value).utf8)
            default: break
            }
            guard layout.fractionItems.contains(index) else { continue }
            Self.reshapePiece(item, at: index, from: start, layout: layout, in: &out)
        }
    }

    /// Takes back the piece written from `start` when the fraction or the
    /// separator is hidden, leaving spaces of its width where it is blanked.
    private static func reshapePiece(_ item: Item, at index: Int, from start: Int, layout: FractionLayout, in out: inout [UInt8]) {
        if layout.hidesFraction {
            let pieceWidth = characterCount(out[start...])
            out.removeSubrange(start...)
            if layout.blanksFraction {
                let width: Int
                switch item {
                case .literal, .fixedDenominator: width = pieceWidth
                default: width = 1
                }
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width))
            }
        } else if layout.separatorRange.contains(index), layout.separatorBlank {
            let pieceWidth = characterCount(out[start...])
            out.removeSubrange(start...)
            if !layout.separatorDropped { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: pieceWidth)) }
        }
    }

    /// Characters (not bytes) in UTF-8 text, as a column width.
    private static func characterCount(_ bytes: ArraySlice<UInt8>) -> Int {
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count }
        return String(decoding: bytes, as: UTF8.self).count
    }

    /// Denominator digits: zero-padded on the left for `0` placeholders,
    /// followed by spaces for unused `?`.
    private static func appendDenominator(_ value: Int, placeholders: [Placeholder], to out: inout [UInt8]) {
        let digits = String(value).utf8
        let missing = placeholders.count - digits.count
        let zeroPadded = missing > 0 && placeholders.allSatisfy { $0 == .zero }
        if zeroPadded { out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: missing)) }
        out.append(contentsOf: digits)
        guard missing > 0, !zeroPadded else { return }
        for placeholder in placeholders.suffix(missing) where placeholder != .hash { out.append(UInt8(ascii: " ")) }
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

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
