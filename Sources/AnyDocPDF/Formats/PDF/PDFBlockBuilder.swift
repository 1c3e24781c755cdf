internal import AnyDocSwift
/// Builds a page's blocks from its lines: reading order, tables, then
/// paragraphs, headings and lists.
///
/// Paragraphs: consecutive lines of a column belong together unless the
/// distance between their baselines is larger than the document's usual
/// line pitch for that size (by 0.4 em), the font size or
/// weight changes, the line is indented against the one before (a first
/// line indent), the line before stopped short of the column's right edge
/// after a sentence (or far short of it, not after a hyphen or comma,
/// before a capital), or the line starts with a list marker. A row of three
/// or more pieces (unless it fills the column, as a justified line does),
/// or of pieces more than 3 em apart, that is no table stays a line of
/// its own, as does a line with dot leaders.
struct PDFBlockBuilder {
    var headings: PDFHeadingClassifier
    var spacing: PDFLineSpacing

    mutating func blocks(for page: PDFPageContent) -> [Block] {
        let rightToLeft = page.lines.filter { $0.isRightToLeft }.count * 2 > page.lines.count
        var blocks: [Block] = []
        for region in PDFColumnDetector.regions(of: page.rules.split(page.lines), rightToLeft: rightToLeft) {
            let rows = PDFBlockBuilder.rows(of: region)
            let tables = PDFTableDetector.detect(in: rows, links: page.links, rules: page.rules)
            var next = 0
            for table in tables {
                blocks += textBlocks(rows[next..<table.rows.lowerBound], page: page)
                blocks.append(.table(table.table))
                next = table.rows.upperBound
            }
            blocks += textBlocks(rows[next...], page: page)
        }
        return blocks
    }

    /// Lines grouped into rows by vertical overlap, top to bottom.
    static func rows(of lines: [PDFTextLine]) -> [PDFRow] {
        var groups: [[PDFTextLine]] = []
        var groupBox: PDFRect?
        for line in lines.sorted(by: { ($0.box.minY, $0.box.minX) < ($1.box.minY, $1.box.minX) }) {
            if let box = groupBox {
                let overlap = min(box.maxY, line.box.maxY) - max(box.minY, line.box.minY)
                let lastHeight = groups[groups.count - 1].last?.box.height ?? box.height
                if overlap >= 0.5 * min(line.box.height, lastHeight) {
                    groups[groups.count - 1].append(line)
                    groupBox = box.union(line.box)
                    continue
                }
            }
            groups.append([line])
            groupBox = line.box
        }
        return groups.map { group in
            let rtl = group.filter { $0.isRightToLeft }.count * 2 > group.count
            return PDFRow(lines: group.sorted { rtl ? $0.box.minX > $1.box.minX : $0.box.minX < $1.box.minX })
        }
    }

    /// Dot leaders, as in a table of contents: such a line stands alone.
    static func hasLeader(_ text: String) -> Bool {
        text.containsUTF8(". . . .") || text.containsUTF8(".....") || text.containsUTF8("……")
    }

    // MARK: - Text

    private struct Draft {
        var lines: [PDFTextLine]
        /// The list marker the first line starts with, and the lines
        /// without it.
        var marker: PDFListMarker?
        var content: [PDFTextLine]
    }

    private mutating func textBlocks(_ rows: ArraySlice<PDFRow>, page: PDFPageContent) -> [Block] {
        guard var region = rows.first?.box else { return [] }
        for row in rows { region = region.union(row.box) }
        let lines = rows.map { row in
            // A row of one line is that line: its words, and all that is
            // made of them, are the same.
            var line = row.lines.count == 1 ? row.lines[0] : PDFTextLine(words: row.lines.flatMap { $0.words })
            let gaps = zip(row.lines.dropFirst(), row.lines).map { abs($0.box.minX - $1.box.maxX) }
            let wide = gaps.contains { $0 > 3 * max(line.fontSize, 1) }
            // A justified line stretches its spaces but fills the column.
            let justified = row.box.width >= 0.9 * region.width
            line.isTabular = wide || (row.lines.count > 2 && !justified) || PDFBlockBuilder.hasLeader(line.text)
            return line
        }.filter { !$0.words.isEmpty }
        guard !lines.isEmpty else { return [] }
        let gaps = zip(lines.dropFirst(), lines).compactMap { next, previous -> Double? in
            abs(next.fontSize - previous.fontSize) < 0.5 ? next.box.minY - previous.box.maxY : nil
        }.sorted()
        let typicalGap = gaps.isEmpty ? 0 : gaps[gaps.count / 2]

        var drafts: [Draft] = []
        var previousIsBookmark = false
        for line in lines {
            let split = PDFListMarker.split(line)
            // A line that is an outline entry stands alone whatever its look.
            let isBookmark = headings.isOutlineTitle(line.text, page: page.number)
            defer { previousIsBookmark = isBookmark }
            // The last draft grows in place: a copy of it would share its
            // arrays and make every append copy them.
            let joins = !isBookmark && !previousIsBookmark && drafts.last.map { draft in
                draft.lines.last.map { previous in
                    continues(draft, previous: previous, with: line, hasMarker: split != nil, region: region, typicalGap: typicalGap)
                } ?? false
            } ?? false
            if joins {
                drafts[drafts.count - 1].lines.append(line)
                drafts[drafts.count - 1].content.append(line)
            } else {
                drafts.append(Draft(lines: [line], marker: split?.marker, content: [split?.rest ?? line]))
            }
        }
        return blocks(from: drafts, page: page, columnWidth: region.width)
    }

