/// The workbook globals of an XLS stream: version, code page, date
/// system, number formats, cell styles (XF), sheets and the shared string
/// table (SST), from the records before the globals' EOF.
///
/// BIFF2-4 files hold one worksheet whose own records carry these facts;
/// the same walk reads them and the sheet is the stream itself.
struct XLSWorkbook {
    struct Sheet {
        var name: String
        var isHidden: Bool
        /// False for chart, macro and Visual Basic sheets, which show no cells.
        var isWorksheet: Bool
        /// Where the sheet's BOF record is in the stream.
        var offset: Int
    }

    let version: BIFFVersion
    var sheets: [Sheet] = []
    var date1904 = false
    let styles: XLSXStyles
    /// The SST's strings; each sheet appends its own after them.
    let strings: SheetStringTable
    let sharedStringCount: Int
    let codePage: XLSCodePage

    /// XF and FORMAT indexes are 16-bit; more records than that are junk.
    static let maxIndexedRecords = 65_536

    static func read(_ stream: [UInt8], streamName: String?, limits: Limits, deadline: Deadline) throws(ConversionError) -> XLSWorkbook {
        var walker = BIFFRecordWalker(stream, from: 0)
        guard let bof = walker.next(), let version = BIFFVersion(bof: bof, in: stream, streamName: streamName) else {
            throw .malformed("the workbook stream does not start with a BOF record")
        }
        let kind = BIFFVersion.substreamKind(of: bof, in: stream)
        var sheets: [Sheet] = []
        if version <= .biff4 {
            guard kind != BIFFVersion.biff4Workbook else {
                throw .unsupported("BIFF4 workbooks holding several sheets are not supported")
            }
            sheets.append(Sheet(name: "Sheet1", isHidden: false, isWorksheet: kind == BIFFVersion.worksheet, offset: 0))
        }

        var codePageID: UInt16?
        var codePage = XLSCodePage(identifier: nil)
        var date1904 = false
        var customCodes: [Int: String] = [:]
        var formatCount = 0
        var formatIDs: [Int] = []
        let strings = SheetStringTable(limits: limits)
        var records = 0
        while let record = walker.next() {
            records += 1
            if records & 0xFFF == 0 { try deadline.check() }
            if record.type == BIFFRecord.eof { break }
            let data = record.data
            switch record.type {
            case BIFFRecord.filePass:
                throw .encrypted("the workbook is password protected (FILEPASS)")
            case BIFFRecord.codePage:
                if let identifier = record.uint16(stream, at: 0), version < .biff8, identifier != codePageID {
                    codePageID = identifier
                    codePage = XLSCodePage(identifier: identifier)
                }
            case BIFFRecord.dateMode:
                date1904 = record.uint16(stream, at: 0).map { $0 & 1 == 1 } ?? false
            case BIFFRecord.format, BIFFRecord.format2:
                guard customCodes.count < maxIndexedRecords,
                      let format = readFormat(record, version: version, stream: stream, codePage: codePage) else { break }
                customCodes[format.id ?? formatCount] = format.code
                formatCount += 1
            case BIFFRecord.xf where version >= .biff5, BIFFRecord.xf4 where version == .biff4,
                 BIFFRecord.xf3 where version == .biff3:
                guard formatIDs.count < maxIndexedRecords else { break }
                let id = version >= .biff5 ? record.uint16(stream, at: 2).map(Int.init) : record.uint8(stream, at: 1).map(Int.init)
                formatIDs.append(id ?? 0)
            case BIFFRecord.boundSheet where version >= .biff5:
                if let sheet = readBoundSheet(record, version: version, stream: stream, codePage: codePage) {
                    sheets.append(sheet)
                }
            case BIFFRecord.sharedStrings where version == .biff8:
                let fragments = [data] + walker.continuations()
                try readSharedStrings(BIFFDataReader(stream, fragments: fragments), into: strings, deadline: deadline)
            default:
                break
            }
        }
        // BIFF2 cells name their format directly, so style n is format n.
        if version == .biff2 { formatIDs = Array(0..<64) }
        return XLSWorkbook(
            version: version, sheets: sheets, date1904: date1904,
            styles: XLSXStyles(formatIDs: formatIDs, customCodes: customCodes),
            strings: strings, sharedStringCount: strings.count, codePage: codePage)
    }

    /// A FORMAT record: BIFF5 and later state the format's id; BIFF2-4
    /// number formats in the order they come (nil id).
    private static func readFormat(
        _ record: BIFFRecord, version: BIFFVersion, stream: [UInt8], codePage: XLSCodePage
    ) -> (id: Int?, code: String)? {
        let data = record.data
        // Every layout but BIFF2-3's opens with two bytes before the code.
        guard version <= .biff3 || data.count >= 2 else { return nil }
        switch version {
        case .biff8:
            guard let id = record.uint16(stream, at: 0) else { return nil }
            var reader = BIFFDataReader(stream, data: (data.lowerBound + 2)..<data.upperBound)
            return reader.unicodeString(countBytes: 2).map { (Int(id), $0) }
        case .biff5:
            guard let id = record.uint16(stream, at: 0) else { return nil }
            return byteString(in: stream, at: data.lowerBound + 2, end: data.upperBound, codePage: codePage).map { (Int(id), $0) }
        case .biff4:
            return byteString(in: stream, at: data.lowerBound + 2, end: data.upperBound, codePage: codePage).map { (nil, $0) }
        case .biff2, .biff3:
            return byteString(in: stream, at: data.lowerBound, end: data.upperBound, codePage: codePage).map { (nil, $0) }
        }
    }

    /// A BOUNDSHEET record: the sheet's BOF offset, visibility, type and name.
    private static func readBoundSheet(
        _ record: BIFFRecord, version: BIFFVersion, stream: [UInt8], codePage: XLSCodePage
    ) -> Sheet? {
        let data = record.data
        guard data.count >= 6, let offset = record.uint32(stream, at: 0) else { return nil }
        let state = stream[data.lowerBound + 4] & 0x03
        let type = stream[data.lowerBound + 5]
        let name: String?
        if version == .biff8 {
            var reader = BIFFDataReader(stream, data: (data.lowerBound + 6)..<data.upperBound)
            name = reader.unicodeString(countBytes: 1)
        } else {
            name = byteString(in: stream, at: data.lowerBound + 6, end: data.upperBound, codePage: codePage)
        }
        return Sheet(name: name ?? "", isHidden: state != 0, isWorksheet: type == 0, offset: Int(offset))
    }

    /// The SST: a total and a unique count (not trusted), then strings
    /// until the data ends.
    private static func readSharedStrings(
        _ reader: BIFFDataReader, into strings: SheetStringTable, deadline: Deadline
    ) throws(ConversionError) {
        var reader = reader
        guard reader.skip(8) else { return }
        while !reader.isAtEnd {
            if strings.count & 0xFFF == 0xFFF { try deadline.check() }
            guard let text = reader.unicodeString(countBytes: 2) else { return }
            try strings.append(text)
        }
    }

    /// An 8-bit string with a one-byte length at `offset` (BIFF2-5), cut
    /// at `end`.
    static func byteString(in stream: [UInt8], at offset: Int, end: Int, codePage: XLSCodePage) -> String? {
        guard offset < end, offset < stream.count else { return nil }
        let count = Int(stream[offset])
        let stop = min(offset + 1 + count, end, stream.count)
        return codePage.decode(stream[(offset + 1)..<stop])
    }
}
