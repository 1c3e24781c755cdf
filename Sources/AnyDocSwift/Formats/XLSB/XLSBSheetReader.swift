/// Reads an XLSB worksheet part (`xl/worksheets/sheetN.bin`) into a
/// `StoredSheet`: rows (BrtRowHdr), the cells that carry values (numbers,
/// RK numbers, booleans, errors, inline and shared strings, formulas'
/// cached results) and merged ranges (BrtMergeCell). Blank cells and
/// everything else are passed over.
struct XLSBSheetReader {
    let strings: SheetStringTable
    let sharedStringCount: Int
    let limits: Limits
    let deadline: Deadline

    private static let rowHeader = 0
    private static let mergedRange = 176

    struct Result {
        var sheet: StoredSheet
        /// True when the part ended in a damaged or cut-off record.
        var isTruncated: Bool
    }

    func read(_ bytes: [UInt8]) throws(ConversionError) -> Result {
        var sheet = StoredSheet(maxCells: limits.maxTableCells)
        var walker = XLSBRecordWalker(bytes)
        var row: UInt32?
        var records = 0
        while let record = walker.next() {
            records += 1
            if records & 0xFFF == 0 { try deadline.check() }
            switch record.type {
            case Self.rowHeader:
                row = record.uint32(bytes, at: 0)
            case Self.mergedRange:
                guard let firstRow = record.uint32(bytes, at: 0), let lastRow = record.uint32(bytes, at: 4),
                      let firstColumn = record.uint32(bytes, at: 8), let lastColumn = record.uint32(bytes, at: 12) else { break }
                try sheet.appendMerge(
                    firstRow: Int(firstRow), lastRow: Int(lastRow), firstColumn: Int(firstColumn), lastColumn: Int(lastColumn))
            case 2...11, 62:
                guard let row, let column = record.uint32(bytes, at: 0), column <= UInt32(UInt16.max),
                      let styleBytes = record.uint32(bytes, at: 4),
                      let value = try value(of: record, in: bytes) else { break }
                try sheet.append(StoredCell(value: value, row: row, style: styleBytes & 0x00FF_FFFF, column: UInt16(column)))
            default:
                break
            }
        }
        sheet.finish()
        return Result(sheet: sheet, isTruncated: walker.isTruncated)
    }

    /// The value of a cell record after its eight-byte Cell header.
    private func value(of record: XLSBRecord, in bytes: [UInt8]) throws(ConversionError) -> StoredCell.Value? {
        switch record.type {
        case 2:  // BrtCellRk
            return record.uint32(bytes, at: 8).map { .number(RKNumber.value($0)) }
        case 3, 11:  // BrtCellError, BrtFmlaError
            return record.uint8(bytes, at: 8).map { .error($0) }
        case 4, 10:  // BrtCellBool, BrtFmlaBool
            return record.uint8(bytes, at: 8).map { .boolean($0 != 0) }
        case 5, 9:  // BrtCellReal, BrtFmlaNum
            return record.double(bytes, at: 8).map { .number($0) }
        case 6, 8:  // BrtCellSt, BrtFmlaString
            guard let text = record.wideString(bytes, at: 8)?.text else { return nil }
            return .string(try strings.append(text))
        case 62:  // BrtCellRString: a flags byte, then the text
            guard let text = record.wideString(bytes, at: 9)?.text else { return nil }
            return .string(try strings.append(text))
        case 7:  // BrtCellIsst
            guard let index = record.uint32(bytes, at: 8), Int(index) < sharedStringCount else { return nil }
            return .string(Int(index))
        default:
            return nil
        }
    }
}
