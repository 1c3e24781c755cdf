import AnyDocProjects

/// `anydoc store verify|gc`.
enum StoreCommand {
    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        try StoreCommandSupport.dispatch("store", arguments, [
            ("verify", "Re-hash every object and check every reference.", verify),
            ("gc", "Remove objects no version refers to.", collectGarbage),
        ])
    }

    static func verify(_ arguments: ArraySlice<String>) throws -> Int32 {
        var parser = ArgumentParser(command: "store verify", summary: "Re-hash every stored object, check that every version's objects exist, and report damage (exit 1 if any).", usage: "anydoc store verify [--store <folder>] [--json]")
        StoreCommandSupport.addStoreOption(&parser)
        parser.flag("json", help: "Print JSON.")
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let report = try StoreCommandSupport.openStore(parsed).verify()
        if parsed.has("json") { try StoreCommandSupport.printJSON(report) } else { Terminal.writeOutput(report.text) }
        return report.isClean ? 0 : 1
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
}
