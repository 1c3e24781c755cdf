internal import AnyDocSwift
/// Lines on one baseline, left to right: a line of text, or the cells of
/// a table row.
struct PDFRow {
    var lines: [PDFTextLine]
    var box: PDFRect

    init(lines: [PDFTextLine]) {
        self.lines = lines
        var box = lines.first?.box ?? PDFRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        for line in lines { box = box.union(line.box) }
        self.box = box
    }

    var fontSize: Double { lines.map { $0.fontSize }.max() ?? 0 }
}

/// Finds tables in text laid out on a grid.
///
/// A table is at least three rows of at least two separate pieces each
/// whose pieces fall into shared columns: columns are the x ranges left
/// between vertical strips that (almost) no row covers, or, in a ruled
/// table, the vertical rules inside it; horizontal rules, where a table
/// has them, decide which lines form one row (cells of several lines).
/// A one-piece row continues the table only when it is narrow and close
/// (a wrapped cell), so the paragraph after a table stays a paragraph.
/// Rejected: tables of contents (a last column of page numbers that never
/// decrease, or dot leaders), key–value layouts (a first column of labels
/// ending in `:`), prose that happens to align, sparse grids (under half
/// of the cells filled, or under two cells a row) and two-column grids
/// without a bold header row.
enum PDFTableDetector {
    struct Found {
        var rows: Range<Int>
        var table: Table
        var columnCount: Int
    }

    /// One row of the grid: the lines of each column and the column
    /// each cell spans to.
    struct GridRow {
        var cells: [[PDFTextLine]]
        var spans: [Int]
        var box: PDFRect
    }

    static func detect(in rows: [PDFRow], links: [String], rules: PDFRules = .none) -> [Found] {
        var found: [Found] = []
        var start = 0
        while start < rows.count {
            guard rows[start].lines.count >= 2 else {
                start += 1
                continue
            }
            let end = runEnd(rows, from: start)
            if end - start >= 3, let table = build(rows[start..<end], links: links, rules: rules) {
                found.append(Found(rows: start..<end, table: table.table, columnCount: table.columns))
                start = end
            } else {
                start += 1
            }
        }
        return found
    }

    /// The end of the run of grid rows that starts at `start`. A row of
    /// one piece stays in only when the rows go on after it, it is
    /// narrower than the grid so far, and no further from the row above
    /// than the grid's rows are from each other (plus 0.3 em).
    static func runEnd(_ rows: [PDFRow], from start: Int) -> Int {
        var end = start + 1
        var bounds = rows[start].box
        var rowGap: Double?
        while end < rows.count {
            let em = max(rows[end - 1].fontSize, 1)
            let gap = rows[end].box.minY - rows[end - 1].box.maxY
            if gap > 2.5 * em { break }
            if rows[end].lines.count >= 2 {
                if rows[end - 1].lines.count >= 2 { rowGap = max(rowGap ?? gap, gap) }
                bounds = bounds.union(rows[end].box)
                end += 1
                continue
            }
            let next = end + 1
            if next < rows.count, rows[next].lines.count >= 2, rows[next].box.minY - rows[end].box.maxY <= 2.5 * em,
               rows[end].box.width < 0.6 * bounds.width, gap <= (rowGap ?? em) + 0.3 * em {
                end += 1
                continue
            }
            break
        }
        return end
    }

    /// The table the rows make with the rules drawn around them or, when
    /// the rules leave no plausible grid (a rule of a block below that
    /// cuts the key–value rows above it into sparse columns), the table
    /// their text alone makes.
    private static func build(_ rows: ArraySlice<PDFRow>, links: [String], rules: PDFRules) -> (table: Table, columns: Int)? {
        if let table = build(rows, links: links, ruledBy: rules) { return table }
        return rules.isEmpty ? nil : build(rows, links: links, ruledBy: .none)
    }

