import AnyDocProjects
import AnyDocSwift

/// `anydoc ingest`: converts documents into a project of the store, one
/// new version per changed document.
enum IngestCommand {
    static var parser: ArgumentParser {
        var parser = ArgumentParser(
            command: "ingest",
            summary: "Add documents to a project: convert, store a version of each changed one, and index it for search.",
            usage: "anydoc ingest <file|folder> ... --project <name> [--store <folder>] [--jobs <n>] [--json]\n       anydoc ingest --records <file|-> [<file|folder> ...] --project <name>\n       anydoc ingest <file|folder> ... --list")
        parser.option("project", short: "p", value: "name", help: "The project to add to (created if missing).")
        StoreCommandSupport.addStoreOption(&parser)
        parser.option("jobs", short: "j", value: "n", help: "Convert this many files at once (default: the cores this process may use).")
        parser.option("ocr", value: "auto|always|never", help: "When PDF pages are OCRed (default auto: pages without a text layer).")
        parser.option("ocr-lang", value: "lang", help: "Tesseract languages, e.g. eng, chi_sim, jpn+eng (default: eng, and pages that read poorly in the model of their detected script).")
        parser.option("time-limit", value: "seconds", help: "Give up on a document after this long (default 120).")
        parser.option("records", value: "file|-", help: "Store worker records (anydoc convert --jsonl) instead of converting; the files and folders named say which files to expect and their paths in the project.")
        parser.flag("list", help: "Print the files an ingest of the paths would take, one per line, and stop.")
        parser.flag("json", help: "Print the summary as JSON on standard output.")
        parser.flag("quiet", short: "q", help: "No progress line and no summary.")
        return parser
    }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        if parsed.has("list") { return try list(parsed) }
        if let records = parsed.value("records") { return try RecordsIngest.run(parsed, records: records) }
        let project = try StoreCommandSupport.requireProject(parsed)
        guard !parsed.positionals.isEmpty else { throw UsageError("ingest needs at least one file or folder") }
        let jobs = try parsed.integer("jobs", in: 1...1024) ?? 0
        let converter = AnyDocConverter(options: try conversionOptions(parsed))
        let store = try StoreCommandSupport.openStore(parsed, mode: .create)
        let ingestion = Ingestion(store: store, converter: converter, jobs: jobs)
        let plan = Ingestion.plan(parsed.positionals)
        let quiet = parsed.has("quiet")
        // JSON goes to standard output, the progress line to standard error:
        // both can be on at once.
        let progress = ProgressLine(total: plan.inputs.count, enabled: !quiet && Terminal.standardErrorIsTerminal)
        let summary = try ingestion.run(plan, project: project, progress: { progress.finished($0) })
        progress.clear()
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(summary)
        } else if !quiet {
            Terminal.writeError(summary.text)
        }
        return summary.failed.isEmpty ? 0 : 1
    }

    /// `--list`: the files an ingest would take, for a driver that sends
    /// them to workers (Scripts/ray-ingest.py); what it leaves out goes
    /// to standard error.
    private static func list(_ parsed: ArgumentParser.Parsed) throws -> Int32 {
        guard !parsed.positionals.isEmpty else { throw UsageError("--list needs at least one file or folder") }
        let plan = Ingestion.plan(parsed.positionals)
        try FileDescriptorOutput(descriptor: 1).write(plan.inputs.map { $0.file + "\n" }.joined())
        for skip in plan.skipped { Terminal.writeErrorLine("anydoc: skipped \(skip.file): \(skip.reason)") }
        for failure in plan.failed { Terminal.writeErrorLine("anydoc: failed \(failure.file): \(failure.reason)") }
        return 0
    }

    static func conversionOptions(_ parsed: ArgumentParser.Parsed) throws -> ConversionOptions {
        var options = ConversionOptions()
        if let mode = parsed.value("ocr") {
            guard let ocrMode = ConversionOptions.OCRMode(rawValue: mode) else {
                throw UsageError("--ocr takes auto, always or never, not '\(mode)'")
            }
            options.ocrMode = ocrMode
        }
        if let language = parsed.value("ocr-lang") {
            options.ocrLanguage = language
            options.ocrDetectsScript = false
        }
        if let seconds = try parsed.number("time-limit") { options.limits.timeLimitSeconds = seconds }
        return options
    }
}
