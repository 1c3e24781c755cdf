/// One cell of a binary workbook (XLS, XLSB) as the file stores it: its
/// cached value (formulas are never evaluated), cell style and position.
///
/// Fields are ordered and sized so a cell takes 24 bytes: a sheet holds
/// all of its cells at once, up to `Limits.maxTableCells`.
struct StoredCell {
    enum Value {
        case number(Double)
        /// An index into the workbook's `SheetStringTable`.
        case string(Int)
        case boolean(Bool)
        /// An error code as both formats store it (`ExcelErrorCode`).
        case error(UInt8)
    }

    var value: Value
    /// 0-based, as the files count.
    var row: UInt32
    /// The cell style (XF) index.
    var style: UInt32
    /// 0-based, as the files count.
    var column: UInt16
}
