/// Compiles a number format code into sections.
///
/// Codes come from files and are parsed leniently: anything not understood
/// is kept as literal text or ignored, never an error.
enum ExcelFormatParser {
    typealias Token = ExcelFormatTokenizer.Token

    /// At most four sections count (positive; negative; zero; text).
    static func sections(of code: String) -> [ExcelFormatSection] {
        ExcelFormatTokenizer.split(Array(code.unicodeScalars)).prefix(4).map(section)
    }

    // MARK: - Classification

    private static func section(_ scalars: [Unicode.Scalar]) -> ExcelFormatSection {
        var condition: ExcelFormatSection.Condition?
        let tokens = ExcelFormatTokenizer.tokens(scalars, condition: &condition)
        let isDate = tokens.contains { token in
            switch token {
            case .dateCode(let code, _): code != "e"
            case .elapsed, .amPm: true
            default: false
            }
        }
        if isDate { return dateSection(tokens, condition: condition) }
        if tokens.contains(.general) {
            return ExcelFormatSection(kind: .general, condition: condition, items: tokens.compactMap { token in
                switch token {
                case .general: .general
                case .at: nil
                default: plainItem(token)
                }
            })
        }
        let hasPlaceholder = tokens.contains { if case .placeholder = $0 { true } else { false } }
        if tokens.contains(.at), !hasPlaceholder {
            return ExcelFormatSection(kind: .text, condition: condition, items: tokens.map { $0 == .at ? .text : plainItem($0) })
        }
        return numberSection(tokens, condition: condition)
    }

    /// The text a token stands for where it has no special meaning.
    private static func plainItem(_ token: Token) -> ExcelFormatSection.Item {
        switch token {
        case .literal(let text): .literal(text)
        case .placeholder(let p): .literal(p == .zero ? "0" : p == .hash ? "#" : "?")
        case .digit(let scalar): .literal(String(scalar))
        case .point: .literal(".")
        case .comma: .literal(",")
        case .percent: .literal("%")
        case .slash: .literal("/")
        case .at: .literal("@")
        case .general: .literal("General")
        case .exponent(let letter, let plus): .literal(letter + (plus ? "+" : "-"))
        case .dateCode(let code, let count): .literal(String(repeating: String(code), count: count))
        case .elapsed: .literal("")
        case .amPm(let am, let pm): .literal(am + "/" + pm)
        }
    }

