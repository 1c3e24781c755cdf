/// Excel binary workbooks (XLSB, BIFF12): each shown worksheet, in tab
/// order, as a `## Sheet name` heading and one table of what its cells
/// display, exactly as XLSX workbooks are written (cached formula
/// results, number formats applied).
///
/// The package is OPC like XLSX, but its parts are records rather than
/// XML: the workbook (`xl/workbook.bin`), shared strings, styles and one
/// part per sheet. Hidden sheets are skipped unless
/// `ConversionOptions.includeHiddenSheets`; chart, dialog and macro sheets
/// are skipped.
enum XLSBConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let package = OPCPackage(archive: try input.zipArchive(), limits: input.limits)
        let workbookPart = try package.officeDocumentPart(fallback: "xl/workbook.bin", sink: sink)
        let workbook = try XLSBWorkbook.read(from: package, part: workbookPart, deadline: input.deadline)
        let limits = input.limits

        let strings = SheetStringTable(limits: limits)
        if let part = workbook.sharedStringsPart {
            try XLSBSharedStrings.read(package.read(part), into: strings, deadline: input.deadline)
        }
        let sharedStringCount = strings.count
        let styles = try workbook.stylesPart.map { part throws(ConversionError) in
            try XLSBStyles.read(package.read(part), deadline: input.deadline)
        } ?? XLSXStyles()

        var shown: [(name: String, part: String)] = []
        for sheet in workbook.sheets where sheet.isWorksheet && (!sheet.isHidden || input.options.includeHiddenSheets) {
            guard let part = sheet.part, package.contains(part) else {
                sink.addWarning("sheet \(sheet.name) has no worksheet part and was skipped")
                continue
            }
            shown.append((sheet.name, part))
        }

        var metadata = Metadata(sourceFormat: input.format)
        if sink.needsMetadata { CoreProperties.read(from: package, into: &metadata) }
        metadata.pageCount = shown.count
        sink.setMetadata(metadata)

        let reader = XLSBSheetReader(strings: strings, sharedStringCount: sharedStringCount, limits: limits, deadline: input.deadline)
        var writer = SheetTableWriter(
            cellText: StoredCellText(strings: strings, styles: styles, date1904: workbook.date1904),
            deadline: input.deadline, cellBudget: limits.maxTableCells)
        for sheet in shown {
            try input.deadline.check()
            let result = try reader.read(package.read(sheet.part))
            if result.isTruncated { sink.addWarning("sheet \(sheet.name) is cut off; the cells before the cut are shown") }
            try writer.write(name: sheet.name, open: { result.sheet }, into: sink)
            // The sheet's own strings are not needed by the next one.
            strings.truncate(to: sharedStringCount)
        }
    }
}
