/// Reads a worksheet part from its bytes, without libxml2, exactly as
/// `XLSXSheetParser` reads it through `XMLReader`: the same rows, cells,
/// values and merges, numbered by the same rules. It is the fast path for
/// the plain XML spreadsheets are written in; whatever it does not read
/// exactly (see `SheetXMLTokenizer`), or any limit the reader would
/// enforce, stops it with `.unsupported` before the row it is in is
/// delivered, so the caller can go on with `XLSXSheetParser`.
final class XLSXSheetScanner {
    private let tokens: SheetXMLTokenizer
    private let deadline: Deadline
    private let maxMerges: Int
    private let maxNodes: Int
    private let maxDepth: Int
    @exclusivity(unchecked)
    private(set) var merges: [XLSXRange] = []
    @exclusivity(unchecked)
    private var cells: [XLSXCell] = []
    @exclusivity(unchecked)
    private var namespaces = SheetNamespaceScopes()
    @exclusivity(unchecked)
    private var depth = 0
    @exclusivity(unchecked)
    private var nodes = 0

    init(source: ByteSource, limits: Limits, deadline: Deadline, maxMerges: Int) {
        tokens = SheetXMLTokenizer(source: source)
        self.deadline = deadline
        self.maxMerges = maxMerges
        maxNodes = limits.maxXMLNodes
        maxDepth = limits.maxNestingDepth
    }

    /// Elements the parser skips whole wherever they are, by local name.
    private static let skipped: Set<String> = [
        "sheetPr", "sheetViews", "cols", "conditionalFormatting", "dataValidations", "hyperlinks",
        "pageSetup", "headerFooter", "rowBreaks", "colBreaks", "extLst", "sheetProtection",
        "autoFilter", "sortState", "printOptions", "pageMargins", "tableParts",
    ]

    /// Calls `visit` with each row that has cells, as `XLSXSheetParser.parse`.
    func parse(
        wants: (Int) -> Bool, visit: (Int, [XLSXCell]) throws(ConversionError) -> Void
    ) throws(SheetScanStop) {
        var previousRow = 0
        var rowsRead = 0
        var sawRoot = false
        while true {
            switch try nextToken() {
            case .endOfInput:
                guard sawRoot, depth == 0 else { throw .unsupported }
                return
            case .text:
                // Outside the root only blanks may stand.
                if depth == 0, !XLSXText.isBlank(bytes: tokens[tokens.text]) { throw .unsupported }
            case .end:
                try closeElement()
            case .skipped:
                break
            case .start:
                if depth == 0 {
                    guard !sawRoot else { throw .unsupported }
                    sawRoot = true
                }
                let element = try openElement()
                if element.isMain, tokens.matches(element.localName, "row") {
                    rowsRead += 1
                    if rowsRead & 0x3FF == 0 { try check(deadline) }
                    var number = previousRow + 1
                    if let text = attribute("r"), let stated = Int(text.trimmingSpaces()),
                       stated > previousRow, stated <= XLSXCellReference.maxRow {
                        number = stated
                    }
                    previousRow = number
                    if tokens.isEmptyElement { try closeEmpty(); continue }
                    guard wants(number) else { try skipElement(); continue }
                    try readCells()
                    if !cells.isEmpty {
                        do { try visit(number, cells) } catch { throw .failed(error) }
                    }
                } else if element.isMain, tokens.matches(element.localName, "mergeCell") {
                    if let reference = attribute("ref"), let range = XLSXCellReference.parseRange(reference),
                       range.firstRow != range.lastRow || range.firstColumn != range.lastColumn {
                        guard merges.count < maxMerges else {
                            throw .failed(.resourceLimit("worksheet has more than \(maxMerges) merged ranges"))
                        }
                        merges.append(range)
                    }
                    if tokens.isEmptyElement { try closeEmpty() }
                } else if Self.skipped.contains(String(decoding: tokens[element.localName], as: UTF8.self)) {
                    if tokens.isEmptyElement { try closeEmpty() } else { try skipElement() }
                } else if tokens.isEmptyElement {
                    try closeEmpty()
                }
            }
        }
    }

    /// Reads the cells of the row just opened, up to and including its end.
    private func readCells() throws(SheetScanStop) {
        cells.removeAll(keepingCapacity: true)
        let rowDepth = depth
        var previousColumn = 0
        var cellsRead = 0
        while true {
            switch try nextToken() {
            case .endOfInput: throw .unsupported
            case .text, .skipped: continue
            case .end:
                try closeElement()
                if depth < rowDepth { return }
            case .start:
                let element = try openElement()
                guard tokens.matches(element.localName, "c") else {
                    if tokens.isEmptyElement { try closeEmpty() } else { try skipElement() }
                    continue
                }
                cellsRead += 1
                if cellsRead & 0x3FFF == 0 { try check(deadline) }
                var column = previousColumn + 1
                if let stated = statedColumn(), stated > previousColumn {
                    column = stated
                }
                previousColumn = column
                let kind = XLSXCell.kind(of: attribute("t"))
                let style = styleAttribute()
                let isEmpty = tokens.isEmptyElement
                let value = isEmpty ? nil : try readCellValue()
                if isEmpty { try closeEmpty() }
                guard column <= XLSXCellReference.maxColumn else { continue }
                cells.append(XLSXCell(column: column, kind: kind, style: style, value: value))
            }
        }
    }

