internal import AnyDocSwift
/// The regions of a page whose text looks like a table: the only places
/// where rules are looked for, so a page of prose is never rendered.
///
/// A row looks tabular when it has two or more pieces, or a gap between
/// words wider than a stretched space (cells of a ruled table set close
/// together). Three or more such rows, close together, with a cell edge
/// repeated in three of them and pieces short enough for cells, make a
/// region.
enum PDFTableCandidates {
    /// Regions rendered per page at most: the work per page stays bounded.
    static let maxRegions = 6

    static func regions(of lines: [PDFTextLine], width: Double, height: Double) -> [PDFRect] {
        let rows = PDFBlockBuilder.rows(of: lines)
        var regions: [PDFRect] = []
        var run: [PDFRow] = []
        func close() {
            defer { run = [] }
            guard run.filter(isTabular).count >= 3, hasAlignedColumn(run), !isProse(run), var box = run.first?.box else { return }
            for row in run { box = box.union(row.box) }
            let em = max(run.map { $0.fontSize }.max() ?? 10, 6)
            regions.append(PDFRect(minX: max(0, box.minX - 2 * em), minY: max(0, box.minY - 1.5 * em),
                                   maxX: min(width, box.maxX + 2 * em), maxY: min(height, box.maxY + 1.5 * em)))
        }
        for row in rows {
            if let last = run.last, row.box.minY - last.box.maxY > 2.5 * max(last.fontSize, 1) { close() }
            if isTabular(row) || !run.isEmpty { run.append(row) }
            // Two plain rows in a row end the region.
            if run.count >= 2, !isTabular(run[run.count - 1]), !isTabular(run[run.count - 2]) {
                run.removeLast(2)
                close()
            }
            if regions.count >= maxRegions { break }
        }
        if regions.count < maxRegions { close() }
        return regions
    }

    /// True when a cell edge repeats: some piece after the first of its
    /// row starts (or ends) within 2 points of one in two other rows.
    /// Text set with ragged gaps (an OCR text layer, a diagram's labels)
    /// has none, and is not rendered.
    static func hasAlignedColumn(_ rows: [PDFRow]) -> Bool {
        var rowsAt: [Int: Set<Int>] = [:]
        for (index, row) in rows.enumerated() {
            var pieces: [PDFRect] = row.lines.dropFirst().map { $0.box }
            for line in row.lines {
                let em = max(line.fontSize, 1)
                for (word, previous) in zip(line.words.dropFirst(), line.words) where word.box.minX - previous.box.maxX > 0.45 * em {
                    pieces.append(word.box)
                }
            }
            for piece in pieces {
                rowsAt[Int((piece.minX / 2).rounded()), default: []].insert(index)
                rowsAt[-1 - Int((piece.maxX / 2).rounded()), default: []].insert(index)
            }
        }
        return rowsAt.values.contains { $0.count >= 3 }
    }

    /// True unless most rows are made of cells: pieces (lines cut at gaps
    /// wider than a stretched space) of at most six words, two or more a
    /// row, each starting, ending or centred where short pieces of two
    /// other rows do. Columns of prose side by side, justified text and a
    /// scan's text layer line up at their margins only, and the detector
    /// would make no table of them whatever rules a render found.
    static func isProse(_ rows: [PDFRow]) -> Bool {
        let pieces = rows.map(shortPieces)
        var rowsAt: [Int: Set<Int>] = [:]
        for (index, row) in pieces.enumerated() {
            for piece in row {
                for key in edgeKeys(piece) { rowsAt[key, default: []].insert(index) }
            }
        }
        let cellRows = pieces.enumerated().filter { index, row in
            row.filter { piece in edgeKeys(piece).contains { (rowsAt[$0]?.subtracting([index]).count ?? 0) >= 2 } }.count >= 2
        }.count
        let tabular = rows.filter(isTabular).count
        return cellRows < 3 || Double(cellRows) < 0.4 * Double(tabular)
    }

    /// The pieces of a row's lines that hold at most six words.
    private static func shortPieces(_ row: PDFRow) -> [PDFRect] {
        var pieces: [PDFRect] = []
        for line in row.lines {
            let em = max(line.fontSize, 1)
            var start = 0
            for index in line.words.indices {
                let last = index == line.words.count - 1
                if last || line.words[index + 1].box.minX - line.words[index].box.maxX > 0.45 * em {
                    if index - start < 6 {
                        pieces.append(line.words[start].box.union(line.words[index].box))
                    }
                    start = index + 1
                }
            }
        }
        return pieces
    }

    /// The start, end and centre of a piece in 2-point steps, told apart.
    private static func edgeKeys(_ piece: PDFRect) -> [Int] {
        [3 * Int((piece.minX / 2).rounded()), 3 * Int((piece.maxX / 2).rounded()) + 1, 3 * Int((piece.midX / 2).rounded()) + 2]
    }

    static func isTabular(_ row: PDFRow) -> Bool {
        if row.lines.count >= 2 { return true }
        guard let line = row.lines.first else { return false }
        let em = max(line.fontSize, 1)
        return zip(line.words.dropFirst(), line.words).contains { $0.box.minX - $1.box.maxX > 0.45 * em }
    }
}
