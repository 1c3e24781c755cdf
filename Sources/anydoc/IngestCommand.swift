import AnyDocProjects
import AnyDocSwift

/// `anydoc ingest`: converts documents into a project of the store, one
/// new version per changed document.
enum IngestCommand {
    static var parser: ArgumentParser {
        var parser = ArgumentParser(
            command: "ingest",
            summary: "Add documents to a project: convert, store a version of each changed one, and index it for search.",
            usage: "anydoc ingest <file|folder> ... --project <name> [--store <folder>] [--jobs <n>] [--json]")
        parser.option("project", short: "p", value: "name", help: "The project to add to (created if missing).")
        StoreCommandSupport.addStoreOption(&parser)
        parser.option("jobs", short: "j", value: "n", help: "Convert this many files at once (default: the number of cores).")
        parser.flag("json", help: "Print the summary as JSON.")
        parser.flag("quiet", short: "q", help: "No progress line and no summary.")
        return parser
    }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let project = try StoreCommandSupport.requireProject(parsed)
        guard !parsed.positionals.isEmpty else { throw UsageError("ingest needs at least one file or folder") }
        let jobs = try parsed.integer("jobs", in: 1...1024) ?? 0
        let store = try StoreCommandSupport.openStore(parsed)
        let ingestion = Ingestion(store: store, jobs: jobs)
        let plan = Ingestion.plan(parsed.positionals)
        let quiet = parsed.has("quiet")
        let progress = ProgressLine(total: plan.inputs.count, enabled: !quiet && !parsed.has("json") && Terminal.standardErrorIsTerminal)
        let summary = try ingestion.run(plan, project: project, progress: { progress.finished($0) })
        progress.clear()
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(summary)
        } else if !quiet {
            Terminal.writeError(summary.text)
        }
        return summary.failed.isEmpty ? 0 : 1
    }
}
