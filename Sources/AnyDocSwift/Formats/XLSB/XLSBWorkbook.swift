/// The workbook part of an XLSB package (`xl/workbook.bin`): sheets in tab
/// order (BrtBundleSh) with their names, visibility and parts, the date
/// system (BrtWbProp), and the parts every sheet shares.
struct XLSBWorkbook {
    struct Sheet {
        var name: String
        var isHidden: Bool
        /// False for chart, dialog and macro sheets, which show no cells.
        var isWorksheet: Bool
        /// The sheet's part, when its relationship resolves to one.
        var part: String?
    }

    var sheets: [Sheet] = []
    var date1904 = false
    var sharedStringsPart: String?
    var stylesPart: String?

    static let bundleSheet = 156
    static let workbookProperties = 153

    static func read(from package: OPCPackage, part: String, deadline: Deadline) throws(ConversionError) -> XLSBWorkbook {
        var workbook = XLSBWorkbook()
        let relationships = try package.relationships(of: part)
        let byID = try package.relationshipsByID(of: part)
        func target(_ kind: String) -> String? {
            relationships.first { $0.hasType(kind) && !$0.isExternal && package.contains($0.target) }?.target
        }
        workbook.sharedStringsPart = target("sharedStrings")
        workbook.stylesPart = target("styles")

        let bytes = try package.read(part)
        var walker = XLSBRecordWalker(bytes)
        var records = 0
        while let record = walker.next() {
            records += 1
            if records & 0xFFF == 0 { try deadline.check() }
            switch record.type {
            case workbookProperties:
                workbook.date1904 = (record.uint32(bytes, at: 0) ?? 0) & 1 == 1
            case bundleSheet:
                let (relationID, name) = sheetNames(record, in: bytes)
                let relationship = relationID.flatMap { byID[$0] }
                // A sheet whose relationship is missing counts as a worksheet
                // without a part, so it is reported rather than silently lost.
                workbook.sheets.append(Sheet(
                    name: name, isHidden: (record.uint32(bytes, at: 0) ?? 0) & 0x03 != 0,
                    isWorksheet: relationship?.hasType("worksheet") ?? true,
                    part: relationship.flatMap { $0.isExternal ? nil : $0.target }))
            default:
                break
            }
        }
        return workbook
    }

    /// A BrtBundleSh record's relationship id and sheet name: hsState and
    /// iTabID (four bytes each), then the two strings. Some writers put
    /// four more bytes before the strings, so the layout whose name ends
    /// the record exactly is the one taken.
    private static func sheetNames(_ record: XLSBRecord, in bytes: [UInt8]) -> (relationID: String?, name: String) {
        var fallback: (String?, String)?
        for offset in [8, 12] {
            let relation = record.wideString(bytes, at: offset)
            guard let name = record.wideString(bytes, at: relation?.end ?? offset + 4) else { continue }
            if name.end == record.data.count { return (relation?.text, name.text) }
            if fallback == nil { fallback = (relation?.text, name.text) }
        }
        return fallback ?? (nil, "")
    }
}