    /// The table of columns from the text's clear strips and the rules.
    private static func build(_ rows: ArraySlice<PDFRow>, links: [String], ruledBy rules: PDFRules) -> (table: Table, columns: Int)? {
        guard var bounds = rows.first?.box else { return nil }
        for row in rows { bounds = bounds.union(row.box) }
        let sizes = rows.flatMap { $0.lines.map { $0.fontSize } }.sorted()
        let em = max(sizes[sizes.count / 2], 1)
        guard let coverage = coverageSeparators(rows, bounds: bounds, em: em) else { return nil }
        // Rules add the columns whose cells sit too close for a clear strip.
        var separators = coverage
        for x in ruledSeparators(rules, bounds: bounds, em: em) where !coverage.contains(where: { c in
            // The same boundary when no text lies between the two.
            !rows.contains { $0.lines.contains { $0.box.maxX > min(c, x) && $0.box.minX < max(c, x) } }
        }) {
            separators.append(x)
        }
        separators.sort()
        // Bands only where the rules separate most rows, not a few groups.
        let gridLines = rows.filter { $0.lines.count >= 2 }.count
        let bands = ruledBands(rules, bounds: bounds, em: em).flatMap { Double($0.count) >= 0.6 * Double(gridLines) ? $0 : nil }
        var grid = gridRows(rows, separators: separators, bands: bands, em: em)
        // A column no row fills is a gap inside cells, not a column.
        while let empty = (0...separators.count).first(where: { column in grid.allSatisfy { $0.cells[column].isEmpty } }),
              !separators.isEmpty {
            separators.remove(at: max(0, empty - 1))
            grid = gridRows(rows, separators: separators, bands: bands, em: em)
        }
        let columnCount = separators.count + 1
        guard columnCount >= 2, columnCount <= 20, grid.count >= 3, isPlausible(grid, columnCount: columnCount) else { return nil }
        return (table(grid, separators: separators, rules: rules, links: links), columnCount)
    }

    /// Column separators from the vertical rules inside the table.
    static func ruledSeparators(_ rules: PDFRules, bounds: PDFRect, em: Double) -> [Double] {
        let inside = rules.vertical.filter {
            $0.position > bounds.minX + 1 && $0.position < bounds.maxX - 1
                && min($0.end, bounds.maxY) - max($0.start, bounds.minY) >= em
        }.map { $0.position }.sorted()
        var separators: [Double] = []
        for x in inside where separators.last.map({ x - $0 > 2 }) ?? true { separators.append(x) }
        return separators
    }

    /// The heights of the horizontal rules across the table, when there
    /// are at least three: lines between two of them make one row.
    static func ruledBands(_ rules: PDFRules, bounds: PDFRect, em: Double) -> [Double]? {
        let across = rules.horizontal.filter {
            $0.end - $0.start >= 0.6 * bounds.width && min($0.end, bounds.maxX) - max($0.start, bounds.minX) >= 0.5 * bounds.width
                && $0.position >= bounds.minY - 1.5 * em && $0.position <= bounds.maxY + 1.5 * em
        }.map { $0.position }.sorted()
        return across.count >= 3 ? across : nil
    }

    /// Column separators: strips that at most a tenth of the rows cover
    /// (one row in five or more may: a cell spanning columns).
    static func coverageSeparators(_ rows: ArraySlice<PDFRow>, bounds: PDFRect, em: Double) -> [Double]? {
        let binWidth = max(1.0, bounds.width / 2000)
        let binCount = Int((bounds.width / binWidth).rounded(.up))
        guard binCount > 2 else { return nil }
        var coverage = [Int](repeating: 0, count: binCount)
        for row in rows {
            var covered = [Bool](repeating: false, count: binCount)
            for line in row.lines {
                let first = max(0, Int((line.box.minX - bounds.minX) / binWidth))
                let last = min(binCount - 1, Int((line.box.maxX - bounds.minX) / binWidth))
                if first <= last { for bin in first...last { covered[bin] = true } }
            }
            for bin in 0..<binCount where covered[bin] { coverage[bin] += 1 }
        }
        let allowed = max(rows.count / 10, rows.count >= 5 ? 1 : 0)
        var separators: [Double] = []
        var bin = 0
        while bin < binCount {
            guard coverage[bin] <= allowed else {
                bin += 1
                continue
            }
            let runStart = bin
            while bin < binCount, coverage[bin] <= allowed { bin += 1 }
            let width = Double(bin - runStart) * binWidth
            guard runStart > 0, bin < binCount, width >= 0.5 * em else { continue }
            // The middle of the part no row covers, when there is one, so
            // the cell that reaches into the strip stays on its side.
            let clear = (runStart..<bin).filter { coverage[$0] == 0 }
            let (low, high) = clear.isEmpty ? (runStart, bin) : (clear[0], clear[clear.count - 1] + 1)
            separators.append(bounds.minX + (Double(low) + Double(high - low) / 2) * binWidth)
        }
        return separators
    }

