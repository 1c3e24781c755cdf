/// One `;`-separated section of a number format, compiled into the items
/// it writes.
struct ExcelFormatSection: Sendable {
    enum Kind: Sendable, Equatable {
        /// `General`, possibly with literal text around it.
        case general
        /// Digit placeholders: decimal, scientific or fraction.
        case number
        /// Date, time or elapsed-time codes.
        case date
        /// `@`: the section for text.
        case text
    }

    enum Placeholder: Sendable, Equatable {
        /// `0`: a digit, or a zero.
        case zero
        /// `#`: a digit, or nothing.
        case hash
        /// `?`: a digit, or a space.
        case question
    }

    struct Condition: Sendable, Equatable {
        enum Comparison: Sendable, Equatable { case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual }
        var comparison: Comparison
        var operand: Double

        func matches(_ value: Double) -> Bool {
            switch comparison {
            case .less: value < operand
            case .lessOrEqual: value <= operand
            case .greater: value > operand
            case .greaterOrEqual: value >= operand
            case .equal: value == operand
            case .notEqual: value != operand
            }
        }
    }

    enum Item: Sendable, Equatable {
        case literal(String)
        case general
        case text
        case integerDigit(Placeholder)
        case decimalPoint
        case fractionDigit(Placeholder)
        /// `E+` or `E-` (the letter as written; `+` shows the sign always).
        case exponent(letter: String, showsPlus: Bool)
        case exponentDigit(Placeholder)
        case numerator(Placeholder)
        case denominator(Placeholder)
        case fixedDenominator(Int)
        case year(Int)
        case month(Int)
        case day(Int)
        case hour(Int)
        case minute(Int)
        case second(Int)
        /// `.0`, `.00`, `.000` after seconds, point included.
        case subsecond(Int)
        case elapsedHours(Int)
        case elapsedMinutes(Int)
        case elapsedSeconds(Int)
        case amPm(am: String, pm: String)
    }

    /// How a number section lays out digits.
    enum NumberForm: Sendable, Equatable {
        case decimal
        case scientific
        /// `# ?/?`: `hasInteger` for a mixed fraction; `fractionItems` is
        /// the range of items (separator, numerator, slash, denominator)
        /// hidden when the fraction is zero.
        case fraction(hasInteger: Bool, fractionItems: Range<Int>)
    }

    var kind: Kind
    var condition: Condition?
    var items: [Item] {
        didSet { placeholders = ExcelSectionPlaceholders(items) }
    }
    /// The placeholders of `items`, gathered once: a section renders many
    /// cells and should not walk its items for them each time.
    private(set) var placeholders: ExcelSectionPlaceholders
    var form: NumberForm = .decimal
    /// Times 100 for each `%`.
    var percentCount = 0
    /// Divided by 1000 for each trailing `,`.
    var thousandsScaling = 0
    /// `,` between integer digits: group thousands.
    var groupsThousands = false

    init(kind: Kind, condition: Condition? = nil, items: [Item]) {
        self.kind = kind
        self.condition = condition
        self.items = items
        self.placeholders = ExcelSectionPlaceholders(items)
    }

    var integerPlaceholders: [Placeholder] { placeholders.integer }

    var fractionPlaceholders: [Placeholder] { placeholders.fraction }

    var hasElapsedTime: Bool {
        items.contains { item in
            switch item {
            case .elapsedHours, .elapsedMinutes, .elapsedSeconds: true
            default: false
            }
        }
    }

    var hasAmPm: Bool {
        items.contains { if case .amPm = $0 { true } else { false } }
    }

    var subsecondDigits: Int {
        items.reduce(0) { result, item in
            if case .subsecond(let digits) = item { max(result, digits) } else { result }
        }
    }

    var showsDay: Bool {
        items.contains { item in
            switch item {
            case .year, .month, .day: true
            default: false
            }
        }
    }

    /// True when some value could render as blank: no digit is forced and
    /// no visible literal is written.
    var mayRenderBlank: Bool {
        var forcesSomething = false
        for item in items {
            switch item {
            case .literal(let text):
                if text.unicodeScalars.contains(where: { $0 != " " }) { forcesSomething = true }
            case .general, .year, .month, .day, .hour, .minute, .second, .elapsedHours,
                 .elapsedMinutes, .elapsedSeconds, .amPm, .subsecond, .decimalPoint, .exponent:
                forcesSomething = true
            case .integerDigit(let p), .fractionDigit(let p), .numerator(let p):
                if p == .zero { forcesSomething = true }
            case .text, .exponentDigit, .denominator, .fixedDenominator:
                break
            }
        }
        return !forcesSomething
    }
}
