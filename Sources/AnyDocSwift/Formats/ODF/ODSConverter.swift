/// OpenDocument spreadsheets (ODS, OTS): each sheet as a sheet boundary
/// and one table streamed row by row.
///
/// `content.xml` is read twice. The first pass finds each sheet's used
/// area (the first to last row and column with something shown); the
/// second writes exactly that area, so the table's width is known before
/// its first row and trailing padding costs nothing.
///
/// Repeats: a row or cell repeated N times (`table:number-rows-repeated`,
/// `table:number-columns-repeated`) is read once. Empty repeats outside
/// the used area are never written; inside it, a row is written
/// min(N, 1,000) times and a sheet is at most 1,000 columns wide, with a
/// warning when either is cut.
enum ODSConverter {
    static let maxRepeatedRows = 1_000
    static let maxColumns = 1_000

    /// A sheet's used area, from the first pass.
    struct SheetPlan {
        var name: String
        var isHidden: Bool
        var columns: ODSColumnVisibility
        var firstRow: Int?
        var lastRow = 0
        var firstColumn = Int.max
        var lastColumn = -1

        /// The columns written, in order.
        func writtenColumns() -> [Int] {
            guard firstColumn <= lastColumn else { return [] }
            return columns.visibleColumns(in: firstColumn...lastColumn, limit: ODSConverter.maxColumns)
        }
    }

    static func convert(
        _ input: ConversionInput, package: ODFPackage, format: DocumentFormat, into sink: DocumentSink
    ) throws(ConversionError) {
        let styles = ODFStyles()
        let stylesFailure = DeferredFailure()
        ODFConverter.loadStylesOnDemand(package, into: styles, sink: sink, failure: stylesFailure)
        let context = ODFContext(package: package, styles: styles, options: input.options, deadline: input.deadline)

        // Both passes read the same bytes, inflated once; each loses what it
        // skips before parsing (the styles' layout, then the styles).
        let content = try package.wholePart("content.xml")
        let scanReader = try package.contentReader(cutting: .named(ODFConverter.unreadStyleElements), content: content, streamsTables: true)
        try styles.load(from: scanReader, scope: .content, stopAtBody: true)
        context.isScanning = true
        let plans = try scan(scanReader, context: context)
        context.isScanning = false

        var metadata = ODFConverter.metadata(package, format: format, for: sink)
        metadata.pageCount = plans.count
        sink.setMetadata(metadata)

        let reader = try package.contentReader(cutting: .named(skippedInSecondPass), content: content, streamsTables: true)
        let body = ODFBodyReader(reader: reader, context: context, scope: .content)
        var index = 0
        while try reader.read() {
            guard reader.kind == .startElement else { continue }
            if reader.namespace == ODFNamespace.office, reader.localName == "automatic-styles" || reader.localName == "font-face-decls" {
                try reader.skipElement()
                continue
            }
            guard reader.isElement("table", in: ODFNamespace.table), index < plans.count else { continue }
            let plan = plans[index]
            index += 1
            if plan.isHidden && !input.options.includeHiddenSheets {
                try reader.skipElement()
                continue
            }
            try sink.append(.boundary(.sheet(name: plan.name)))
            try writeSheet(plan, walker: ODSSheetWalker(reader: reader, body: body), context: context, sink: sink)
            for note in context.takeNotes() { sink.addFootnote(note) }
            try stylesFailure.check()
        }
        try stylesFailure.check()
    }

    /// What the second pass skips before the body.
    private static let skippedInSecondPass = XMLLocalNames(["automatic-styles", "font-face-decls"])

    // MARK: - First pass

    /// The used area of every sheet, in document order.
    private static func scan(_ reader: XMLReader, context: ODFContext) throws(ConversionError) -> [SheetPlan] {
        let body = ODFBodyReader(reader: reader, context: context, scope: .content)
        let includeHidden = context.options.includeHiddenSheets
        var plans: [SheetPlan] = []
        while try reader.read() {
            guard reader.kind == .startElement, reader.isElement("table", in: ODFNamespace.table) else { continue }
            let styleName = reader.attribute("style-name", namespace: ODFNamespace.table)
            var plan = SheetPlan(
                name: reader.attribute("name", namespace: ODFNamespace.table) ?? "Sheet \(plans.count + 1)",
                isHidden: context.styles.flag({ $0.hidesTable }, of: styleName, family: "table", scope: .content) == true,
                columns: ODSColumnVisibility())
            let walker = ODSSheetWalker(reader: reader, body: body)
            var row = 0
            var rowsRead = 0
            while let event = try walker.next() {
                switch event {
                case .column(let repeats, let hidden):
                    plan.columns.add(repeats: repeats, hidden: hidden && !includeHidden)
                case .shapes:
                    try reader.skipElement()
                case .row(let repeats, let hidden):
                    defer { row = Self.adding(row, repeats) }
                    rowsRead += 1
                    if rowsRead % 64 == 0 { try context.deadline.check() }
                    guard !hidden || includeHidden else {
                        try reader.skipElement()
                        continue
                    }
                    var column = 0
                    var used = false
                    for cell in try walker.readCells() {
                        let end = Self.adding(column, cell.repeats)
                        defer { column = end }
                        guard !cell.blocks.isEmpty, let bounds = plan.columns.visibleBounds(of: column..<end) else { continue }
                        used = true
                        plan.firstColumn = min(plan.firstColumn, bounds.lowerBound)
                        plan.lastColumn = max(plan.lastColumn, bounds.upperBound)
                    }
                    if used {
                        if plan.firstRow == nil { plan.firstRow = row }
                        plan.lastRow = Self.adding(row, repeats) - 1
                    }
                }
            }
            plans.append(plan)
        }
        return plans
    }

