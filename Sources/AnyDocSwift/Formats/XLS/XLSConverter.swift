/// Legacy Excel workbooks (XLS: BIFF8 from Excel 97-2003, BIFF5 from
/// Excel 5 and 95, and the one-sheet BIFF2-4 files of earlier versions):
/// each shown worksheet, in tab order, as a `## Sheet name` heading and
/// one table of what its cells display, exactly as XLSX workbooks are
/// written (cached formula results, number formats applied).
///
/// The workbook stream (`Workbook`, or `Book` in BIFF5) is read from the
/// compound file; a bare BIFF2-4 file is the stream itself. Hidden sheets
/// are skipped unless `ConversionOptions.includeHiddenSheets`; chart,
/// macro and Visual Basic sheets are skipped. A FILEPASS record means the
/// workbook is encrypted.
enum XLSConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let (stream, streamName) = try workbookStream(input)
        let limits = input.limits
        let workbook = try XLSWorkbook.read(stream, streamName: streamName, limits: limits, deadline: input.deadline)
        let shown = workbook.sheets.filter { $0.isWorksheet && (!$0.isHidden || input.options.includeHiddenSheets) }

        var metadata = Metadata(sourceFormat: input.format)
        metadata.pageCount = shown.count
        sink.setMetadata(metadata)

        let reader = XLSSheetReader(stream: stream, workbook: workbook, limits: limits, deadline: input.deadline)
        var writer = SheetTableWriter(
            cellText: StoredCellText(strings: workbook.strings, styles: workbook.styles, date1904: workbook.date1904),
            deadline: input.deadline, cellBudget: limits.maxTableCells)
        for sheet in shown {
            try input.deadline.check()
            guard let result = try reader.read(at: sheet.offset) else {
                sink.addWarning("sheet \(sheet.name) has no worksheet at its stream offset and was skipped")
                continue
            }
            if result.isTruncated { sink.addWarning("sheet \(sheet.name) is cut off; the cells before the cut are shown") }
            try writer.write(name: sheet.name, open: { result.sheet }, into: sink)
            // The sheet's own strings are not needed by the next one.
            workbook.strings.truncate(to: workbook.sharedStringCount)
        }
    }

    /// The BIFF stream: `Workbook` (BIFF8) or `Book` (BIFF5) of the
    /// compound file, or the whole input when it is a bare BIFF2-4 file.
    private static func workbookStream(_ input: ConversionInput) throws(ConversionError) -> ([UInt8], String?) {
        guard Signatures.isCompoundFile(input.bytes) else {
            guard BIFFScan.isBareWorkbook(input.bytes) else {
                throw .unsupported("the file is neither a compound file nor a BIFF workbook")
            }
            return (input.bytes, nil)
        }
        let file = try input.compoundFile()
        for name in ["Workbook", "Book"] {
            if let entry = file.entry(named: name), entry.kind == .stream {
                return (try file.read(entry), entry.name)
            }
        }
        if file.entry(named: "EncryptedPackage") != nil {
            throw .encrypted("the workbook is an encrypted package")
        }
        throw .missingPart("Workbook")
    }
}
