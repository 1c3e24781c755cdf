internal import AnyDocSwift
/// A list marker at the start of a line: a bullet glyph (•, ◦, ▪, -, –,
/// *, …) or a number, letter or roman numeral followed by `.` or `)` or
/// wrapped in parentheses: `1.`, `1)`, `a)`, `(i)`.
struct PDFListMarker: Equatable {
    typealias Kind = ListMarkerText.Kind

    var kind: Kind
    /// Where the marker starts on the line.
    var x: Double
    /// Where the item's text starts.
    var textX: Double

    static var bullets: Set<String> { ListMarkerText.bullets }

    /// The marker that starts `line`, if any, and the line without it.
    static func split(_ line: PDFTextLine) -> (marker: PDFListMarker, rest: PDFTextLine)? {
        guard let first = line.words.first else { return nil }
        // The marker's kind is decided first: most lines have none, and
        // the rest of the line is made only for those that do.
        let glued: Character?
        if let head = first.text.first, head != "-", head != "*", bullets.contains(String(head)), first.text.count > 1 {
            // A bullet glued to its text ("•Item").
            glued = head
        } else {
            guard line.words.count >= 2 else { return nil }
            glued = nil
        }
        guard let kind = ListMarkerText.kind(of: glued.map(String.init) ?? first.text) else { return nil }
        var words = line.words
        let textX: Double
        if glued != nil {
            var trimmed = first
            trimmed.text = String(first.text.dropFirst())
            let share = first.box.width / Double(max(first.text.count, 1))
            trimmed.box.minX = min(first.box.maxX, first.box.minX + share)
            textX = trimmed.box.minX
            words[0] = trimmed
        } else {
            textX = line.words[1].box.minX
            words.removeFirst()
        }
        return (PDFListMarker(kind: kind, x: first.box.minX, textX: textX), PDFTextLine(words: words))
    }
}
