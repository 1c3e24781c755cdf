/// A finite, non-negative number as decimal digits.
///
/// Excel keeps 15 significant digits and rounds what it shows in decimal,
/// so formatting works on these digits rather than on the binary value:
/// 2.675 shows as 2.68 and 0.1 + 0.2 as 0.3, as in Excel.
struct ExcelDecimal: Equatable {
    /// Significant digits (0–9) without leading or trailing zeros; empty
    /// for zero.
    private(set) var digits: [UInt8]
    /// The value is 0.d₁d₂… × 10^pointPosition.
    private(set) var pointPosition: Int

    var isZero: Bool { digits.isEmpty }

    /// The power of ten of the first significant digit (1234 → 3); 0 for zero.
    var leadingExponent: Int { isZero ? 0 : pointPosition - 1 }

    init(digits: [UInt8], pointPosition: Int) {
        self.digits = digits
        self.pointPosition = pointPosition
        normalize()
    }

    /// The magnitude of `value`, rounded to `significantDigits` (Excel's
    /// precision). Infinity and NaN read as zero: spreadsheets cannot hold them.
    init(_ value: Double, significantDigits: Int = 15) {
        digits = []
        pointPosition = 0
        let magnitude = value.magnitude
        guard magnitude.isFinite, magnitude > 0 else { return }
        // The shortest text of a Double has at most 17 digits.
        digits.reserveCapacity(17)
        // Swift prints the shortest text that reads back as the same
        // Double: "2.675", "1e-05", "1.2345678901234568e+17".
        var integerDigitCount = 0
        var seenPoint = false
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 100_000)
                } else {
                    digits.append(byte - UInt8(ascii: "0"))
                    if !seenPoint { integerDigitCount += 1 }
                }
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            default: break
            }
        }
        pointPosition = integerDigitCount + exponentSign * exponent
        normalize()
        self = roundedToSignificantDigits(significantDigits)
    }

    /// Rounded half away from zero to `count` significant digits.
    func roundedToSignificantDigits(_ count: Int) -> ExcelDecimal {
        roundedAt(keeping: max(count, 1))
    }

    /// Rounded half away from zero to `count` digits after the point.
    func roundedToFractionDigits(_ count: Int) -> ExcelDecimal {
        roundedAt(keeping: pointPosition + count)
    }

    /// Keeps the first `kept` digits (which may be zero or negative: then
    /// the value rounds to zero or to one unit at the last kept place).
    private func roundedAt(keeping kept: Int) -> ExcelDecimal {
        guard kept < digits.count else { return self }
        guard kept >= 0 else { return ExcelDecimal(digits: [], pointPosition: 0) }
        var result = Array(digits[0..<kept])
        var position = pointPosition
        if digits[kept] >= 5 {
            var index = kept - 1
            while index >= 0, result[index] == 9 {
                result[index] = 0
                index -= 1
            }
            if index >= 0 {
                result[index] += 1
            } else {
                result.insert(1, at: 0)
                position += 1
            }
        }
        return ExcelDecimal(digits: result, pointPosition: position)
    }

    /// Digits read where they lie: `count` of them from significant digit
    /// `start` on, zero outside the significant ones. A number's integer
    /// and fraction digits are written from these without arrays of their
    /// own, which cost more than the writing.
    struct DigitRun: ExcelDigits {
        fileprivate let digits: [UInt8]
        fileprivate let start: Int
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        subscript(position: Int) -> UInt8 {
            let index = start + position
            return index >= 0 && index < digits.count ? digits[index] : 0
        }
    }

    /// Digits before the point, without leading zeros (none below 1).
    var integerRun: DigitRun {
        DigitRun(digits: digits, start: 0, count: isZero ? 0 : max(0, pointPosition))
    }

    /// The first `count` digits after the point, padded with zeros.
    func fractionRun(_ count: Int) -> DigitRun {
        DigitRun(digits: digits, start: pointPosition, count: max(0, count))
    }

    /// Digits before the point, without leading zeros (empty below 1).
    var integerDigits: [UInt8] { Array(integerRun) }

    /// The first `count` digits after the point, padded with zeros.
    func fractionDigits(_ count: Int) -> [UInt8] { Array(fractionRun(count)) }

    /// All digits after the point, without trailing zeros.
    var allFractionDigits: [UInt8] {
        fractionDigits(max(0, digits.count - pointPosition))
    }

    /// The value times 10^power, exactly.
    func shifted(by power: Int) -> ExcelDecimal {
        ExcelDecimal(digits: digits, pointPosition: isZero ? 0 : pointPosition + power)
    }

    /// The Double nearest to this decimal, as reading its digits as text
    /// would give it.
    var doubleValue: Double {
        if isZero { return 0 }
        // Up to 15 digits are exact in a Double, and so is 10^k up to
        // k = 22, so one multiplication or division rounds correctly: the
        // result is the one a text parser gives (Clinger's fast path).
        let exponent = pointPosition - digits.count
        if digits.count <= 15, exponent >= -22, exponent <= 22 {
            var mantissa = 0
            for digit in digits { mantissa = mantissa * 10 + Int(digit) }
            let scale = Self.exactPowersOfTen[abs(exponent)]
            return exponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
        }
        let integer = integerDigits
        let fraction = allFractionDigits
        return Double((integer.isEmpty ? "0" : integer.digitText) + "." + (fraction.isEmpty ? "0" : fraction.digitText)) ?? 0
    }

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The decimal digits of a whole number, most significant first.
    static func digits(of value: Int) -> [UInt8] {
        var result: [UInt8] = []
        var rest = value.magnitude
        repeat {
            result.append(UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        result.reverse()
        return result
    }

    /// The integer part as a number, when it fits.
    var integerValue: Int? {
        let integer = integerDigits
        guard integer.count <= 18 else { return nil }
        var result = 0
        for digit in integer { result = result * 10 + Int(digit) }
        return result
    }

    private mutating func normalize() {
        var leading = 0
        while leading < digits.count, digits[leading] == 0 { leading += 1 }
        if leading > 0 {
            digits.removeFirst(leading)
            pointPosition -= leading
        }
        while let last = digits.last, last == 0 { digits.removeLast() }
        if digits.isEmpty { pointPosition = 0 }
    }
}

/// Decimal digit values (0–9), most significant first, indexed from 0: an
/// array, or an `ExcelDecimal.DigitRun` read in place.
protocol ExcelDigits: RandomAccessCollection where Element == UInt8, Index == Int {}

extension Array: ExcelDigits where Element == UInt8 {}

extension Array where Element == UInt8 {
    /// Decimal digits as text.
    var digitText: String {
        String(decoding: map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
    }
}