    private func continues(
        _ draft: Draft, previous: PDFTextLine, with line: PDFTextLine, hasMarker: Bool, region: PDFRect, typicalGap: Double
    ) -> Bool {
        if hasMarker || line.isTabular || previous.isTabular { return false }
        let em = max(min(previous.fontSize, line.fontSize), 1)
        let gap = line.box.minY - previous.box.maxY
        if let pitch = spacing.pitch(for: line.fontSize), abs(line.fontSize - previous.fontSize) < 0.5 {
            if line.box.maxY - previous.box.maxY > pitch + 0.4 * em { return false }
        } else if gap > typicalGap + 0.4 * em {
            return false
        }
        if gap < -0.5 * em - previous.box.height { return false }
        if abs(line.fontSize - previous.fontSize) > max(0.6, 0.1 * em) { return false }
        if line.isBold != previous.isBold { return false }
        if let marker = draft.marker {
            // A list item goes on while lines keep to its hanging indent.
            return line.box.minX >= marker.textX - 0.5 * em || previous.box.maxX >= region.maxX - 2 * em
        }
        let centered = abs(line.box.midX - previous.box.midX) < em && abs(line.box.minX - previous.box.minX) > em
            && line.box.width < 0.9 * region.width
        if !centered, line.box.minX - previous.box.minX > 0.8 * em, line.box.minX - region.minX < 8 * em {
            return false
        }
        if !centered, let last = previous.text.last, ".!?:".contains(last),
           previous.box.maxX < region.maxX - max(0.2 * region.width, 3 * em) {
            return false
        }
        // A line stopping well short of the edge before a capital is the
        // end of a paragraph or one line of a label-and-value block.
        if !centered, previous.box.maxX < region.maxX - max(0.35 * region.width, 4 * em),
           let first = line.text.first, first.isUppercase || first.isNumber,
           let last = previous.text.last, !"-,\u{2010}".contains(last), previous.words.last?.endsWithSoftHyphen != true {
            return false
        }
        return true
    }

    private mutating func blocks(from drafts: [Draft], page: PDFPageContent, columnWidth: Double) -> [Block] {
        var blocks: [Block] = []
        var listItems: [(marker: PDFListMarker, content: [Inline], lines: [PDFTextLine])] = []

        func flushList() {
            guard !listItems.isEmpty else { return }
            defer { listItems = [] }
            if listItems.count == 1, case .ordered = listItems[0].marker.kind {
                // One numbered line is a numbered heading ("1. INTENT") or a
                // sentence that starts with a number.
                let lines = listItems[0].lines
                if let level = headings.level(for: lines, page: page.number, isListItem: false, columnWidth: columnWidth) {
                    blocks.append(.heading(Heading(level: level, content: PDFInlineComposer.inlines(lines, links: page.links, formatting: false))))
                } else {
                    blocks.append(.paragraph(PDFInlineComposer.inlines(lines, links: page.links)))
                }
                return
            }
            blocks += PDFListBuilder.lists(listItems.map { ($0.marker, $0.content) })
        }

        for draft in drafts {
            if let level = headings.level(
                for: draft.lines, page: page.number, isListItem: draft.marker != nil, columnWidth: columnWidth) {
                flushList()
                blocks.append(.heading(Heading(level: level, content: PDFInlineComposer.inlines(draft.lines, links: page.links, formatting: false))))
            } else if let marker = draft.marker {
                listItems.append((marker, PDFInlineComposer.inlines(draft.content, links: page.links), draft.lines))
            } else {
                flushList()
                blocks.append(.paragraph(PDFInlineComposer.inlines(draft.lines, links: page.links)))
            }
        }
        flushList()
        return blocks
    }
}

/// Nests list items by the indentation of their markers.
enum PDFListBuilder {
    static func lists(_ items: [(marker: PDFListMarker, content: [Inline])]) -> [Block] {
        // Levels: distinct marker positions, left to right.
        var positions: [Double] = []
        for x in items.map({ $0.marker.x }).sorted() where positions.last.map({ x - $0 > 3 }) ?? true {
            positions.append(x)
        }
        let flat = items.map { item in
            (level: positions.lastIndex { item.marker.x >= $0 - 3 } ?? 0, kind: item.marker.kind, content: item.content)
        }
        var index = 0
        return build(flat, index: &index, level: flat.map { $0.level }.min() ?? 0)
    }

    private static func build(
        _ items: [(level: Int, kind: PDFListMarker.Kind, content: [Inline])], index: inout Int, level: Int
    ) -> [Block] {
        var blocks: [Block] = []
        var current: List?
        var lastNumber = 0
        func flush() {
            if let list = current { blocks.append(.list(list)) }
            current = nil
        }
        while index < items.count, items[index].level >= level {
            let item = items[index]
            if item.level > level {
                let nested = build(items, index: &index, level: item.level)
                if var list = current, !list.items.isEmpty {
                    list.items[list.items.count - 1].blocks += nested
                    current = list
                } else {
                    flush()
                    blocks += nested
                }
                continue
            }
            switch item.kind {
            case .bullet:
                if current?.kind != .bullet {
                    flush()
                    current = List(kind: .bullet, items: [])
                }
            case .ordered(let number):
                // A break in the numbering starts a new list, so the
                // source's numbers survive.
                if case .ordered = current?.kind, number == lastNumber + 1 {
                } else {
                    flush()
                    current = List(kind: .ordered(start: number), items: [])
                }
                lastNumber = number
            }
            current?.items.append(ListItem(item.content))
            index += 1
        }
        flush()
        return blocks
    }
}