    /// Cells of each row. Between horizontal rules a line of only a few
    /// cells belongs to the row of its band; without them a row that only continues
    /// wrapped cells of the row above (no first cell, closer than the
    /// usual row pitch) joins it.
    static func gridRows(_ rows: ArraySlice<PDFRow>, separators: [Double], bands: [Double]?, em: Double) -> [GridRow] {
        let columnCount = separators.count + 1
        func column(of x: Double) -> Int { separators.firstIndex { x < $0 } ?? separators.count }
        var grid: [GridRow] = []
        var gridBands: [Int] = []
        let pitches = zip(rows.dropFirst(), rows).map { $0.box.minY - $1.box.minY }.sorted()
        let pitch = pitches.isEmpty ? em : pitches[pitches.count / 2]
        for row in rows {
            var cells = [[PDFTextLine]](repeating: [], count: columnCount)
            var spans = [Int](repeating: 1, count: columnCount)
            for line in row.lines {
                let first = column(of: line.box.minX + 0.5)
                let last = max(first, column(of: line.box.maxX - 0.5))
                cells[first].append(line)
                spans[first] = max(spans[first], last - first + 1)
            }
            let band = bands.map { bands in bands.filter { $0 < row.box.midY }.count }
            let joins: Bool
            if let band, let previous = grid.last {
                // Rows of one band are one row when either holds only a
                // few cells (the other lines of wrapped cells); a band of
                // full rows is rows grouped under spanning cells.
                let few = { (cells: [[PDFTextLine]]) in cells.filter { !$0.isEmpty }.count * 2 <= columnCount }
                joins = gridBands.last == band && (few(cells) || few(previous.cells))
            } else if let previous = grid.last {
                joins = cells[0].isEmpty && row.box.minY - previous.box.minY < 0.75 * pitch
                    && row.box.minY - previous.box.maxY < 0.5 * em
            } else {
                joins = false
            }
            if joins, var previous = grid.last {
                for index in 0..<columnCount {
                    previous.cells[index] += cells[index]
                    previous.spans[index] = max(previous.spans[index], spans[index])
                }
                previous.box = previous.box.union(row.box)
                grid[grid.count - 1] = previous
            } else {
                grid.append(GridRow(cells: cells, spans: spans, box: row.box))
                gridBands.append(band ?? 0)
            }
        }
        return grid
    }

    /// False for what only looks like a grid.
    static func isPlausible(_ grid: [GridRow], columnCount: Int) -> Bool {
        let texts = grid.map { $0.cells.map { $0.map { $0.text }.joined(separator: " ") } }
        let filled = texts.reduce(0) { $0 + $1.filter { !$0.isEmpty }.count }
        guard Double(filled) >= 0.5 * Double(grid.count * columnCount),
              Double(filled) >= min(2, Double(columnCount)) * Double(grid.count) else { return false }
        let firstColumn = texts.map { $0[0] }.filter { !$0.isEmpty }
        if Double(firstColumn.filter { $0.hasSuffix(":") }.count) >= 0.5 * Double(max(firstColumn.count, 1)) { return false }
        if texts.joined().contains(where: { $0.containsUTF8("....") || $0.containsUTF8(". . .") || $0.containsUTF8("…") }) { return false }
        let lastColumn = texts.map { $0[columnCount - 1] }.filter { !$0.isEmpty }
        let pageNumbers = lastColumn.compactMap { $0.count <= 4 && $0.allSatisfy { $0.isNumber } ? Int($0) : nil }
        if Double(pageNumbers.count) >= 0.8 * Double(max(lastColumn.count, 1)) {
            // Page numbers beside titles: a table of contents.
            if columnCount == 2 || pageNumbers == pageNumbers.sorted() { return false }
        }
        let wordCounts = grid.flatMap { $0.cells.filter { !$0.isEmpty }.map { $0.reduce(0) { $0 + $1.words.count } } }.sorted()
        if let median = wordCounts.isEmpty ? nil : wordCounts[wordCounts.count / 2], median > 8 { return false }
        if columnCount == 2, !grid[0].cells.joined().allSatisfy({ $0.isBold }) { return false }
        return true
    }

    /// The table: the first row is the header; a cell spans the columns
    /// its text crosses, and, in a ruled table, the empty columns up to
    /// the next rule that crosses its row.
    static func table(_ grid: [GridRow], separators: [Double], rules: PDFRules, links: [String]) -> Table {
        let columnCount = separators.count + 1
        var tableRows: [TableRow] = []
        for (index, row) in grid.enumerated() {
            var cells: [TableCell] = []
            var column = 0
            while column < columnCount {
                var span = min(row.spans[column], columnCount - column)
                // A cell never spans over one that has text of its own.
                if let filled = (column + 1..<column + span).first(where: { !row.cells[$0].isEmpty }) { span = filled - column }
                if !row.cells[column].isEmpty, !rules.vertical.isEmpty {
                    while column + span < columnCount, row.cells[column + span].isEmpty,
                          !rules.hasVertical(at: separators[column + span - 1], crossing: row.box.midY) {
                        span += 1
                    }
                }
                let content = row.cells[column].sorted { ($0.box.minY, $0.box.minX) < ($1.box.minY, $1.box.minX) }
                // A header row is marked as such; its bold says nothing more.
                let inlines = PDFInlineComposer.inlines(content, links: links, formatting: index != 0)
                cells.append(TableCell(inlines, columnSpan: span, isHeader: index == 0))
                column += span
            }
            tableRows.append(TableRow(cells: cells, isHeader: index == 0))
        }
        return Table(rows: tableRows)
    }
}
