internal import AnyDocSwift
/// Finds tables on a scanned page from where its words lie.
///
/// A table is a run of at least three rows, each split by wide gaps into
/// two pieces or more, whose words leave vertical strips free over the
/// whole run: the strips separate the columns, so right-aligned numbers
/// and empty cells fall into place. Rejected: prose set in columns (cells
/// of many words, or sentences), lists, key–value layouts and tables of
/// contents, which align the same way.
enum OCRTableDetector {
    struct Found {
        var rows: Range<Int>
        var lines: Set<OCRLineIndex>
        var table: Table
    }

    static let minimumRows = 3
    static let maximumColumns = 12

    /// Tables among `rows` (top to bottom), columns at least `gap` pixels
    /// apart: wider than a word space, as a line's height is.
    static func tables(in rows: [OCRRow], gap: Int) -> [Found] {
        var found: [Found] = []
        var start = 0
        while start < rows.count {
            var end = start
            while end < rows.count, rows[end].segments(gap: gap).count >= 2,
                  end == start || rows[end].top - rows[end - 1].bottom <= 2 * max(rows[end - 1].height, 1) {
                end += 1
            }
            if end - start >= minimumRows, let table = table(rows[start..<end], gap: gap) {
                found.append(Found(rows: start..<end, lines: Set(rows[start..<end].flatMap(\.lines)), table: table))
                start = end
            } else {
                start += 1
            }
        }
        return found
    }

    /// The rows as a table with the first as its header, or nil when they
    /// do not read as one.
    static func table(_ rows: ArraySlice<OCRRow>, gap: Int) -> Table? {
        let rows = rows.map { row in
            var row = row
            row.words.removeAll { isRule($0.text) }
            return row
        }
        // A header wider than its column would close the gap beside it.
        let all = columnSeparators(rows.flatMap(\.words), gap: gap)
        let body = columnSeparators(rows.dropFirst().flatMap(\.words), gap: gap)
        let separators = body.count > all.count ? body : all
        guard (1..<maximumColumns).contains(separators.count) else { return nil }
        let grid = rows.map { cells(of: $0, separators: separators) }
        guard looksTabular(grid) else { return nil }
        return Table(rows: grid.enumerated().map { index, texts in
            TableRow(cells: texts.map { TableCell(text: $0, isHeader: index == 0) }, isHeader: index == 0)
        })
    }

    /// Whether a word is a ruling line read as text: it separates columns
    /// but is no part of a cell.
    static func isRule(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0 == "|" || $0 == "¦" }
    }

    /// The middles of the horizontal intervals at least `gap` wide that no
    /// word covers, between the leftmost and rightmost word.
    static func columnSeparators(_ words: [OCRResult.Word], gap: Int) -> [Int] {
        let spans = words.compactMap(\.box).map { ($0.left, $0.right) }.sorted { $0.0 < $1.0 }
        guard var right = spans.first?.1 else { return [] }
        var separators: [Int] = []
        for (left, end) in spans.dropFirst() {
            if left - right >= gap { separators.append((left + right) / 2) }
            right = max(right, end)
        }
        return separators
    }

    /// The text of each column's words on the row, empty where it has none.
    private static func cells(of row: OCRRow, separators: [Int]) -> [String] {
        var cells = [[OCRResult.Word]](repeating: [], count: separators.count + 1)
        for word in row.words {
            guard let box = word.box else { continue }
            let centre = (box.left + box.right) / 2
            cells[separators.firstIndex { centre < $0 } ?? separators.count].append(word)
        }
        return cells.map { OCRText.joinWords($0) }
    }
}
