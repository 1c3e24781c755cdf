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
    /// The compiled sections, shared by every copy: a format is handed
    /// out for each cell of its style, and a copy then costs one retain
    /// instead of one for each of its sections' arrays.
    private final class Sections: Sendable {
        let all: [ExcelFormatSection]
        /// The sections numbers use (up to three), and the one text uses.
        let numbers: [ExcelFormatSection]
        let text: ExcelFormatSection?
        let hasConditions: Bool

        init(_ all: [ExcelFormatSection]) {
            self.all = all
            var numbers = all
            var text: ExcelFormatSection?
            if all.count == 4 {
                text = all[3]
                numbers.removeLast()
            } else if let last = all.last, last.kind == .text {
                text = last
                numbers.removeLast()
            }
            self.numbers = numbers
            self.text = text
            hasConditions = numbers.prefix(2).contains { $0.condition != nil }
        }
    }

    private let compiled: Sections
    /// Plain `General`: the fast path for most cells.
    let isGeneral: Bool
    /// True when the first section shows dates or times.
    let isDate: Bool
    /// True when some number may show as blank, so a number in a cell does
    /// not prove the cell shows anything.
    let mayHideNumbers: Bool

    static let general = ExcelNumberFormat(code: "General")

    var sections: [ExcelFormatSection] { compiled.all }

    init(code: String) {
        var sections = ExcelFormatParser.sections(of: code)
        if code.unicodeScalars.allSatisfy({ $0 == " " }) { sections = [ExcelFormatSection(kind: .general, items: [.general])] }
        compiled = Sections(sections)
        isGeneral = sections.count == 1 && sections[0].items == [.general]
        isDate = compiled.numbers.first?.kind == .date
        mayHideNumbers = compiled.numbers.contains { $0.mayRenderBlank }
    }

    /// True when strings go through a text section (`"Name: "@`).
    var hasTextSection: Bool { compiled.text != nil }

    /// The text Excel shows for a number.
    func format(_ value: Double, date1904: Bool) -> String {
        guard value.isFinite else { return "#NUM!" }
        if isGeneral { return ExcelGeneralFormat.format(value) }
        guard let (index, showsMinus) = section(for: value) else { return ExcelGeneralFormat.format(value) }
        return format(value, section: compiled.numbers[index], showsMinus: showsMinus, date1904: date1904)
    }

    /// The text `section` shows for `value`, with a minus sign if asked.
    private func format(_ value: Double, section: borrowing ExcelFormatSection, showsMinus: Bool, date1904: Bool) -> String {
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
            let text = section.renderNumber(value.magnitude)
            return showsMinus ? sign + text : text
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
        guard let textSection = compiled.text else { return text }
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

    /// The index of the section a number uses, and whether it needs a
    /// minus sign (not when a section for negative numbers was chosen:
    /// that one writes its own sign, or none).
    private func section(for value: Double) -> (Int, Bool)? {
        let negative = value < 0
        let numbers = compiled.numbers
        guard let first = numbers.first else { return nil }
        if compiled.hasConditions {
            let firstCondition = first.condition
                ?? .init(comparison: numbers.count > 2 ? .greater : .greaterOrEqual, operand: 0)
            if firstCondition.matches(value) { return (0, negative) }
            guard numbers.count > 1 else { return nil }
            guard let condition = numbers[1].condition else { return (1, negative && numbers.count > 2) }
            if condition.matches(value) { return (1, negative) }
            return numbers.count > 2 ? (2, negative) : nil
        }
        switch numbers.count {
        case 1: return (0, negative)
        case 2: return negative ? (1, false) : (0, false)
        default:
            if value == 0 { return (2, false) }
            return negative ? (1, false) : (0, false)
        }
    }
}
