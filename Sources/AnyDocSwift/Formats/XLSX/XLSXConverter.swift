/// Excel workbooks (XLSX, XLSM, XLTX, XLTM): each shown worksheet, in tab
/// order, as a `## Sheet name` heading and one table of what its cells
/// display (cached formula results, number formats applied).
///
/// Large worksheets are read once: the pass that finds the used range and
/// merged cells keeps the text cells show, up to `maxHeldSheetBytes`, and
/// the table is written from it; past that, a second pass writes rows as
/// they are read, so memory holds the shared strings, the merges and one
/// row. Hidden sheets are skipped unless
/// `ConversionOptions.includeHiddenSheets`; chart and dialog sheets, which
/// have no cells, are skipped.
enum XLSXConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let package = OPCPackage(archive: try input.zipArchive(), limits: input.limits)
        let workbookPart = try package.officeDocumentPart(fallback: "xl/workbook.xml", sink: sink)
        let workbook = try XLSXWorkbook.read(from: package, part: workbookPart)
        let limits = input.limits

        let sharedStrings = try workbook.sharedStringsPart.map { part throws(ConversionError) in
            try XLSXSharedStrings.read(from: streamingReader(for: part, in: package, limits: limits), limits: limits, deadline: input.deadline)
        } ?? XLSXSharedStrings()
        let styles = try workbook.stylesPart.map { part throws(ConversionError) in
            // Fonts, fills, borders and the rest are cut unparsed.
            try XLSXStyles.read(from: package.xmlReader(for: part, droppingRootChildren: { !XLSXStyles.readParts.contains($0) }))
        } ?? XLSXStyles()

        var shown: [(name: String, part: String)] = []
        for sheet in workbook.sheets where sheet.kind == .worksheet && (!sheet.isHidden || input.options.includeHiddenSheets) {
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

        var writer = SheetTableWriter(
            cellText: XLSXCellText(sharedStrings: sharedStrings, styles: styles, date1904: workbook.date1904),
            deadline: input.deadline, cellBudget: limits.maxTableCells)
        for sheet in shown {
            try input.deadline.check()
            let declared = package.archive.entry(named: sheet.part)?.declaredSize ?? .max
            let open = { () throws(ConversionError) -> XLSXSheetRows in
                XLSXSheetRows(
                    limits: limits.streamingTables, deadline: input.deadline, maxMerges: limits.maxTableCells,
                    openBytes: { () throws(ConversionError) -> ByteSource in
                        // A large sheet inflates on a thread of its own,
                        // beside the scanner reading it.
                        let reader = try package.archive.reader(for: sheet.part)
                        return declared > maxBufferedSheetBytes ? ReadAheadByteSource.reading(reader) : reader
                    },
                    openParser: { () throws(ConversionError) -> XLSXSheetParser in
                        XLSXSheetParser(
                            reader: try streamingReader(for: sheet.part, in: package, limits: limits),
                            deadline: input.deadline, maxMerges: limits.maxTableCells)
                    })
            }
            // A small sheet is parsed once and written from memory; a large
            // one streams twice (measure, then write) in bounded memory.
            if declared <= maxBufferedSheetBytes,
                let rows = try BufferedSheetRows(reading: open(), maxCells: min(maxBufferedCells, limits.maxTableCells))
            {
                try writer.write(name: sheet.name, open: { rows }, into: sink)
            } else {
                try writer.writeReadingOnce(name: sheet.name, open: open, maxHeldBytes: maxHeldSheetBytes, into: sink)
            }
        }
    }

    /// Sheets up to this size (as declared) are parsed once and held.
    static let maxBufferedSheetBytes = 4 << 20
    /// ... and held only while they have at most this many cells.
    static let maxBufferedCells = 100_000

    /// Larger sheets are read once and held as the text their cells show
    /// while that takes at most this many bytes; beyond, their rows are
    /// read a second time to be written (see `SheetFirstPass`).
    static let maxHeldSheetBytes = 48 << 20

    /// A reader for a part that is streamed rather than held: a worksheet
    /// or the string table (see `Limits.streamingTables`).
    static func streamingReader(for part: String, in package: OPCPackage, limits: Limits) throws(ConversionError) -> XMLReader {
        try XMLReader(source: package.archive.reader(for: part), limits: limits.streamingTables, namespaceAliases: OOXMLNamespace.aliases)
    }
}
