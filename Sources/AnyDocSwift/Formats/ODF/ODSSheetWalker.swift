/// Walks one `table:table` of a spreadsheet: column definitions, rows and
/// the sheet's shapes, through the grouping elements around them. Both
/// passes over a sheet read it the same way.
final class ODSSheetWalker {
    enum Event {
        case column(repeats: Int, hidden: Bool)
        /// The reader is on the row: read its cells or skip it.
        case row(repeats: Int, hidden: Bool)
        /// The reader is on `table:shapes`.
        case shapes
    }

    /// A cell as read: its blocks and how many columns it repeats over.
    /// Covered cells (inside a merge) read as empty.
    struct Cell {
        var blocks: [Block]
        var repeats: Int
        /// The cell holds a number, date or time value.
        var isNumber = false
    }

    let reader: XMLReader
    let body: ODFBodyReader
    private let tableDepth: Int

    /// The reader is on the `table:table` start.
    init(reader: XMLReader, body: ODFBodyReader) {
        self.reader = reader
        self.body = body
        tableDepth = reader.isEmptyElement ? -1 : reader.depth
    }

    private static func count(_ value: String?) -> Int {
        max(1, value.flatMap { Int($0) } ?? 1)
    }

    private static func isHidden(_ visibility: String?) -> Bool {
        visibility == "collapse" || visibility == "filter"
    }

    func next() throws(ConversionError) -> Event? {
        guard tableDepth >= 0 else { return nil }
        let tb = ODFNamespace.table
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= tableDepth { return nil }
            guard reader.kind == .startElement else { continue }
            guard reader.namespace == tb else {
                try reader.skipElement()
                continue
            }
            switch reader.localName {
            case "table-column":
                let event = Event.column(
                    repeats: Self.count(reader.attribute("number-columns-repeated", namespace: tb)),
                    hidden: Self.isHidden(reader.attribute("visibility", namespace: tb)))
                try reader.skipElement()
                return event
            case "table-row":
                return .row(
                    repeats: Self.count(reader.attribute("number-rows-repeated", namespace: tb)),
                    hidden: Self.isHidden(reader.attribute("visibility", namespace: tb)))
            case "shapes":
                return .shapes
            case "table-column-group", "table-header-columns", "table-columns",
                 "table-row-group", "table-header-rows", "table-rows":
                continue
            default:
                try reader.skipElement()
            }
        }
        return nil
    }

    /// The cells of the row the reader is on. Cells starting at or after
    /// `columnLimit` are skipped unread (they are outside the sheet's used
    /// area) and not returned.
    func readCells(columnLimit: Int = .max) throws(ConversionError) -> [Cell] {
        guard !reader.isEmptyElement else { return [] }
        let rowDepth = reader.depth
        var cells: [Cell] = []
        var column = 0
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= rowDepth { break }
            guard reader.kind == .startElement else { continue }
            guard reader.namespace == ODFNamespace.table,
                  reader.localName == "table-cell" || reader.localName == "covered-table-cell" else {
                try reader.skipElement()
                continue
            }
            let repeats = Self.count(reader.attribute("number-columns-repeated", namespace: ODFNamespace.table))
            if column >= columnLimit || reader.localName == "covered-table-cell" {
                try reader.skipElement()
                if column < columnLimit { cells.append(Cell(blocks: [], repeats: repeats)) }
                column = ODSConverter.adding(column, repeats)
                continue
            }
            column = ODSConverter.adding(column, repeats)
            let value = ODSCellValue.Attributes(reader: reader)
            var blocks: [Block] = []
            if !reader.isEmptyElement {
                let depth = reader.depth
                blocks = try body.isolated { () throws(ConversionError) -> [Block] in try body.readBlocks(containerDepth: depth) }
            }
            // The paragraphs are the value as displayed; the typed value
            // stands in when a producer wrote none.
            if !blocks.contains(where: Self.hasText), let text = ODSCellValue.text(value) {
                if blocks.count == 1, case .paragraph(let marks) = blocks[0] {
                    blocks = [.paragraph([.text(text)] + marks)]
                } else {
                    blocks.insert(.paragraph([.text(text)]), at: 0)
                }
            } else if blocks.count == 1, case .paragraph(let content) = blocks[0],
                      let full = ODSCellValue.fullDigits(displayed: content.plainText, value) {
                blocks = [.paragraph([.text(full)])]
            } else if blocks.count == 1, case .paragraph(let content) = blocks[0],
                      let time = ODSCellValue.styledTime(value, styles: body.styles) {
                // A display that wraps at a day or drops the sign loses the value.
                blocks = [.paragraph([.text(time)] + content.filter { !Self.isShownText($0) })]
            }
            cells.append(Cell(blocks: blocks, repeats: repeats, isNumber: value.isNumber))
        }
        return cells
    }

    private static func hasText(_ block: Block) -> Bool {
        guard case .paragraph(let content) = block else { return true }
        return content.contains(where: isShownText)
    }

    /// Inlines other than note references and anchors.
    private static func isShownText(_ inline: Inline) -> Bool {
        if case .footnoteReference = inline { return false }
        if case .anchor = inline { return false }
        return true
    }
}

/// Which columns of a sheet are hidden, as ranges from its column
/// definitions.
struct ODSColumnVisibility {
    private var hidden: [Range<Int>] = []
    private var next = 0

    mutating func add(repeats: Int, hidden isHidden: Bool) {
        let end = ODSConverter.adding(next, repeats)
        if isHidden, end > next { hidden.append(next..<end) }
        next = end
    }

    /// The hidden range holding `column`; ranges are added in order, so
    /// a binary search finds it.
    private func block(containing column: Int) -> Range<Int>? {
        var low = 0
        var high = hidden.count
        while low < high {
            let middle = (low + high) / 2
            if hidden[middle].upperBound <= column {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < hidden.count && hidden[low].contains(column) ? hidden[low] : nil
    }

    /// The visible columns in `range`, at most `limit` of them.
    func visibleColumns(in range: ClosedRange<Int>, limit: Int) -> [Int] {
        var result: [Int] = []
        var column = range.lowerBound
        while column <= range.upperBound, result.count < limit {
            if let block = block(containing: column) {
                column = block.upperBound
                continue
            }
            result.append(column)
            column += 1
        }
        return result
    }

    /// The first and last visible column of `range`, if any.
    func visibleBounds(of range: Range<Int>) -> ClosedRange<Int>? {
        guard !range.isEmpty else { return nil }
        var low = range.lowerBound
        while low < range.upperBound, let block = block(containing: low) { low = block.upperBound }
        guard low < range.upperBound else { return nil }
        var high = range.upperBound - 1
        while high >= low, let block = block(containing: high) { high = block.lowerBound - 1 }
        return low...high
    }
}
