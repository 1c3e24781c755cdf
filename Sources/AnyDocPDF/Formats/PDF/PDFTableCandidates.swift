internal import AnyDocSwift
/// The regions of a page whose text looks like a table: the only places
/// where rules are looked for, so a page of prose is never rendered.
///
/// A row looks tabular when it has two or more pieces, or a gap between
/// words wider than a stretched space (cells of a ruled table set close
/// together). Three or more such rows, close together, with a cell edge
/// repeated in three of them, make a region.
enum PDFTableCandidates {
    /// Regions rendered per page at most: the work per page stays bounded.
    static let maxRegions = 6

    static func regions(of lines: [PDFTextLine], width: Double, height: Double) -> [PDFRect] {
        let rows = PDFBlockBuilder.rows(of: lines)
        var regions: [PDFRect] = []
        var run: [PDFRow] = []
        func close() {
            defer { run = [] }
            guard run.filter(isTabular).count >= 3, hasAlignedColumn(run), var box = run.first?.box else { return }
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

    static func isTabular(_ row: PDFRow) -> Bool {
        if row.lines.count >= 2 { return true }
        guard let line = row.lines.first else { return false }
        let em = max(line.fontSize, 1)
        return zip(line.words.dropFirst(), line.words).contains { $0.box.minX - $1.box.maxX > 0.45 * em }
    }
}
