/// Turns one story (the main text, a note, a comment) into blocks:
/// paragraphs split at their marks, headings from styles and outline
/// levels, list paragraphs numbered, and table paragraphs gathered into
/// (possibly nested) tables by their depth and cell and row marks.
struct DOCStoryReader {
    private static let paragraphMark: UInt16 = 0x0D
    private static let cellMark: UInt16 = 0x07
    private static let pageBreak: UInt16 = 0x0C

    let document: DOCDocument
    let input: ConversionInput
    var lists: DOCListTables
    var inlines: DOCInlineReader
    /// Table cells read so far in the whole document.
    private(set) var cellCount = 0

    private var flow: [FlowItem] = []
    /// Open tables, outermost first; the count is the current depth.
    private var tables: [DOCTableBuilder] = []

    init(document: DOCDocument, input: ConversionInput, lists: DOCListTables, noteReferences: [Int: String], cellCount: Int = 0) {
        self.document = document
        self.input = input
        self.lists = lists
        self.cellCount = cellCount
        inlines = DOCInlineReader(document: document, noteReferences: noteReferences, showsDeletions: input.options.showTrackedDeletions)
    }

    /// The blocks of the characters in `range`.
    mutating func blocks(_ range: Range<Int>) throws(ConversionError) -> [Block] {
        flow = []
        tables = []
        let text = document.text
        let end = min(range.upperBound, text.count)
        var start = max(range.lowerBound, 0)
        var cp = start
        while cp < end {
            if cp & 0xFFF == 0 { try input.deadline.check() }
            let unit = text[cp]
            if unit == Self.paragraphMark || unit == Self.cellMark {
                try paragraph(start..<cp, mark: unit, markCP: cp)
                start = cp + 1
            }
            cp += 1
        }
        if start < end { try paragraph(start..<end, mark: 0, markCP: end - 1) }
        try closeTables(downTo: 0)
        return FlowGrouper.group(flow)
    }

    private mutating func paragraph(_ content: Range<Int>, mark: UInt16, markCP: Int) throws(ConversionError) {
        let (properties, directOutline) = document.paragraphProperties(markAt: markCP)
        let depth = min(properties.depth, input.limits.maxNestingDepth)
        try closeTables(downTo: depth)
        while tables.count < depth { tables.append(DOCTableBuilder()) }

        let endsRow = depth > 0 && (depth == 1 ? properties.endsRow : properties.endsInnerRow)
        if endsRow {
            tables[depth - 1].endRow(properties.row)
            return
        }
        let items = items(content, properties: properties, directOutline: directOutline, inTable: depth > 0)
        guard depth > 0 else {
            flow += items
            return
        }
        for item in items { tables[depth - 1].add(item) }
        if mark == Self.cellMark || properties.endsInnerCell {
            tables[depth - 1].endCell()
            cellCount += 1
            guard cellCount <= input.limits.maxTableCells else {
                throw .resourceLimit("Word document has more than \(input.limits.maxTableCells) table cells")
            }
        }
    }

    /// The flow items of one paragraph; a page or section break inside it
    /// starts a new paragraph.
    private mutating func items(_ content: Range<Int>, properties: DOCParagraphProperties, directOutline: Int?, inTable: Bool) -> [FlowItem] {
        var headingLevel: Int?
        if !inTable {
            if let directOutline {
                headingLevel = directOutline < 9 ? directOutline + 1 : nil
            } else {
                headingLevel = document.styles.headingLevel(style: properties.style)
            }
        }
        var segments: [Range<Int>] = []
        var start = content.lowerBound
        for cp in content where document.text[cp] == Self.pageBreak {
            segments.append(start..<cp)
            start = cp + 1
        }
        segments.append(start..<content.upperBound)
        var result: [FlowItem] = []
        for (index, segment) in segments.enumerated() {
            let inlineContent = inlines.inlines(segment, paragraphStyle: properties.style, dropsBold: headingLevel != nil)
            var paragraph = FlowParagraph(content: inlineContent, headingLevel: headingLevel, list: nil)
            if index == 0, headingLevel == nil, !inlineContent.isEmpty, properties.listOverride > 0,
                let marker = lists.advance(listOverride: properties.listOverride, level: properties.listLevel)
            {
                paragraph.list = ListMarker(
                    isBullet: marker.isBullet, number: marker.number, level: properties.listLevel, instance: String(marker.list))
            }
            result.append(.paragraph(paragraph))
        }
        return result
    }

    /// Finishes open tables deeper than `depth`; each lands in the cell of
    /// the table around it, or in the flow.
    private mutating func closeTables(downTo depth: Int) throws(ConversionError) {
        while tables.count > depth {
            var innermost = tables.removeLast()
            guard let table = innermost.finish() else { continue }
            if tables.isEmpty {
                flow.append(.block(.table(table)))
            } else {
                tables[tables.count - 1].add(.block(.table(table)))
            }
        }
    }
}
