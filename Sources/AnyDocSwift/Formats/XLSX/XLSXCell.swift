/// One `c` element of a worksheet as stored: its column, type, style and
/// raw value. What it shows is `XLSXCellText`'s business.
struct XLSXCell {
    enum Kind {
        /// `n`, the default.
        case number
        /// `s`: an index into the shared string table.
        case sharedString
        /// `b`: 1 or 0.
        case boolean
        /// `e`: the error's text, such as `#DIV/0!`.
        case error
        /// `str`: a formula's text result.
        case formulaString
        /// `inlineStr`: the text is in the cell's `is` element.
        case inlineString
        /// `d`: an ISO 8601 date.
        case date
    }

    var column: Int
    var kind: Kind
    var style: Int
    /// The cached value (`v`; formulas are never evaluated) or the inline
    /// string; nil when the cell has none.
    var value: String?

    static func kind(of type: String?) -> Kind {
        switch type {
        case "s": .sharedString
        case "b": .boolean
        case "e": .error
        case "str": .formulaString
        case "inlineStr": .inlineString
        case "d": .date
        default: .number
        }
    }
}

/// The text a cell shows, as Excel displays it.
struct XLSXCellText: SheetCellFormatter {
    let sharedStrings: XLSXSharedStrings
    let styles: XLSXStyles
    let date1904: Bool

    func column(of cell: XLSXCell) -> Int { cell.column }

    /// The shown text, or "" when the cell shows nothing but blanks.
    func text(of cell: XLSXCell) -> String {
        guard let value = cell.value else { return "" }
        let text: String
        switch cell.kind {
        case .number:
            let traits = styles.traits(forStyle: cell.style)
            // General shows a plain whole number as it is stored.
            if traits.isGeneral, XLSXNumberText.isPlainInteger(value) { return value }
            guard let number = XLSXNumberText.double(value) ?? Double(value) ?? Double(value.trimmingSpaces()) else {
                text = value
                break
            }
            text = traits.isGeneral ? ExcelGeneralFormat.format(number) : styles.format(forStyle: cell.style).format(number, date1904: date1904)
        case .sharedString:
            guard let index = Int(value) ?? Int(value.trimmingSpaces()), let string = sharedStrings.string(at: index) else { return "" }
            text = styles.traits(forStyle: cell.style).hasTextSection ? styles.format(forStyle: cell.style).format(text: string) : string
        case .boolean:
            switch value.trimmingSpaces() {
            case "1", "true": text = "TRUE"
            case "0", "false": text = "FALSE"
            default: text = value
            }
        case .error:
            text = value
        case .formulaString, .inlineString:
            text = styles.format(forStyle: cell.style).format(text: XLSXText.decodingEscapes(value))
        case .date:
            let format = styles.format(forStyle: cell.style)
            if format.isDate, let serial = ExcelDate.serial(iso: value.trimmingSpaces(), date1904: date1904) {
                text = format.format(serial, date1904: date1904)
            } else {
                text = value
            }
        }
        return XLSXText.isBlank(text) ? "" : text
    }

    /// Whether the cell shows anything, without formatting it when that
    /// cannot change the answer.
    func isVisible(_ cell: XLSXCell) -> Bool {
        guard let value = cell.value, !value.isEmpty else { return false }
        switch cell.kind {
        case .number:
            if styles.format(forStyle: cell.style).mayHideNumbers { return !text(of: cell).isEmpty }
            return !XLSXText.isBlank(value)
        case .sharedString:
            guard let index = Int(value) ?? Int(value.trimmingSpaces()) else { return false }
            let format = styles.format(forStyle: cell.style)
            if format.hasTextSection { return !text(of: cell).isEmpty }
            return !sharedStrings.isBlank(at: index)
        default:
            return !text(of: cell).isEmpty
        }
    }
}
