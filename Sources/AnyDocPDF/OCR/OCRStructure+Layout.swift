internal import AnyDocSwift
extension OCRStructure {
    /// A stretch of the page in reading order: a paragraph as Tesseract
    /// grouped it, or a table found across its paragraphs.
    enum Piece {
        case paragraph(OCRResult.Paragraph)
        case table(Table)
    }

    /// The paragraphs with the lines of each table replaced by the table,
    /// where its first line was read, and lines Tesseract split at a word
    /// space joined again.
    static func pieces(of paragraphs: [OCRResult.Paragraph], bodyHeight: Double?) -> [Piece] {
        let rows = OCRRows.rows(of: paragraphs)
        let heights = rows.map(\.height).sorted()
        guard let median = heights.isEmpty ? nil : heights[heights.count / 2] else { return paragraphs.map { .paragraph($0) } }
        let gap = max(Int(bodyHeight ?? Double(median)), 1)
        let tables = OCRTableDetector.tables(in: rows, gap: gap)
        let tableLines = tables.reduce(into: Set<OCRLineIndex>()) { $0.formUnion($1.lines) }
        let (tails, joined) = continuations(rows, paragraphs, excluding: tableLines, gap: gap)
        var pieces: [Piece] = []
        var emitted = Set<Int>()
        for (p, paragraph) in paragraphs.enumerated() {
            var lines: [OCRResult.Line] = []
            for (l, line) in paragraph.lines.enumerated() {
                let index = OCRLineIndex(paragraph: p, line: l)
                if let table = tables.firstIndex(where: { $0.lines.contains(index) }) {
                    if !lines.isEmpty { pieces.append(.paragraph(OCRResult.Paragraph(lines: lines))) }
                    lines = []
                    if emitted.insert(table).inserted { pieces.append(.table(tables[table].table)) }
                } else if !joined.contains(index) {
                    var line = line
                    line.words += tails[index] ?? []
                    lines.append(line)
                }
            }
            if !lines.isEmpty { pieces.append(.paragraph(OCRResult.Paragraph(lines: lines))) }
        }
        return pieces
    }

    /// Lines, each a paragraph of its own, that continue a line to their
    /// left on the same row after a word space (under three quarters of a
    /// line's height: narrower than a gutter between columns of text).
    /// Tesseract puts the end of a line in a block of its own when the line
    /// runs past the edge of a column above it. Returns the words each line
    /// is continued by, and the lines so joined.
    static func continuations(_ rows: [OCRRow], _ paragraphs: [OCRResult.Paragraph], excluding: Set<OCRLineIndex>,
                              gap: Int) -> (tails: [OCRLineIndex: [OCRResult.Word]], joined: Set<OCRLineIndex>) {
        var tails: [OCRLineIndex: [OCRResult.Word]] = [:]
        var joined = Set<OCRLineIndex>()
        for row in rows {
            var root: OCRLineIndex?
            var right = Int.min
            for index in row.lines where !excluding.contains(index) {
                let words = paragraphs[index.paragraph].lines[index.line].words
                guard let box = OCRRows.union(words) else { continue }
                if let root, root.paragraph != index.paragraph, paragraphs[index.paragraph].lines.count == 1,
                   box.left >= right, 4 * (box.left - right) < 3 * gap {
                    tails[root, default: []] += words
                    joined.insert(index)
                } else {
                    root = index
                }
                right = box.right
            }
        }
        return (tails, joined)
    }
}
