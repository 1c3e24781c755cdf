import AnyDocProjects

/// `anydoc store verify|gc|reindex`.
enum StoreCommand {
    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        try StoreCommandSupport.dispatch("store", arguments, [
            ("verify", "Re-hash every object and check every reference.", verify),
            ("gc", "Remove objects no version refers to.", collectGarbage),
            ("reindex", "Cut every live version's search sections again from its Markdown.", reindex),
        ])
    }

    static func verify(_ arguments: ArraySlice<String>) throws -> Int32 {
        var parser = ArgumentParser(
            command: "store verify",
            summary: "Re-hash every stored object, check that every version's objects exist, and report damage (exit 1 if any).",
            usage: "anydoc store verify [--store <folder>] [--repair [<folder> ...]] [--json]")
        StoreCommandSupport.addStoreOption(&parser)
        parser.flag("repair", help: "First write again damaged or missing objects: from files with the same bytes in the folders given, and Markdown from its intact source.")
        parser.flag("json", help: "Print JSON.")
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        if !parsed.positionals.isEmpty && !parsed.has("repair") { throw UsageError("folders are read only with --repair") }
        let store = try StoreCommandSupport.openStore(parsed)
        let repair = parsed.has("repair") ? try store.repair(from: parsed.positionals) : nil
        let report = try store.verify()
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(VerifyOutput(repair: repair, verify: report))
        } else {
            Terminal.writeOutput((repair?.text ?? "") + report.text)
        }
        return report.isClean ? 0 : 1
    }

    /// `--json` output of verify: the repair's report, when one ran, and
    /// the verification after it.
    struct VerifyOutput: Encodable {
        var repair: RepairReport?
        var verify: VerifyReport

        func encode(to encoder: Encoder) throws {
            if let repair {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(repair, forKey: .repair)
                try container.encode(verify, forKey: .verify)
            } else {
                try verify.encode(to: encoder)
            }
        }

        enum CodingKeys: String, CodingKey { case repair, verify }
    }

    static func collectGarbage(_ arguments: ArraySlice<String>) throws -> Int32 {
        var parser = ArgumentParser(command: "store gc", summary: "Remove objects that no version refers to (those of deleted projects).", usage: "anydoc store gc [--store <folder>] [--grace <seconds>] [--json]")
        StoreCommandSupport.addStoreOption(&parser)
        parser.option("grace", value: "seconds", help: "Keep unreferenced objects younger than this, which a running ingest may be about to use (default 3600).")
        parser.flag("json", help: "Print JSON.")
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let grace = try parsed.integer("grace", in: 0...Int.max) ?? 3600
        let report = try StoreCommandSupport.openStore(parsed).collectGarbage(graceSeconds: Double(grace))
        if parsed.has("json") { try StoreCommandSupport.printJSON(report) } else { Terminal.writeOutput(report.text) }
        return 0
    }

    static func reindex(_ arguments: ArraySlice<String>) throws -> Int32 {
        var parser = ArgumentParser(command: "store reindex", summary: "Cut the search sections of every live version again from its committed Markdown (a store opened by a newer anydoc does this once by itself).", usage: "anydoc store reindex [--store <folder>]")
        StoreCommandSupport.addStoreOption(&parser)
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let report = try StoreCommandSupport.openStore(parsed).reindexSections(force: true)
        Terminal.writeOutput("reindexed \(report.rebuilt) versions\(report.skipped > 0 ? ", skipped \(report.skipped) whose Markdown is damaged or missing (see 'anydoc store verify --repair')" : "")\n")
        return report.skipped == 0 ? 0 : 1
    }
}