    private static func dateSection(_ tokens: [Token], condition: ExcelFormatSection.Condition?) -> ExcelFormatSection {
        var items: [ExcelFormatSection.Item] = []
        /// The nearest date or time code before or after `index`.
        func neighbour(of index: Int, step: Int) -> Token? {
            var position = index + step
            while position >= 0, position < tokens.count {
                switch tokens[position] {
                case .dateCode, .elapsed: return tokens[position]
                default: position += step
                }
            }
            return nil
        }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token {
            case .dateCode(let code, let count):
                switch code {
                case "y", "e": items.append(.year(code == "e" ? 4 : count))
                case "d": items.append(.day(count))
                case "h": items.append(.hour(count))
                case "s": items.append(.second(count))
                default:
                    // `m` is minutes next to hours or seconds, else months.
                    var isMinute = false
                    switch neighbour(of: index, step: -1) {
                    case .dateCode("h", _)?, .dateCode("s", _)?, .elapsed("h", _)?: isMinute = true
                    default: break
                    }
                    switch neighbour(of: index, step: 1) {
                    case .dateCode("s", _)?, .elapsed("s", _)?: isMinute = true
                    default: break
                    }
                    items.append(isMinute ? .minute(count) : .month(count))
                }
            case .elapsed(let unit, let count):
                items.append(unit == "h" ? .elapsedHours(count) : unit == "m" ? .elapsedMinutes(count) : .elapsedSeconds(count))
            case .amPm(let am, let pm):
                items.append(.amPm(am: am, pm: pm))
            case .point:
                var zeros = 0
                while index + 1 + zeros < tokens.count, tokens[index + 1 + zeros] == .placeholder(.zero) { zeros += 1 }
                let afterSeconds: Bool
                switch items.last {
                case .second?, .elapsedSeconds?: afterSeconds = true
                default: afterSeconds = false
                }
                if zeros > 0, afterSeconds {
                    items.append(.subsecond(min(zeros, 3)))
                    index += 1 + zeros
                    continue
                }
                items.append(.literal("."))
            default:
                items.append(plainItem(token))
            }
            index += 1
        }
        return ExcelFormatSection(kind: .date, condition: condition, items: merged(items))
    }

    private static func numberSection(_ tokens: [Token], condition: ExcelFormatSection.Condition?) -> ExcelFormatSection {
        var section = ExcelFormatSection(kind: .number, condition: condition, items: [])
        let exponentIndex = tokens.firstIndex { if case .exponent = $0 { true } else { false } }
        if exponentIndex == nil, let slash = fractionSlash(in: tokens) {
            return fractionSection(tokens, slash: slash, condition: condition)
        }
        let mantissaEnd = exponentIndex ?? tokens.count
        let pointIndex = tokens[..<mantissaEnd].firstIndex(of: .point)
        let integerEnd = pointIndex ?? mantissaEnd
        func isPlaceholder(_ index: Int?) -> Bool {
            guard let index else { return false }
            if case .placeholder = tokens[index] { return true }
            return false
        }
        var items: [ExcelFormatSection.Item] = []
        for (index, token) in tokens.enumerated() {
            switch token {
            case .placeholder(let p):
                items.append(index < integerEnd ? .integerDigit(p) : index < mantissaEnd ? .fractionDigit(p) : .exponentDigit(p))
            case .point:
                items.append(index == pointIndex ? .decimalPoint : .literal("."))
            case .comma:
                let previous = tokens[..<index].lastIndex { $0 != .comma }
                let next = tokens[(index + 1)...].firstIndex { $0 != .comma }
                let afterDigit = isPlaceholder(previous) && index < mantissaEnd
                if afterDigit, isPlaceholder(next), let next, next < integerEnd {
                    section.groupsThousands = true
                } else if afterDigit {
                    section.thousandsScaling += 1
                } else {
                    items.append(.literal(","))
                }
            case .percent:
                section.percentCount += 1
                items.append(.literal("%"))
            case .exponent(let letter, let plus):
                items.append(.exponent(letter: letter, showsPlus: plus))
            case .at:
                continue
            default:
                items.append(plainItem(token))
            }
        }
        section.items = merged(items)
        section.form = exponentIndex == nil ? .decimal : .scientific
        return section
    }

    /// The `/` of a fraction: digit placeholders before it and a
    /// placeholder or digit after it, past any literal text.
    private static func fractionSlash(in tokens: [Token]) -> Int? {
        for (index, token) in tokens.enumerated() where token == .slash {
            let before = tokens[..<index].contains { if case .placeholder = $0 { true } else { false } }
            guard before else { continue }
            var next = index + 1
            while next < tokens.count, case .literal = tokens[next] { next += 1 }
            guard next < tokens.count else { continue }
            switch tokens[next] {
            case .placeholder, .digit: return index
            default: continue
            }
        }
        return nil
    }

    private static func fractionSection(_ tokens: [Token], slash: Int, condition: ExcelFormatSection.Condition?) -> ExcelFormatSection {
        var section = ExcelFormatSection(kind: .number, condition: condition, items: [])
        // The numerator is the last run of placeholders before the slash.
        var numeratorEnd = slash - 1
        while numeratorEnd >= 0, !isPlaceholder(tokens[numeratorEnd]) { numeratorEnd -= 1 }
        var numeratorStart = numeratorEnd
        while numeratorStart > 0, isPlaceholder(tokens[numeratorStart - 1]) { numeratorStart -= 1 }
        // The denominator: placeholders, or digits for a fixed one.
        var denominatorStart = slash + 1
        while denominatorStart < tokens.count, case .literal = tokens[denominatorStart] { denominatorStart += 1 }
        var denominatorEnd = denominatorStart
        var fixed = false
        while denominatorEnd < tokens.count {
            switch tokens[denominatorEnd] {
            case .placeholder: denominatorEnd += 1; continue
            case .digit: fixed = true; denominatorEnd += 1; continue
            default: break
            }
            break
        }
        let lastInteger = tokens[..<numeratorStart].lastIndex(where: isPlaceholder)
        var items: [ExcelFormatSection.Item] = []
        var fractionStart: Int?
        for (index, token) in tokens.enumerated() {
            if let lastInteger, index > lastInteger, fractionStart == nil { fractionStart = items.count }
            if lastInteger == nil, index == numeratorStart, fractionStart == nil { fractionStart = items.count }
            if index >= denominatorStart, index < denominatorEnd {
                if fixed {
                    if index == denominatorStart {
                        var value = 0
                        for part in tokens[denominatorStart..<denominatorEnd] {
                            let digit: Int
                            switch part {
                            case .digit(let scalar): digit = Int(scalar.value) - 48
                            default: digit = 0
                            }
                            value = min(value * 10 + digit, 1_000_000)
                        }
                        items.append(.fixedDenominator(max(value, 1)))
                    }
                } else if case .placeholder(let p) = token {
                    items.append(.denominator(p))
                }
                continue
            }
            switch token {
            case .placeholder(let p):
                if index >= numeratorStart, index <= numeratorEnd {
                    items.append(.numerator(p))
                } else if index < numeratorStart {
                    items.append(.integerDigit(p))
                } else {
                    items.append(.literal(p == .zero ? "0" : p == .hash ? "#" : "?"))
                }
            case .comma:
                if index < numeratorStart, lastInteger.map({ index < $0 }) ?? false {
                    section.groupsThousands = true
                } else {
                    items.append(.literal(","))
                }
            case .percent:
                section.percentCount += 1
                items.append(.literal("%"))
            case .at:
                continue
            default:
                items.append(plainItem(token))
            }
        }
        let end = items.lastIndex { item in
            switch item {
            case .denominator, .fixedDenominator: true
            default: false
            }
        }.map { $0 + 1 } ?? items.count
        section.items = items
        section.form = .fraction(hasInteger: lastInteger != nil, fractionItems: (fractionStart ?? 0)..<max(end, fractionStart ?? 0))
        return section
    }

    private static func isPlaceholder(_ token: Token) -> Bool {
        if case .placeholder = token { return true }
        return false
    }

    /// Adjacent literals joined, so rendering appends fewer pieces.
    private static func merged(_ items: [ExcelFormatSection.Item]) -> [ExcelFormatSection.Item] {
        var result: [ExcelFormatSection.Item] = []
        result.reserveCapacity(items.count)
        for item in items {
            if case .literal(let text) = item {
                if text.isEmpty { continue }
                if case .literal(let previous)? = result.last {
                    result[result.count - 1] = .literal(previous + text)
                    continue
                }
            }
            result.append(item)
        }
        return result
    }
}
