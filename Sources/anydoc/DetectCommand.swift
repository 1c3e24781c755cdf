import AnyDocSwift

/// `anydoc detect`: names each file's format from its content.
enum DetectCommand {
    static var parser: ArgumentParser {
        ArgumentParser(
            command: "detect",
            summary: "Print each file's format, judged from its content: PATH<TAB>format[<TAB>encrypted].",
            usage: "anydoc detect <file> ...")
    }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        guard !parsed.positionals.isEmpty else { throw UsageError("detect needs at least one file") }
        let converter = AnyDocConverter()
        var status: Int32 = 0
        for path in parsed.positionals {
            do {
                let detected = try path == "-" ? converter.detect(converter.readStandardInput(), fileName: path) : converter.detect(fileAt: path)
                var line = path + "\t" + (detected.format?.rawValue ?? "unknown")
                if detected.isEncrypted { line += "\tencrypted" }
                Terminal.writeOutput(line + "\n")
            } catch {
                Terminal.writeErrorLine("anydoc: error: \(error)")
                status = 1
            }
        }
        return status
    }
}
