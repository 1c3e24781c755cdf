/// The shared string table of an XLSB workbook (`sharedStrings.bin`): one
/// BrtSSTItem per string, a rich string whose formatting runs and
/// phonetic data after the text are left out.
enum XLSBSharedStrings {
    static let item = 19

    static func read(_ bytes: [UInt8], into strings: SheetStringTable, deadline: Deadline) throws(ConversionError) {
        var walker = XLSBRecordWalker(bytes)
        while let record = walker.next() {
            guard record.type == item else { continue }
            if strings.count & 0xFFF == 0xFFF { try deadline.check() }
            // A flags byte, then the text; an unreadable item keeps its
            // place so later indexes still match.
            try strings.append(record.wideString(bytes, at: 1)?.text ?? "")
        }
    }
}
