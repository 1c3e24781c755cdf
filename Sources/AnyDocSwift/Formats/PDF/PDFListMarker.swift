/// A list marker at the start of a line: a bullet glyph (•, ◦, ▪, -, –,
/// *, …) or a number, letter or roman numeral followed by `.` or `)` or
/// wrapped in parentheses: `1.`, `1)`, `a)`, `(i)`.
struct PDFListMarker: Equatable {
    enum Kind: Equatable {
        case bullet
        /// The item's number as the source wrote it (a → 1, iv → 4).
        case ordered(Int)
    }

    var kind: Kind
    /// Where the marker starts on the line.
    var x: Double
    /// Where the item's text starts.
    var textX: Double

    static let bullets: Set<String> = [
        "•", "◦", "▪", "▫", "‣", "●", "○", "■", "□", "◆", "◇", "►", "▸", "➢", "➤", "✓", "✔", "·", "∙", "⁃",
        "-", "–", "—", "*",
    ]

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
        guard let kind = kind(of: markerText) else { return nil }
        return (PDFListMarker(kind: kind, x: first.box.minX, textX: textX), PDFTextLine(words: words))
    }

    static func kind(of text: String) -> Kind? {
        if bullets.contains(text) { return .bullet }
        var body = Substring(text)
        if body.hasPrefix("("), body.hasSuffix(")"), body.count >= 3 {
            body = body.dropFirst().dropLast()
        } else if let last = body.last, last == "." || last == ")", body.count >= 2 {
            body = body.dropLast()
        } else {
            return nil
        }
        if body.allSatisfy({ $0.isASCII }), body.allSatisfy({ $0.isNumber }), body.count <= 3, let number = Int(body) {
            return .ordered(number)
        }
        if let roman = romanValue(body) { return .ordered(roman) }
        if body.count == 1, let letter = body.first, letter.isASCII, letter.isLowercase,
           let value = letter.asciiValue {
            return .ordered(Int(value) - 96)
        }
        return nil
    }

    /// i to xxxix, lower case only (an upper-case "I." is a sentence).
    private static func romanValue(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.allSatisfy({ "ivx".contains($0) }) else { return nil }
        // A single letter is read as a letter (a, b, …) unless it is i or v
        // or x in a run that starts at i; callers sort that out by order.
        guard text.count > 1 || text == "i" else { return nil }
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10]
        var total = 0
        var previous = 0
        for character in text.reversed() {
            let value = values[character] ?? 0
            if value < previous { total -= value } else { total += value; previous = value }
        }
        return total
    }
}
