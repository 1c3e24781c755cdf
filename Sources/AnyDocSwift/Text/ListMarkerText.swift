/// The text of a list marker, wherever a line of text was found: a PDF's
/// text layer or an OCR reading. A bullet glyph (•, ◦, ▪, -, –, *, …) or a
/// number, letter or roman numeral followed by `.` or `)` or wrapped in
/// parentheses: `1.`, `1)`, `a)`, `(i)`.
package enum ListMarkerText {
    package enum Kind: Equatable {
        case bullet
        /// The item's number as the source wrote it (a → 1, iv → 4).
        case ordered(Int)
    }

    package static let bullets: Set<String> = [
        "•", "◦", "▪", "▫", "‣", "●", "○", "■", "□", "◆", "◇", "►", "▸", "➢", "➤", "✓", "✔", "·", "∙", "⁃",
        "-", "–", "—", "*",
    ]

    package static func kind(of text: String) -> Kind? {
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
