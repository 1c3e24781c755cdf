internal import AnyDocSwift
/// A straight line drawn on a page: a table rule. Horizontal rules sit at
/// `position` (y) from `start` to `end` (x); vertical ones the other way.
struct PDFRule: Sendable, Equatable {
    var position: Double
    var start: Double
    var end: Double
}

/// The rules found in the table-like regions of a page, in points from
/// the page's top-left corner (the text layer's coordinates).
struct PDFRules: Sendable, Equatable {
    var horizontal: [PDFRule] = []
    var vertical: [PDFRule] = []

    static let none = PDFRules()

    var isEmpty: Bool { horizontal.isEmpty && vertical.isEmpty }

    /// True when a vertical rule near `x` crosses height `y`.
    func hasVertical(at x: Double, crossing y: Double, tolerance: Double = 2) -> Bool {
        vertical.contains { abs($0.position - x) <= tolerance && $0.start - tolerance <= y && $0.end + tolerance >= y }
    }

    /// Lines cut where a vertical rule passes between two of their words:
    /// cells of a ruled table set close together are pieces of their own.
    func split(_ lines: [PDFTextLine]) -> [PDFTextLine] {
        guard !vertical.isEmpty else { return lines }
        var result: [PDFTextLine] = []
        result.reserveCapacity(lines.count)
        for line in lines {
            var piece: [PDFWord] = []
            for word in line.words {
                if let last = piece.last, vertical.contains(where: {
                    $0.position >= last.box.maxX - 0.5 && $0.position <= word.box.minX + 0.5
                        && $0.start <= line.box.midY && $0.end >= line.box.midY
                }) {
                    result.append(PDFTextLine(words: piece))
                    piece = []
                }
                piece.append(word)
            }
            if piece.count == line.words.count {
                result.append(line)
            } else if !piece.isEmpty {
                result.append(PDFTextLine(words: piece))
            }
        }
        return result
    }
}
