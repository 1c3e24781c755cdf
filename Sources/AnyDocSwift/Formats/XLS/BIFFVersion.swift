/// The BIFF generations whose workbooks differ in record layout: BIFF2-4
/// files hold one sheet each and number their formats in order; BIFF5
/// (Excel 5, 95) adds sheets and 8-bit strings in the file's code page;
/// BIFF8 (Excel 97-2003) has Unicode strings and a shared string table.
enum BIFFVersion: Int, Comparable {
    case biff2 = 2, biff3, biff4, biff5, biff8

    static func < (left: BIFFVersion, right: BIFFVersion) -> Bool { left.rawValue < right.rawValue }

    /// The version a BOF record announces; `streamName` settles BIFF5
    /// versus BIFF8 when the record's version field is unusual.
    init?(bof record: BIFFRecord, in bytes: [UInt8], streamName: String?) {
        switch record.type {
        case BIFFRecord.bof2: self = .biff2
        case BIFFRecord.bof3: self = .biff3
        case BIFFRecord.bof4: self = .biff4
        case BIFFRecord.bof:
            switch record.uint16(bytes, at: 0) {
            case 0x0600: self = .biff8
            case 0x0500: self = .biff5
            default: self = streamName?.lowercased() == "book" ? .biff5 : .biff8
            }
        default: return nil
        }
    }

    /// The substream kind a BOF record states (`dt`).
    static func substreamKind(of record: BIFFRecord, in bytes: [UInt8]) -> UInt16? {
        record.uint16(bytes, at: 2)
    }

    static let workbookGlobals: UInt16 = 0x0005
    static let worksheet: UInt16 = 0x0010
    /// A BIFF4 workbook: several sheets in one stream.
    static let biff4Workbook: UInt16 = 0x0100
}
