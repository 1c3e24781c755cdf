internal import AnyDocSwift
extension OCRTableDetector {
    /// Cells of more words than this, by the median, are prose in columns.
    static let maximumMedianWords = 3

    /// Whether a grid of cell texts is a table rather than something else
    /// laid out in columns.
    static func looksTabular(_ grid: [[String]]) -> Bool {
        let filled = grid.flatMap { $0.filter { !$0.isEmpty } }
        guard grid.allSatisfy({ $0.filter { !$0.isEmpty }.count >= 2 }) else { return false }
        let wordCounts = filled.map { $0.split(separator: " ").count }.sorted()
        guard wordCounts[wordCounts.count / 2] <= maximumMedianWords else { return false }
        // Sentences: prose whose columns happen to hold short lines.
        let sentences = filled.filter { $0.split(separator: " ").count >= 3 && ($0.last == "." || $0.last == ",") }
        guard 4 * sentences.count < filled.count else { return false }
        let first = grid.map { $0[0] }.filter { !$0.isEmpty }
        let firstWords = first.map { String($0.split(separator: " ").first ?? "") }
        if 2 * firstWords.filter({ ListMarkerText.kind(of: $0) != nil }).count >= first.count { return false }
        if 2 * first.filter({ $0.hasSuffix(":") }).count >= first.count { return false }
        if filled.contains(where: { $0.contains("....") || $0.contains(". . .") || $0.contains("…") }) { return false }
        return !isTableOfContents(grid)
    }

    /// Titles beside page numbers that never decrease; a heading row
    /// above them aside.
    private static func isTableOfContents(_ grid: [[String]]) -> Bool {
        var last = grid.compactMap(\.last).filter { !$0.isEmpty }
        if let first = last.first, Int(first) == nil { last.removeFirst() }
        let numbers = last.compactMap { $0.count <= 4 ? Int($0) : nil }
        guard numbers.count >= 2, 5 * numbers.count >= 4 * last.count else { return false }
        return numbers == numbers.sorted()
    }
}