    /// The value of the cell just opened (its last `v` or `is`), reading
    /// up to and including the cell's end.
    private func readCellValue() throws(SheetScanStop) -> String? {
        let cellDepth = depth
        var value: String?
        while true {
            switch try nextToken() {
            case .endOfInput: throw .unsupported
            case .text, .skipped: continue
            case .end:
                try closeElement()
                if depth < cellDepth { return value }
            case .start:
                let element = try openElement()
                let isEmpty = tokens.isEmptyElement
                if tokens.matches(element.localName, "v") {
                    value = isEmpty ? "" : try readText(keepingOnly: nil)
                } else if tokens.matches(element.localName, "is") {
                    // The reader would read past an empty `is`; leave that to it.
                    guard !isEmpty else { throw .unsupported }
                    value = XLSXSharedStrings.clipped(try readText(keepingOnly: "t"))
                } else if !isEmpty {
                    try skipElement()
                }
                if isEmpty { try closeEmpty() }
            }
        }
    }
}

// MARK: - Elements, depth and limits

extension XLSXSheetScanner {
    struct OpenedElement {
        var localName: Range<Int>
        var isMain: Bool
    }

    private func nextToken() throws(SheetScanStop) -> SheetXMLTokenizer.Token {
        let token = try tokens.next()
        nodes += 1
        // Counting every token over-counts what the reader counts, so this
        // stops no later than it would.
        if nodes > maxNodes { throw .unsupported }
        return token
    }

    /// Takes in the start tag just read: namespace declarations, depth.
    private func openElement() throws(SheetScanStop) -> OpenedElement {
        guard depth <= maxDepth else { throw .unsupported }
        try namespaces.open(depth: depth, tokens: tokens)
        let name = tokens.name
        let isMain: Bool
        let local: Range<Int>
        if let colon = tokens.colon {
            guard let main = namespaces.isMain(prefix: tokens[name.lowerBound..<colon]) else { throw .unsupported }
            isMain = main
            local = (colon + 1)..<name.upperBound
        } else {
            isMain = namespaces.isMain(prefix: nil) ?? false
            local = name
        }
        depth += 1
        return OpenedElement(localName: local, isMain: isMain)
    }

    /// Closes an element that ended with `/>`.
    private func closeEmpty() throws(SheetScanStop) {
        depth -= 1
        namespaces.close(depth: depth)
    }

    /// Closes an element at its end tag, which must match its start.
    private func closeElement() throws(SheetScanStop) {
        guard depth > 0 else { throw .unsupported }
        try namespaces.checkEndTag(tokens[tokens.name], depth: depth - 1)
        depth -= 1
        namespaces.close(depth: depth)
    }

    /// Skips the rest of the element just opened, through its end.
    private func skipElement() throws(SheetScanStop) {
        let start = depth
        while depth >= start {
            switch try nextToken() {
            case .endOfInput: throw .unsupported
            case .text, .skipped: continue
            case .end: try closeElement()
            case .start:
                _ = try openElement()
                if tokens.isEmptyElement { try closeEmpty() }
            }
        }
    }

    /// The text inside the element just opened, through its end: all of
    /// it, or only what lies in `keepingOnly` elements (the `t` of an
    /// inline string), leaving out phonetic runs and run properties.
    private func readText(keepingOnly kept: StaticString?) throws(SheetScanStop) -> String {
        let start = depth
        var keptDepth: Int? = kept == nil ? start : nil
        var result = ""
        while depth >= start {
            switch try nextToken() {
            case .endOfInput: throw .unsupported
            case .skipped: continue
            case .text:
                if keptDepth != nil { result += tokens.decoded(tokens.text, needsDecoding: tokens.textNeedsDecoding, isAttribute: false) }
            case .end:
                try closeElement()
                if let open = keptDepth, depth < open { keptDepth = nil }
            case .start:
                let element = try openElement()
                if tokens.isEmptyElement { try closeEmpty(); continue }
                guard let kept, keptDepth == nil else { continue }
                if tokens.matches(element.localName, kept) {
                    keptDepth = depth
                } else if tokens.matches(element.localName, "rPh") || tokens.matches(element.localName, "rPr")
                    || tokens.matches(element.localName, "phoneticPr") {
                    try skipElement()
                }
            }
        }
        return result
    }

    private func check(_ deadline: Deadline) throws(SheetScanStop) {
        do { try deadline.check() } catch { throw .failed(error) }
    }

    // MARK: Attributes of the current start tag (unprefixed names only)

    private func findAttribute(_ name: StaticString) -> SheetXMLTokenizer.Attribute? {
        tokens.attributes.first { tokens.matches($0.name, name) }
    }

    private func attribute(_ name: StaticString) -> String? {
        guard let attribute = findAttribute(name) else { return nil }
        return tokens.decoded(attribute.value, needsDecoding: attribute.needsDecoding, isAttribute: true)
    }

    /// The column `r` states, as `XLSXCellReference.parse` reads it.
    private func statedColumn() -> Int? {
        guard let attribute = findAttribute("r") else { return nil }
        if attribute.needsDecoding { return XLSXCellReference.parse(self.attribute("r") ?? "").column }
        return XLSXCellReference.parse(bytes: tokens[attribute.value]).column
    }

    /// `s`, read as `Int(text) ?? 0` reads it, digits without a copy.
    private func styleAttribute() -> Int {
        guard let attribute = findAttribute("s") else { return 0 }
        let bytes = tokens[attribute.value]
        guard !attribute.needsDecoding, !bytes.isEmpty, bytes.count < 10, bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return Int(tokens.decoded(attribute.value, needsDecoding: attribute.needsDecoding, isAttribute: true)) ?? 0
        }
        return bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
