/// The text a binary workbook's cell shows, as Excel displays it: numbers
/// through their style's number format, exactly as XLSX cells are.
struct StoredCellText: SheetCellFormatter {
    let strings: SheetStringTable
    let styles: XLSXStyles
    let date1904: Bool

    func column(of cell: StoredCell) -> Int { Int(cell.column) + 1 }

    func text(of cell: StoredCell) -> String {
        let text: String
        switch cell.value {
        case .number(let number):
            text = styles.format(forStyle: Int(cell.style)).format(number, date1904: date1904)
        case .string(let index):
            guard let string = strings.string(at: index) else { return "" }
            text = styles.format(forStyle: Int(cell.style)).format(text: string)
        case .boolean(let value):
            text = value ? "TRUE" : "FALSE"
        case .error(let code):
            text = ExcelErrorCode.text(code)
        }
        return XLSXText.isBlank(text) ? "" : text
    }

    func isVisible(_ cell: StoredCell) -> Bool {
        switch cell.value {
        case .number:
            return styles.format(forStyle: Int(cell.style)).mayHideNumbers ? !text(of: cell).isEmpty : true
        case .string(let index):
            if styles.format(forStyle: Int(cell.style)).hasTextSection { return !text(of: cell).isEmpty }
            return !strings.isBlank(at: index)
        case .boolean, .error:
            return true
        }
    }
}
