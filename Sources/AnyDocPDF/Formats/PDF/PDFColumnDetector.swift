internal import AnyDocSwift
/// Reading order on pages with columns.
///
/// A gutter is a vertical strip, at least `minGutterWidth` points wide,
/// that no line crosses over at least 30% of the text's height, with
/// running text on both sides: at least three lines a side (two when the
/// strip is wide and free from top to bottom), and most characters in
/// lines of three or more words that fill much of their column — the
/// cells of a table do not make columns. The lines beside a gutter
/// are read column by column; lines above and below it (a title, a
/// full-width figure caption, a footnote) come before and after by
/// position. Each part is searched again, so three or four columns and
/// changes of layout down the page are handled.
enum PDFColumnDetector {
    static let minGutterWidth = 8.0
    static let minGutterHeightFraction = 0.3
    static let minLinesPerColumn = 3

    /// Groups of lines in reading order; each group is one column piece.
    static func regions(of lines: [PDFTextLine], rightToLeft: Bool = false) -> [[PDFTextLine]] {
        var result: [[PDFTextLine]] = []
        split(lines, depth: 0, rightToLeft: rightToLeft, into: &result)
        return result.filter { !$0.isEmpty }
    }

    private static func split(_ lines: [PDFTextLine], depth: Int, rightToLeft: Bool, into result: inout [[PDFTextLine]]) {
        guard depth < 8, lines.count >= 4, let gutter = findGutter(lines) else {
            result.append(lines)
            return
        }
        var above: [PDFTextLine] = [], below: [PDFTextLine] = [], left: [PDFTextLine] = [], right: [PDFTextLine] = []
        let center = (gutter.minX + gutter.maxX) / 2
        for line in lines {
            if line.box.midY < gutter.minY {
                above.append(line)
            } else if line.box.midY > gutter.maxY {
                below.append(line)
            } else if line.box.midX < center {
                left.append(line)
            } else {
                right.append(line)
            }
        }
        split(above, depth: depth + 1, rightToLeft: rightToLeft, into: &result)
        if rightToLeft {
            split(right, depth: depth + 1, rightToLeft: rightToLeft, into: &result)
            split(left, depth: depth + 1, rightToLeft: rightToLeft, into: &result)
        } else {
            split(left, depth: depth + 1, rightToLeft: rightToLeft, into: &result)
            split(right, depth: depth + 1, rightToLeft: rightToLeft, into: &result)
        }
        split(below, depth: depth + 1, rightToLeft: rightToLeft, into: &result)
    }

    /// The best gutter among the lines: its x extent and the vertical
    /// range over which it is free.
    static func findGutter(_ lines: [PDFTextLine]) -> PDFRect? {
        guard var bounds = lines.first?.box else { return nil }
        for line in lines { bounds = bounds.union(line.box) }
        let height = bounds.height
        guard bounds.width > 4 * minGutterWidth, height > 0 else { return nil }
        let binWidth = max(2.0, bounds.width / 1000)
        let binCount = Int((bounds.width / binWidth).rounded(.up))
        guard binCount > 2 else { return nil }

        let runs = freeRuns(lines, bounds: bounds, binWidth: binWidth, binCount: binCount)

        let minRun = minGutterHeightFraction * height
        var best: (rect: PDFRect, score: Double)?
        var bin = 0
        while bin < binCount {
            guard runs[bin].end - runs[bin].start >= minRun else {
                bin += 1
                continue
            }
            let start = bin
            while bin < binCount, runs[bin].end - runs[bin].start >= minRun { bin += 1 }
            let end = bin - 1
            // The core of the strip: the bins free over the longest run,
            // so a line ending a little into the strip cannot shorten it.
            var core = start
            for b in start...end where runs[b].end - runs[b].start > runs[core].end - runs[core].start { core = b }
            let run = runs[core]
            var low = core, high = core
            while low > start, runs[low - 1].start <= run.start + 1, runs[low - 1].end >= run.end - 1 { low -= 1 }
            while high < end, runs[high + 1].start <= run.start + 1, runs[high + 1].end >= run.end - 1 { high += 1 }
            let minX = bounds.minX + Double(low) * binWidth
            let maxX = bounds.minX + Double(high + 1) * binWidth
            guard maxX - minX >= minGutterWidth, low > 0, high < binCount - 1 else { continue }
            let candidate = PDFRect(minX: minX, minY: run.start, maxX: maxX, maxY: run.end)
            guard isColumnGutter(candidate, lines: lines) else { continue }
            let score = candidate.height * min(candidate.width, 40)
            if best.map({ score > $0.score }) ?? true { best = (candidate, score) }
        }
        return best?.rect
    }

    /// Per bin, the longest vertical run no line covers. Lines are taken
    /// from the top down, so each bin only tracks how far down it is
    /// covered: no per-bin lists.
    private static func freeRuns(
        _ lines: [PDFTextLine], bounds: PDFRect, binWidth: Double, binCount: Int
    ) -> [(start: Double, end: Double)] {
        var runs = [(start: Double, end: Double)](repeating: (0, 0), count: binCount)
        var cursors = [Double](repeating: bounds.minY, count: binCount)
        // Only the boxes are sorted: sorting the lines would copy them.
        for box in lines.map(\.box).sorted(by: { $0.minY < $1.minY }) {
            let first = max(0, Int((box.minX - bounds.minX) / binWidth))
            let last = min(binCount - 1, Int((box.maxX - bounds.minX) / binWidth))
            guard first <= last else { continue }
            let (top, bottom) = (box.minY, box.maxY)
            for bin in first...last {
                if top - cursors[bin] > runs[bin].end - runs[bin].start { runs[bin] = (cursors[bin], top) }
                cursors[bin] = max(cursors[bin], bottom)
            }
        }
        for bin in 0..<binCount where bounds.maxY - cursors[bin] > runs[bin].end - runs[bin].start {
            runs[bin] = (cursors[bin], bounds.maxY)
        }
        return runs
    }

    /// True when both sides of the strip hold running text.
    private static func isColumnGutter(_ gutter: PDFRect, lines: [PDFTextLine]) -> Bool {
        var left: [PDFTextLine] = [], right: [PDFTextLine] = []
        for line in lines where line.box.midY >= gutter.minY && line.box.midY <= gutter.maxY {
            if line.box.maxX <= gutter.minX + 1 {
                left.append(line)
            } else if line.box.minX >= gutter.maxX - 1 {
                right.append(line)
            }
        }
        // Two lines a side will do when nothing at all crosses a wide strip.
        var regionHeight = 0.0
        if let first = lines.first?.box {
            let box = lines.reduce(first) { $0.union($1.box) }
            regionHeight = box.height
        }
        let clean = gutter.height >= 0.95 * regionHeight && gutter.width >= 24
        let needed = clean ? 2 : minLinesPerColumn
        guard left.count >= needed, right.count >= needed else { return false }
        // Running text: most characters sit in lines of several words that
        // fill a good part of the column (figure labels and code may share
        // the column; table cells alone do not make one).
        func isProse(_ side: [PDFTextLine]) -> Bool {
            guard var extent = side.first?.box else { return false }
            for line in side { extent = extent.union(line.box) }
            let prose = side.filter { $0.words.count >= 3 && $0.box.width >= 0.4 * extent.width }
            let proseCharacters = prose.reduce(0) { $0 + $1.characterCount }
            let allCharacters = side.reduce(0) { $0 + $1.characterCount }
            return prose.count >= needed && Double(proseCharacters) >= 0.4 * Double(allCharacters)
        }
        return isProse(left) && isProse(right)
    }
}
