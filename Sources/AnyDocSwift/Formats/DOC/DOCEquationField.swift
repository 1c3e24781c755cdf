/// The text an `EQ` field shows without a result: Word lays out
/// phonetic guides (ruby) as `EQ \o\ad(\s\up 10(とうきょう),東京)`, an
/// overstrike of the reading raised above the base text.
enum DOCEquationField {
    /// The base text of an overstrike (`\o`), its last argument; nil for
    /// any other field or a shape this does not recognise.
    static func baseText(_ instruction: String) -> String? {
        let characters = Array(instruction)
        var index = 0
        while index < characters.count, characters[index] == " " { index += 1 }
        guard index + 1 < characters.count, characters[index].uppercased() == "E", characters[index + 1].uppercased() == "Q" else {
            return nil
        }
        guard let overstrike = find(["\\", "o"], in: characters, from: index + 2),
            let open = characters[overstrike...].firstIndex(of: "(")
        else { return nil }
        guard let arguments = arguments(characters, openingAt: open), let last = arguments.last else { return nil }
        let text = plainText(last)
        return text.isEmpty ? nil : text
    }

    private static func find(_ pattern: [Character], in characters: [Character], from start: Int) -> Int? {
        guard characters.count >= pattern.count, start <= characters.count - pattern.count else { return nil }
        for index in start...(characters.count - pattern.count) where Array(characters[index..<(index + pattern.count)]) == pattern {
            let next = index + pattern.count
            // `\o` itself, not a longer switch such as `\oa`.
            if next == characters.count || !characters[next].isLetter {
                return index
            }
        }
        return nil
    }

    /// The comma-separated arguments of the group opening at `open`.
    private static func arguments(_ characters: [Character], openingAt open: Int) -> [[Character]]? {
        var depth = 0
        var current: [Character] = []
        var result: [[Character]] = []
        for index in open..<characters.count {
            let character = characters[index]
            switch character {
            case "(":
                depth += 1
                if depth > 1 { current.append(character) }
            case ")":
                depth -= 1
                if depth == 0 {
                    result.append(current)
                    return result
                }
                current.append(character)
            case "," where depth == 1:
                result.append(current)
                current = []
            default:
                current.append(character)
            }
        }
        return nil
    }

    /// An argument without switches and grouping.
    private static func plainText(_ characters: [Character]) -> String {
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                index += 1
                while index < characters.count, characters[index].isLetter { index += 1 }
                while index < characters.count, characters[index] == " " || characters[index].isNumber { index += 1 }
                continue
            }
            if character != "(" && character != ")" { result.append(character) }
            index += 1
        }
        return result.trimmingSpaces()
    }
}
