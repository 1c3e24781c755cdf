internal import AnyDocSwift
/// A line of a page by its place in Tesseract's layout: paragraph and
/// line index, paragraphs counted across blocks.
struct OCRLineIndex: Hashable, Sendable {
    var paragraph: Int
    var line: Int
}

/// The words of a page on one visual row, whichever of Tesseract's blocks
/// and paragraphs they fell into: Tesseract often reads a table column by
/// column, a block each, and splits a line that crosses a column's edge.
struct OCRRow: Sendable {
    /// The lines on the row, left to right.
    var lines: [OCRLineIndex]
    /// Their words, left to right; every one has a box.
    var words: [OCRResult.Word]
    var top: Int
    var bottom: Int

    var height: Int { bottom - top }

    /// The row's words in runs separated by gaps of at least `gap` pixels.
    func segments(gap: Int) -> [[OCRResult.Word]] {
        var segments: [[OCRResult.Word]] = []
        var right = Int.min
        for word in words {
            guard let box = word.box else { continue }
            if segments.isEmpty || box.left - right >= gap { segments.append([]) }
            segments[segments.count - 1].append(word)
            right = max(right, box.right)
        }
        return segments
    }
}

enum OCRRows {
    /// The page's lines grouped into rows, top to bottom: a line joins the
    /// row it overlaps vertically by at least half the lower of the two
    /// heights. Lines with a word of unknown place are left out.
    static func rows(of paragraphs: [OCRResult.Paragraph]) -> [OCRRow] {
        var rows: [OCRRow] = []
        for line in placedLines(paragraphs).sorted(by: { $0.box.top < $1.box.top }) {
            let (index, box) = (line.index, line.box)
            let match = rows.lastIndex { row in
                let overlap = min(row.bottom, box.bottom) - max(row.top, box.top)
                return 2 * overlap >= min(row.height, box.bottom - box.top)
            }
            if let match {
                rows[match].lines.append(index)
                rows[match].words += line.words
                rows[match].top = min(rows[match].top, box.top)
                rows[match].bottom = max(rows[match].bottom, box.bottom)
            } else {
                rows.append(OCRRow(lines: [index], words: line.words, top: box.top, bottom: box.bottom))
            }
        }
        for index in rows.indices {
            rows[index].words.sort { ($0.box?.left ?? 0) < ($1.box?.left ?? 0) }
            rows[index].lines.sort { placedLeft(paragraphs, $0) < placedLeft(paragraphs, $1) }
        }
        return rows.sorted { $0.top < $1.top }
    }

    /// Each line whose words all have boxes, with the union of those boxes.
    private struct Placed {
        var index: OCRLineIndex
        var words: [OCRResult.Word]
        var box: PageReading.Box
    }

    private static func placedLines(_ paragraphs: [OCRResult.Paragraph]) -> [Placed] {
        var placed: [Placed] = []
        for (p, paragraph) in paragraphs.enumerated() {
            for (l, line) in paragraph.lines.enumerated() {
                guard let box = union(line.words) else { continue }
                placed.append(Placed(index: OCRLineIndex(paragraph: p, line: l), words: line.words, box: box))
            }
        }
        return placed
    }

    static func union(_ words: [OCRResult.Word]) -> PageReading.Box? {
        guard !words.isEmpty else { return nil }
        var union: PageReading.Box?
        for word in words {
            guard let box = word.box else { return nil }
            union = union.map {
                PageReading.Box(left: min($0.left, box.left), top: min($0.top, box.top),
                                right: max($0.right, box.right), bottom: max($0.bottom, box.bottom))
            } ?? box
        }
        return union
    }

    private static func placedLeft(_ paragraphs: [OCRResult.Paragraph], _ index: OCRLineIndex) -> Int {
        paragraphs[index.paragraph].lines[index.line].words.first?.box?.left ?? 0
    }
}
