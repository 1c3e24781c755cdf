/// The number formats of an XLSB workbook's cell styles (`styles.bin`):
/// BrtFmt records give custom codes by id; the BrtXF records between
/// BrtBeginCellXFs and BrtEndCellXFs are the styles cells name, each with
/// its format id. Style XFs (BrtBeginCellStyleXFs) are not cell styles.
enum XLSBStyles {
    static let format = 44
    static let cellStyle = 47
    static let beginCellStyles = 617
    static let endCellStyles = 618

    static func read(_ bytes: [UInt8], deadline: Deadline) throws(ConversionError) -> XLSXStyles {
        var walker = XLSBRecordWalker(bytes)
        var customCodes: [Int: String] = [:]
        var formatIDs: [Int] = []
        var inCellStyles = false
        var records = 0
        while let record = walker.next() {
            records += 1
            if records & 0xFFF == 0 { try deadline.check() }
            switch record.type {
            case format:
                guard customCodes.count < XLSWorkbook.maxIndexedRecords, let id = record.uint16(bytes, at: 0),
                      let code = record.wideString(bytes, at: 2) else { break }
                customCodes[Int(id)] = code.text
            case beginCellStyles:
                inCellStyles = true
            case endCellStyles:
                inCellStyles = false
            case cellStyle where inCellStyles && formatIDs.count < XLSWorkbook.maxIndexedRecords:
                formatIDs.append(Int(record.uint16(bytes, at: 2) ?? 0))
            default:
                break
            }
        }
        return XLSXStyles(formatIDs: formatIDs, customCodes: customCodes)
    }
}
