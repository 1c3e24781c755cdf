/// The error values a cell can hold, by the code XLS (BOOLERR, FORMULA)
/// and XLSB (BErr) store.
enum ExcelErrorCode {
    /// The text Excel shows for `code`; unknown codes show as `#N/A`.
    static func text(_ code: UInt8) -> String {
        switch code {
        case 0x00: "#NULL!"
        case 0x07: "#DIV/0!"
        case 0x0F: "#VALUE!"
        case 0x17: "#REF!"
        case 0x1D: "#NAME?"
        case 0x24: "#NUM!"
        case 0x2B: "#GETTING_DATA"
        default: "#N/A"
        }
    }
}
