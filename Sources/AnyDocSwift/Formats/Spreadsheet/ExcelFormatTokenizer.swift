/// Reads a number format code into sections and tokens: quoted and
/// escaped text, placeholders, date codes and bracketed blocks.
enum ExcelFormatTokenizer {
    enum Token: Equatable {
        case literal(String)
        case placeholder(ExcelFormatSection.Placeholder)
        /// 1–9: literal, or part of a fixed denominator.
        case digit(Unicode.Scalar)
        case point, comma, percent, slash, at, general
        case exponent(letter: String, showsPlus: Bool)
        /// A run of a date letter, lowercased: y m d h s e.
        case dateCode(Unicode.Scalar, count: Int)
        case elapsed(Unicode.Scalar, count: Int)
        case amPm(am: String, pm: String)
    }

    /// The tokens of one section; a `[>100]`-style condition goes to `condition`.
    static func tokens(_ scalars: [Unicode.Scalar], condition: inout ExcelFormatSection.Condition?) -> [Token] {
        var scanner = SectionScanner(scalars: scalars, condition: condition)
        while scanner.index < scalars.count {
            scanner.scanNext()
        }
        condition = scanner.condition
        return scanner.tokens
    }

    /// The position in one section and the tokens read so far, so that each
    /// kind of code can be read by its own small method.
    private struct SectionScanner {
        let scalars: [Unicode.Scalar]
        var condition: ExcelFormatSection.Condition?
        var tokens: [Token] = []
        var index = 0

        init(scalars: [Unicode.Scalar], condition: ExcelFormatSection.Condition?) {
            self.scalars = scalars
            self.condition = condition
        }

        /// Reads the code at `index` and moves past it.
        mutating func scanNext() {
            let scalar = scalars[index]
            switch scalar {
            case "\"":
                scanQuoted()
            case "\\":
                if index + 1 < scalars.count { appendLiteral(String(scalars[index + 1])) }
                index += 2
            case "_":
                // Space as wide as the next character: a plain space here.
                appendLiteral(" ")
                index += 2
            case "*":
                // Repeats the next character to fill the cell: nothing in text.
                index += 2
            case "[":
                scanBracket()
            default:
                if let token = Self.symbol(scalar) {
                    tokens.append(token)
                    index += 1
                } else if !scanLetterCode(scalar) {
                    appendLiteral(String(scalar))
                    index += 1
                }
            }
        }

        /// Placeholders and punctuation that stand for themselves, one scalar each.
        private static func symbol(_ scalar: Unicode.Scalar) -> Token? {
            switch scalar {
            case "0": .placeholder(.zero)
            case "#": .placeholder(.hash)
            case "?": .placeholder(.question)
            case "1"..."9": .digit(scalar)
            case ".": .point
            case ",": .comma
            case "%": .percent
            case "/": .slash
            case "@": .at
            default: nil
            }
        }

        /// `"text"`: kept as it is, up to the closing quote or the end.
        private mutating func scanQuoted() {
            var text = ""
            index += 1
            while index < scalars.count, scalars[index] != "\"" {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            index += 1
            appendLiteral(text)
        }

        /// `[…]`: a currency, condition, elapsed time, or nothing.
        private mutating func scanBracket() {
            var content: [Unicode.Scalar] = []
            index += 1
            while index < scalars.count, scalars[index] != "]" {
                content.append(scalars[index])
                index += 1
            }
            index += 1
            switch ExcelFormatTokenizer.bracket(content, condition: &condition) {
            case .literal(let text)?: appendLiteral(text)
            case let token?: tokens.append(token)
            case nil: break
            }
        }

        /// Exponents, `General`, AM/PM, date codes and calendar codes; false
        /// when `scalar` starts none of them and is plain text.
        private mutating func scanLetterCode(_ scalar: Unicode.Scalar) -> Bool {
            let lower = Self.lowered(scalar)
            if lower == "e", index + 1 < scalars.count, scalars[index + 1] == "+" || scalars[index + 1] == "-" {
                tokens.append(.exponent(letter: String(scalar), showsPlus: scalars[index + 1] == "+"))
                index += 2
            } else if lower == "g", matches("general") {
                tokens.append(.general)
                index += 7
            } else if lower == "a", matches("am/pm") {
                tokens.append(.amPm(am: "AM", pm: "PM"))
                index += 5
            } else if lower == "a", matches("a/p") {
                tokens.append(.amPm(am: String(scalar), pm: String(scalars[index + 2])))
                index += 3
            } else if lower == "y" || lower == "m" || lower == "d" || lower == "h" || lower == "s" || lower == "e" {
                scanDateCode(lower)
            } else if lower == "b" || lower == "g" {
                skipCalendarCode(lower)
            } else {
                return false
            }
            return true
        }

        /// A run of one date letter, in any case, as a single token.
        private mutating func scanDateCode(_ lower: Unicode.Scalar) {
            var count = 0
            while index < scalars.count, Self.lowered(scalars[index]) == lower {
                count += 1
                index += 1
            }
            tokens.append(.dateCode(lower, count: count))
        }

        /// Calendar and era codes (B1, B2, g): dropped.
        private mutating func skipCalendarCode(_ lower: Unicode.Scalar) {
            index += 1
            while index < scalars.count, Self.lowered(scalars[index]) == lower || ("1"..."2").contains(scalars[index]) {
                index += 1
            }
        }

        /// Whether `word` (lowercase) follows at `index`, in any case.
        private func matches(_ word: String) -> Bool {
            var offset = index
            for expected in word.unicodeScalars {
                guard offset < scalars.count, Self.lowered(scalars[offset]) == expected else { return false }
                offset += 1
            }
            return true
        }

        /// Adds text, joined to the literal before it so runs stay one token.
        private mutating func appendLiteral(_ text: String) {
            if case .literal(let previous)? = tokens.last {
                tokens[tokens.count - 1] = .literal(previous + text)
            } else {
                tokens.append(.literal(text))
            }
        }

        /// ASCII lowercase; other scalars unchanged.
        private static func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            (scalar >= "A" && scalar <= "Z") ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
        }
    }

