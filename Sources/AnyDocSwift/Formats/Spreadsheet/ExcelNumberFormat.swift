/// An Excel number format (`#,##0.00;[Red](#,##0.00)`, `yyyy-mm-dd`,
/// `"Total: "@`), compiled once and applied to many cells: the text Excel
/// shows for a value.
///
/// Colours and fill characters change no text and are dropped; `_x`
/// padding becomes one space; currency blocks such as `[$€-407]` keep
/// their symbol. A date format applied to a serial outside Excel's range
/// (negative, or after 9999) falls back to `General`, where Excel would
/// fill the cell with `#`.
struct ExcelNumberFormat: Sendable {
    let sections: [ExcelFormatSection]
    /// The sections numbers use (up to three), and the one text uses.
    private let numberSections: [ExcelFormatSection]
    private let textSection: ExcelFormatSection?
    private let hasConditions: Bool
    /// Plain `General`: the fast path for most cells.
    let isGeneral: Bool
    /// True when the first section shows dates or times.
    let isDate: Bool
    /// True when some number may show as blank, so a number in a cell does
    /// not prove the cell shows anything.
    let mayHideNumbers: Bool

    static let general = ExcelNumberFormat(code: "General")

    init(code: String) {
        var sections = ExcelFormatParser.sections(of: code)
        if code.unicodeScalars.allSatisfy({ $0 == " " }) { sections = [ExcelFormatSection(kind: .general, items: [.general])] }
        self.sections = sections
        var numeric = sections
        var text: ExcelFormatSection?
        if sections.count == 4 {
            text = sections[3]
            numeric.removeLast()
        } else if let last = sections.last, last.kind == .text {
            text = last
            numeric.removeLast()
        }
        numberSections = numeric
        textSection = text
        hasConditions = numeric.prefix(2).contains { $0.condition != nil }
        isGeneral = sections.count == 1 && sections[0].items == [.general]
        isDate = numeric.first?.kind == .date
        mayHideNumbers = numeric.isEmpty ? false : numeric.contains { $0.mayRenderBlank }
    }

    /// True when strings go through a text section (`"Name: "@`).
    var hasTextSection: Bool { textSection != nil }

    /// The text Excel shows for a number.
    func format(_ value: Double, date1904: Bool) -> String {
        guard value.isFinite else { return "#NUM!" }
        if isGeneral { return ExcelGeneralFormat.format(value) }
        guard let (section, showsMinus) = section(for: value) else { return ExcelGeneralFormat.format(value) }
        let sign = showsMinus ? "-" : ""
        switch section.kind {
        case .general:
            var result = sign
            for item in section.items {
                switch item {
                case .literal(let text): result += text
                case .general: result += ExcelGeneralFormat.format(value.magnitude)
                default: break
                }
            }
            return result
        case .number:
            return sign + section.renderNumber(value.magnitude)
        case .date:
            // Dates cannot be negative; elapsed times can.
            if value < 0, showsMinus, !section.hasElapsedTime { return ExcelGeneralFormat.format(value) }
            guard let text = section.renderDate(value.magnitude, date1904: date1904) else {
                return ExcelGeneralFormat.format(value)
            }
            return sign + text
        case .text:
            return ExcelGeneralFormat.format(value)
        }
    }

    /// The text Excel shows for a string: through the text section if the
    /// format has one, else unchanged.
    func format(text: String) -> String {
        guard let textSection else { return text }
        var result = ""
        for item in textSection.items {
            switch item {
            case .literal(let literal): result += literal
            case .text: result += text
            default: break
            }
        }
        return result
    }

    /// The section a number uses, and whether it needs a minus sign (not
    /// when a section for negative numbers was chosen: that one writes its
    /// own sign, or none).
    private func section(for value: Double) -> (ExcelFormatSection, Bool)? {
        let negative = value < 0
        guard let first = numberSections.first else { return nil }
        if hasConditions {
            let firstCondition = first.condition
                ?? .init(comparison: numberSections.count > 2 ? .greater : .greaterOrEqual, operand: 0)
            if firstCondition.matches(value) { return (first, negative) }
            guard numberSections.count > 1 else { return nil }
            let second = numberSections[1]
            guard let condition = second.condition else { return (second, negative && numberSections.count > 2) }
            if condition.matches(value) { return (second, negative) }
            return numberSections.count > 2 ? (numberSections[2], negative) : nil
        }
        switch numberSections.count {
        case 1: return (first, negative)
        case 2: return negative ? (numberSections[1], false) : (first, false)
        default:
            if value == 0 { return (numberSections[2], false) }
            return negative ? (numberSections[1], false) : (first, false)
        }
    }
}
