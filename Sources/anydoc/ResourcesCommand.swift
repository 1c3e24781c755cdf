import AnyDocProjects
import AnyDocSwift

/// `anydoc resources list|read|search|history|remove`.
enum ResourcesCommand {
    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        try StoreCommandSupport.dispatch("resources", arguments, [
            ("list", "List a project's resources.", list),
            ("read", "Print a resource's Markdown, whole or a slice.", read),
            ("search", "Search a project's documents.", search),
            ("history", "List a resource's versions.", history),
            ("remove", "Remove a resource (a new, deleted version; history stays).", remove),
        ])
    }

    private static func parser(_ name: String, _ summary: String, _ usage: String) -> ArgumentParser {
        var parser = ArgumentParser(command: "resources \(name)", summary: summary, usage: "anydoc resources \(name) \(usage) --project <name>")
        parser.option("project", short: "p", value: "name", help: "The project.")
        StoreCommandSupport.addStoreOption(&parser)
        parser.flag("json", help: "Print JSON.")
        return parser
    }

    static func list(_ arguments: ArraySlice<String>) throws -> Int32 {
        var parser = parser("list", "List a project's resources by path.", "[--all] [--json]")
        parser.flag("all", help: "Include removed resources.")
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let project = try StoreCommandSupport.requireProject(parsed)
        let store = try StoreCommandSupport.openStore(parsed)
        var resources: [Resource] = []
        var after: String?
        while true {
            let page = try store.resources(in: project, afterPath: after, limit: 500, includeDeleted: parsed.has("all"))
            resources += page
            guard page.count == 500 else { break }
            after = page.last?.path
        }
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(resources)
        } else {
            for resource in resources {
                let state = resource.deleted ? "removed" : (resource.format?.rawValue ?? "?")
                Terminal.writeOutput("\(PrintableText.escaped(resource.path))\tv\(resource.latestVersion)\t\(state)\t\(resource.id)\n")
            }
        }
        return 0
    }

    static func read(_ arguments: ArraySlice<String>) throws -> Int32 {
        var parser = parser("read", "Print a resource's Markdown: the latest version, or @vN / @hash, whole or a slice.", "<path|id>[@vN|@hash]")
        parser.option("version", value: "n|hash", help: "The version to read (default: the latest).")
        parser.option("offset", value: "n", help: "Start here, in Unicode scalars; with it or --max-chars, print one slice.")
        parser.option("max-chars", value: "n", help: "Slice length (default 20000, at most 100000).")
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let project = try StoreCommandSupport.requireProject(parsed)
        guard parsed.positionals.count == 1 else { throw UsageError("read takes one resource") }
        let store = try StoreCommandSupport.openStore(parsed)
        let offset = try parsed.integer("offset", in: 0...Int.max)
        let maxChars = try parsed.integer("max-chars", in: 1...Int.max)
        if offset == nil && maxChars == nil && !parsed.has("json") {
            let version = try store.version(of: parsed.positionals[0], in: project, selector: parsed.value("version"))
            Terminal.writeOutput(try store.markdown(of: version))
            warn(version.warnings, version.reference)
            return 0
        }
        let tools = ResourceTools(store: store, defaultProject: project)
        let output = try tools.resourceRead(ResourceReadInput(resource: parsed.positionals[0], version: parsed.value("version"), offset: offset, maxChars: maxChars))
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(output)
        } else {
            Terminal.writeOutput(output.text)
            warn(output.warnings, "\(output.path)@v\(output.version)")
            let next = output.nextOffset.map { "next offset \($0)" } ?? "end"
            Terminal.writeError("[\(output.path)@v\(output.version): \(output.offset)–\(output.offset + output.text.unicodeScalars.count) of \(output.totalChars); \(next)]\n")
        }
        return 0
    }

    /// A stored version's conversion warnings, on standard error, so an
    /// empty document read later is not taken for an empty source.
    private static func warn(_ warnings: [String]?, _ reference: String) {
        for warning in warnings ?? [] {
            Terminal.writeError("anydoc: warning: \(PrintableText.escaped(reference)): \(PrintableText.escaped(warning))\n")
        }
    }

    static func search(_ arguments: ArraySlice<String>) throws -> Int32 {
        var parser = parser("search", "Search the latest version of a project's documents, best documents first: words (any may match; more rank higher), \"phrases\", AND, NOT or -word, prefix*.", "<query>")
        parser.option("resource", value: "path|id", help: "Search only this resource.")
        parser.option("limit", short: "n", value: "n", help: "Most hits (default 10).")
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let project = try StoreCommandSupport.requireProject(parsed)
        guard !parsed.positionals.isEmpty else { throw UsageError("search needs a query") }
        let store = try StoreCommandSupport.openStore(parsed)
        let hits = try store.search(in: project, query: parsed.positionals.joined(separator: " "),
                                    limit: try parsed.integer("limit", in: 1...1000) ?? 10, resource: parsed.value("resource"))
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(hits)
        } else {
            for hit in hits {
                var where_ = "\(hit.path)@v\(hit.version)"
                if let location = hit.location { where_ += " (\(location.label))" }
                if !hit.headingPath.isEmpty { where_ += " › " + hit.headingPath.joined(separator: " › ") }
                Terminal.writeOutput("\(PrintableText.escaped(where_))  [offset \(hit.offset)]\n    \(hit.snippet.replacingNewlines())\n")
            }
            if hits.isEmpty { Terminal.writeError("No matches.\n") }
        }
        return 0
    }

    static func history(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser("history", "List a resource's versions, oldest first.", "<path|id>").parseOrShowHelp(arguments) else { return 0 }
        let project = try StoreCommandSupport.requireProject(parsed)
        guard parsed.positionals.count == 1 else { throw UsageError("history takes one resource") }
        let versions = try StoreCommandSupport.openStore(parsed).history(of: parsed.positionals[0], in: project)
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(versions)
        } else {
            for version in versions {
                if version.deleted {
                    Terminal.writeOutput("v\(version.number)\t\(StoreCommandSupport.timestamp(version.createdAt))\tremoved\n")
                } else {
                    let units = version.unitCount.map { "\t\($0) \($0 == 1 ? version.unitKind?.rawValue ?? "page" : (version.unitKind?.rawValue ?? "page") + "s")" } ?? ""
                    Terminal.writeOutput("v\(version.number)\t\(StoreCommandSupport.timestamp(version.createdAt))\t\(version.format?.rawValue ?? "?")\t\(version.sourceBytes) bytes\tsource \(version.sourceSha256?.prefix(12) ?? "")\tmarkdown \(version.markdownSha256?.prefix(12) ?? "")\(units)\n")
                }
            }
        }
        return 0
    }

    static func remove(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser("remove", "Remove a resource: records a deleted version; earlier ones stay readable.", "<path|id>").parseOrShowHelp(arguments) else { return 0 }
        let project = try StoreCommandSupport.requireProject(parsed)
        guard parsed.positionals.count == 1 else { throw UsageError("remove takes one resource") }
        let version = try StoreCommandSupport.openStore(parsed).remove(in: project, parsed.positionals[0])
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(version)
        } else {
            Terminal.writeOutput("Removed \(PrintableText.escaped(version.path)) (v\(version.number)); earlier versions stay readable.\n")
        }
        return 0
    }
}

extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }
}
