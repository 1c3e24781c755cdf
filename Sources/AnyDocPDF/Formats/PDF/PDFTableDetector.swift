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
/// between vertical strips that (almost) no row covers. Rejected: tables
/// of contents (a last column of page numbers that never decrease, or dot
/// leaders), key–value layouts (a first column of labels ending in `:`),
/// prose that happens to align, sparse grids (under half of the cells
/// filled, or under two cells a row) and two-column grids without a bold header row.
enum PDFTableDetector {
    struct Found {
        var rows: Range<Int>
        var table: Table
        var columnCount: Int
    }

    static func detect(in rows: [PDFRow], links: [String]) -> [Found] {
        var found: [Found] = []
        var start = 0
        while start < rows.count {
            guard rows[start].lines.count >= 2 else {
                start += 1
                continue
            }
            var end = start + 1
            while end < rows.count {
                let em = max(rows[end - 1].fontSize, 1)
                let gap = rows[end].box.minY - rows[end - 1].box.maxY
                if gap > 2.5 * em { break }
                if rows[end].lines.count >= 2 {
                    end += 1
                    continue
                }
                // A one-piece row inside the grid: a wrapped cell or a sparse row.
                if end + 1 < rows.count, rows[end + 1].lines.count >= 2, rows[end + 1].box.minY - rows[end].box.maxY <= 2.5 * em {
                    end += 1
                    continue
                }
                break
            }
            if end - start >= 3, let table = build(rows[start..<end], links: links) {
                found.append(Found(rows: start..<end, table: table.table, columnCount: table.columns))
                start = end
            } else {
                start += 1
            }
        }
        return found
    }

    /// Cells of one grid row, by column, with how many columns each spans.
    private struct GridRow {
        var cells: [[PDFTextLine]]
        var spans: [Int]
        var box: PDFRect
    }

    private static func build(_ rows: ArraySlice<PDFRow>, links: [String]) -> (table: Table, columns: Int)? {
        guard var bounds = rows.first?.box else { return nil }
        for row in rows { bounds = bounds.union(row.box) }
        let sizes = rows.flatMap { $0.lines.map { $0.fontSize } }.sorted()
        let em = max(sizes[sizes.count / 2], 1)

        guard let separators = columnSeparators(rows, bounds: bounds, em: em) else { return nil }
        let columnCount = separators.count + 1
        guard columnCount >= 2, columnCount <= 20 else { return nil }

        let grid = gridRows(rows, separators: separators, em: em)
        guard grid.count >= 3, looksLikeTable(grid, columnCount: columnCount) else { return nil }
        return (Table(rows: tableRows(grid, columnCount: columnCount, links: links)), columnCount)
    }

    /// Column separators: the middles of strips that at most a tenth of the
    /// rows cover, narrow strips and the margins left out. Nil when the rows
    /// are too narrow to measure.
    private static func columnSeparators(_ rows: ArraySlice<PDFRow>, bounds: PDFRect, em: Double) -> [Double]? {
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
        let allowed = rows.count / 10
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
            if runStart > 0, bin < binCount, width >= 0.5 * em {
                separators.append(bounds.minX + (Double(runStart) + Double(bin - runStart) / 2) * binWidth)
            }
        }
        return separators
    }

    /// Cells of each row; a row that only continues wrapped cells of the
    /// row above (no first cell, closer than the usual row pitch) joins it.
    private static func gridRows(_ rows: ArraySlice<PDFRow>, separators: [Double], em: Double) -> [GridRow] {
        let columnCount = separators.count + 1
        func column(of x: Double) -> Int { separators.firstIndex { x < $0 } ?? separators.count }
        var grid: [GridRow] = []
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
            if var previous = grid.last, cells[0].isEmpty, row.box.minY - previous.box.minY < 0.75 * pitch,
               row.box.minY - previous.box.maxY < 0.5 * em {
                for index in 0..<columnCount { previous.cells[index] += cells[index] }
                previous.box = previous.box.union(row.box)
                grid[grid.count - 1] = previous
            } else {
                grid.append(GridRow(cells: cells, spans: spans, box: row.box))
            }
        }
        return grid
    }

    /// False for what only looks like a grid: sparse cells, labels with
    /// values, dot leaders, tables of contents, prose, and two columns
    /// without a bold header row.
    private static func looksLikeTable(_ grid: [GridRow], columnCount: Int) -> Bool {
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

    /// The grid as table rows, the first one the header; a cell spanning
    /// columns covers the ones it spans.
    private static func tableRows(_ grid: [GridRow], columnCount: Int, links: [String]) -> [TableRow] {
        var tableRows: [TableRow] = []
        for (index, row) in grid.enumerated() {
            var cells: [TableCell] = []
            var column = 0
            while column < columnCount {
                let span = min(row.spans[column], columnCount - column)
                let content = row.cells[column].sorted { ($0.box.minY, $0.box.minX) < ($1.box.minY, $1.box.minX) }
                // A header row is marked as such; its bold says nothing more.
                let inlines = PDFInlineComposer.inlines(content, links: links, formatting: index != 0)
                cells.append(TableCell(inlines, columnSpan: span, isHeader: index == 0))
                column += span
            }
            tableRows.append(TableRow(cells: cells, isHeader: index == 0))
        }
        return tableRows
    }
}
