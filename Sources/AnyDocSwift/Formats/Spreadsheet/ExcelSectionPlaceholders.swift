/// The digit placeholders of a number format section, in item order, with
/// what fraction and exponent rendering needs to know about them.
struct ExcelSectionPlaceholders: Sendable {
    typealias Placeholder = ExcelFormatSection.Placeholder

    private(set) var integer: [Placeholder] = []
    private(set) var fraction: [Placeholder] = []
    private(set) var numerator: [Placeholder] = []
    private(set) var denominator: [Placeholder] = []
    /// The value of a fixed denominator (`# ?/8`), if the section has one.
    private(set) var fixedDenominator: Int?
    /// The item index of the first numerator placeholder.
    private(set) var numeratorStart: Int?
    /// `0` exponent placeholders: the exponent's minimum number of digits.
    private(set) var minimumExponentDigits = 0

    init(_ items: [ExcelFormatSection.Item]) {
        for (index, item) in items.enumerated() {
            switch item {
            case .integerDigit(let p): integer.append(p)
            case .fractionDigit(let p): fraction.append(p)
            case .numerator(let p):
                if numerator.isEmpty { numeratorStart = index }
                numerator.append(p)
            case .denominator(let p): denominator.append(p)
            case .fixedDenominator(let value): fixedDenominator = value
            case .exponentDigit(.zero): minimumExponentDigits += 1
            default: break
            }
        }
    }
}