    // MARK: - Second pass

    private static func writeSheet(
        _ plan: SheetPlan, walker: ODSSheetWalker, context: ODFContext, sink: DocumentSink
    ) throws(ConversionError) {
        let reader = walker.reader
        let columns = plan.writtenColumns()
        var shapes: [Block] = []
        var row = 0
        var rowsRead = 0
        var tableOpen = false
        var cutRows = false
        if let first = plan.firstRow, !columns.isEmpty, let lastColumn = columns.last {
            if plan.lastColumn > lastColumn {
                sink.addWarning("sheet \(plan.name): only the first \(maxColumns) columns are written")
            }
            while let event = try walker.next() {
                switch event {
                case .column:
                    continue
                case .shapes:
                    shapes += try readShapes(walker)
                case .row(let repeats, let hidden):
                    defer { row = Self.adding(row, repeats) }
                    let start = max(row, first)
                    let end = min(Self.adding(row, repeats) - 1, plan.lastRow)
                    guard start <= end, !hidden || context.options.includeHiddenSheets else {
                        try reader.skipElement()
                        continue
                    }
                    rowsRead += 1
                    if rowsRead % 64 == 0 { try context.deadline.check() }
                    let cells = try walker.readCells(columnLimit: Self.adding(lastColumn, 1))
                    let tableRow = TableRow(cells: layOut(cells, columns: columns))
                    for asset in context.takeNewAssets() { sink.addAsset(asset) }
                    let copies = min(end - start, maxRepeatedRows - 1) + 1
                    if end - start >= maxRepeatedRows { cutRows = true }
                    try context.countTableCells(columns.count * copies)
                    if !tableOpen {
                        try sink.beginTable(columnCount: columns.count)
                        tableOpen = true
                        // A first row of numbers is data: an empty header goes above it.
                        if Self.holdsOnlyNumbers(cells) {
                            try sink.appendTableRow(TableRow(cells: Array(repeating: TableCell(blocks: []), count: columns.count)))
                        }
                    }
                    for _ in 0..<copies { try sink.appendTableRow(tableRow) }
                }
            }
        } else {
            while let event = try walker.next() {
                if case .shapes = event { shapes += try readShapes(walker) } else if case .row = event { try reader.skipElement() }
            }
        }
        if tableOpen { try sink.endTable() }
        if cutRows { sink.addWarning("sheet \(plan.name): rows repeated more than \(maxRepeatedRows) times are written \(maxRepeatedRows) times") }
        for asset in context.takeNewAssets() { sink.addAsset(asset) }
        for block in shapes { try sink.append(block) }
    }

    /// Whether every filled cell of the row holds a number, date or time.
    private static func holdsOnlyNumbers(_ cells: [ODSSheetWalker.Cell]) -> Bool {
        var sawNumber = false
        for cell in cells where !cell.blocks.isEmpty {
            guard cell.isNumber else { return false }
            sawNumber = true
        }
        return sawNumber
    }

    /// One row's cells on the written columns: each cell in every column
    /// it repeats over, nothing for the rest.
    private static func layOut(_ cells: [ODSSheetWalker.Cell], columns: [Int]) -> [TableCell] {
        var result: [TableCell] = []
        result.reserveCapacity(columns.count)
        var next = 0
        var start = 0
        for cell in cells {
            let end = adding(start, cell.repeats)
            while next < columns.count, columns[next] < start {
                result.append(TableCell(blocks: []))
                next += 1
            }
            while next < columns.count, columns[next] < end {
                result.append(TableCell(blocks: cell.blocks))
                next += 1
            }
            start = end
            if next >= columns.count { break }
        }
        while result.count < columns.count { result.append(TableCell(blocks: [])) }
        return result
    }

    /// `a + b` for positions and counts from the file, stopping at the
    /// largest integer instead of overflowing.
    static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    /// Pictures and text boxes placed on the sheet rather than in a cell.
    private static func readShapes(_ walker: ODSSheetWalker) throws(ConversionError) -> [Block] {
        let reader = walker.reader
        guard !reader.isEmptyElement else { return [] }
        let depth = reader.depth
        return try walker.body.isolated { () throws(ConversionError) -> [Block] in try walker.body.readBlocks(containerDepth: depth) }
    }
}
