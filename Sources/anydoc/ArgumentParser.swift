/// A usage mistake on the command line: exits 2 with a one-line reason.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The project's small command-line parser: options declared up front,
/// `--name value` or `--name=value`, short aliases, `--` ends options,
/// and a lone `-` is a positional (standard input).
struct ArgumentParser {
    struct Option {
        let name: String
        let short: Character?
        let takesValue: Bool
        let help: String
        let valueName: String
    }

    let command: String
    let summary: String
    let usage: String
    private(set) var options: [Option] = []

    init(command: String, summary: String, usage: String) {
        self.command = command
        self.summary = summary
        self.usage = usage
        flag("help", short: "h", help: "Show this help.")
    }

    mutating func flag(_ name: String, short: Character? = nil, help: String) {
        options.append(Option(name: name, short: short, takesValue: false, help: help, valueName: ""))
    }

    mutating func option(_ name: String, short: Character? = nil, value: String, help: String) {
        options.append(Option(name: name, short: short, takesValue: true, help: help, valueName: value))
    }

    /// The parsed command line.
    struct Parsed {
        var flags: Set<String> = []
        var values: [String: String] = [:]
        /// Every value of an option given more than once, in order.
        var repeated: [String: [String]] = [:]
        var positionals: [String] = []

        func has(_ flag: String) -> Bool { flags.contains(flag) }
        func value(_ name: String) -> String? { values[name] }
        func allValues(_ name: String) -> [String] { repeated[name] ?? [] }

        func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
            guard let text = values[name] else { return nil }
            guard let number = Int(text), range.contains(number) else {
                throw UsageError("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return number
        }

        func number(_ name: String) throws -> Double? {
            guard let text = values[name] else { return nil }
            guard let number = Double(text), number > 0, number.isFinite else {
                throw UsageError("--\(name) takes a positive number, not '\(text)'")
            }
            return number
        }
    }

    func parse(_ arguments: ArraySlice<String>) throws -> Parsed {
        var parsed = Parsed()
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                let (flags, option, value) = try shortOptions(argument)
                parsed.flags.formUnion(flags)
                guard let option else { continue }
                name = option
                inlineValue = value
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '--\(name)' for '\(command)'")
            }
            if option.takesValue {
                if let inlineValue {
                    parsed.values[name] = inlineValue
                } else {
                    guard index < arguments.endIndex else { throw UsageError("--\(name) needs a value (\(option.valueName))") }
                    parsed.values[name] = arguments[index]
                    index += 1
                }
                parsed.repeated[name, default: []].append(parsed.values[name]!)
            } else {
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                parsed.flags.insert(name)
            }
        }
        return parsed
    }

    /// A group of short options, `-q`, `-qj2`, `-qj 2`: flags, then at most
    /// one option that takes a value, written after it or as the next
    /// argument.
    private func shortOptions(_ argument: String) throws -> (flags: [String], option: String?, value: String?) {
        var flags: [String] = []
        var letters = Substring(argument.dropFirst())
        while let short = letters.first {
            letters = letters.dropFirst()
            guard let option = options.first(where: { $0.short == short }) else {
                throw UsageError("unknown option '-\(short)' for '\(command)'")
            }
            if option.takesValue { return (flags, option.name, letters.isEmpty ? nil : String(letters)) }
            flags.append(option.name)
        }
        return (flags, nil, nil)
    }

    /// Parses `arguments`; when they ask for `--help`, prints it and
    /// returns nil, so every command handles help the same way.
    func parseOrShowHelp(_ arguments: ArraySlice<String>) throws -> Parsed? {
        let parsed = try parse(arguments)
        if parsed.has("help") {
            Terminal.writeOutput(helpText)
            return nil
        }
        return parsed
    }

    /// The `--help` text.
    var helpText: String {
        var text = "\(summary)\n\nUSAGE: \(usage)\n\nOPTIONS:\n"
        let rows = options.map { option -> (String, String) in
            var left = option.short.map { "-\($0), " } ?? "    "
            left += "--\(option.name)"
            if option.takesValue { left += " <\(option.valueName)>" }
            return (left, option.help)
        }
        let width = min(34, (rows.map { $0.0.count }.max() ?? 0) + 2)
        for (left, help) in rows {
            let padding = left.count < width ? String(repeating: " ", count: width - left.count) : "\n  " + String(repeating: " ", count: width)
            text += "  \(left)\(padding)\(help)\n"
        }
        return text
    }
}