    /// `[Red]`, `[Color7]`, `[>100]`, `[$€-407]`, `[h]`, `[mm]`, `[ss]` …
    private static func bracket(_ content: [Unicode.Scalar], condition: inout ExcelFormatSection.Condition?) -> Token? {
        guard let first = content.first else { return nil }
        if first == "$" {
            // A currency symbol with an optional locale: keep the symbol.
            var symbol = ""
            for scalar in content.dropFirst() {
                if scalar == "-" { break }
                symbol.unicodeScalars.append(scalar)
            }
            return symbol.isEmpty ? nil : .literal(symbol)
        }
        if first == "<" || first == ">" || first == "=" {
            condition = parseCondition(content)
            return nil
        }
        let letters = content.map { ($0 >= "A" && $0 <= "Z") ? Unicode.Scalar($0.value + 32) ?? $0 : $0 }
        if let unit = letters.first, unit == "h" || unit == "m" || unit == "s", letters.allSatisfy({ $0 == unit }) {
            return .elapsed(unit, count: letters.count)
        }
        // Colours, [DBNum1], [NatNum1], [~buddhist] and the like change no text.
        return nil
    }

    private static func parseCondition(_ content: [Unicode.Scalar]) -> ExcelFormatSection.Condition? {
        var text = String(String.UnicodeScalarView(content))
        let comparison: ExcelFormatSection.Condition.Comparison
        for (prefix, kind) in [("<=", ExcelFormatSection.Condition.Comparison.lessOrEqual), (">=", .greaterOrEqual), ("<>", .notEqual)]
        where text.hasPrefix(prefix) {
            text.removeFirst(2)
            guard let operand = Double(text.trimmingSpaces()) else { return nil }
            return .init(comparison: kind, operand: operand)
        }
        switch text.first {
        case "<": comparison = .less
        case ">": comparison = .greater
        case "=": comparison = .equal
        default: return nil
        }
        text.removeFirst()
        guard let operand = Double(text.trimmingSpaces()) else { return nil }
        return .init(comparison: comparison, operand: operand)
    }

    /// Splits at `;` outside quotes, brackets and escapes.
    static func split(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var sections: [[Unicode.Scalar]] = [[]]
        var index = 0
        var inQuote = false
        var inBracket = false
        while index < scalars.count {
            let scalar = scalars[index]
            if inQuote {
                if scalar == "\"" { inQuote = false }
            } else if inBracket {
                if scalar == "]" { inBracket = false }
            } else if scalar == "\"" {
                inQuote = true
            } else if scalar == "[" {
                inBracket = true
            } else if scalar == "\\" || scalar == "_" || scalar == "*" {
                // The next character belongs to this one.
                sections[sections.count - 1].append(scalar)
                index += 1
                if index < scalars.count { sections[sections.count - 1].append(scalars[index]) }
                index += 1
                continue
            } else if scalar == ";" {
                sections.append([])
                index += 1
                continue
            }
            sections[sections.count - 1].append(scalar)
            index += 1
        }
        return sections
    }
}
