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
        var words = line.words
        var markerText = first.text
        var textX: Double
        if line.words.count >= 2 {
            textX = line.words[1].box.minX
        } else {
            textX = first.box.maxX
        }
        // A bullet glued to its text ("•Item").
        if let head = first.text.first, bullets.contains(String(head)), head != "-", head != "*", first.text.count > 1 {
            markerText = String(head)
            let rest = String(first.text.dropFirst())
            var trimmed = first
            trimmed.text = rest
            let share = first.box.width / Double(max(first.text.count, 1))
            trimmed.box.minX = min(first.box.maxX, first.box.minX + share)
            textX = trimmed.box.minX
            words[0] = trimmed
        } else {
            guard line.words.count >= 2 else { return nil }
            words.removeFirst()
        }
        guard let kind = ListMarkerText.kind(of: markerText) else { return nil }
        return (PDFListMarker(kind: kind, x: first.box.minX, textX: textX), PDFTextLine(words: words))
    }
}
