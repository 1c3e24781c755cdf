import AnyDocProjects
import AnyDocSwift
import FoundationEssentials
import Glibc

/// `anydoc ingest --records FILE|-`: the single writer for conversions made
/// elsewhere. Reads worker records line by line as they arrive and
/// stores each, so a driver can stream records in while workers run.
enum RecordsIngest {
    static func run(_ parsed: ArgumentParser.Parsed, records source: String) throws -> Int32 {
        let project = try StoreCommandSupport.requireProject(parsed)
        let store = try StoreCommandSupport.openStore(parsed, mode: .create)
        let plan = Ingestion.plan(parsed.positionals)
        var ingestion = try RecordIngestion(store: store, plan: plan, project: project)
        guard let file = source == "-" ? fdopen(0, "r") : fopen(source, "r") else {
            throw UsageError("cannot read the records \(source)")
        }
        defer { if source != "-" { fclose(file) } }
        let quiet = parsed.has("quiet")
        let progress = ProgressLine(total: plan.inputs.count, enabled: !quiet && Terminal.standardErrorIsTerminal)
        let decoder = JSONDecoder()
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        var number = 0
        while true {
            let length = getline(&line, &capacity, file)
            guard length >= 0, let line else { break }
            number += 1
            let data = Data(bytes: line, count: length)
            guard data.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { continue }
            guard let record = try? decoder.decode(DocumentRecord.self, from: data) else {
                Terminal.writeError("anydoc: record \(number) is not a worker record; skipped\n")
                continue
            }
            ingestion.add(record)
            progress.finished(record.path)
        }
        progress.clear()
        let summary = ingestion.finish()
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(summary)
        } else if !quiet {
            Terminal.writeError(summary.text)
        }
        return summary.failed.isEmpty ? 0 : 1
    }
}
