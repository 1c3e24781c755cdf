import AnyDocProjects

/// `anydoc projects list|create|rename|delete`.
enum ProjectsCommand {
    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        try StoreCommandSupport.dispatch("projects", arguments, [
            ("list", "List the projects.", list),
            ("create", "Create a project.", create),
            ("rename", "Rename a project.", rename),
            ("delete", "Delete a project and its history (objects go at the next 'store gc').", delete),
        ])
    }

    private static func parser(_ name: String, _ summary: String, _ usage: String) -> ArgumentParser {
        var parser = ArgumentParser(command: "projects \(name)", summary: summary, usage: "anydoc projects \(name) \(usage)")
        StoreCommandSupport.addStoreOption(&parser)
        parser.flag("json", help: "Print JSON.")
        return parser
    }

    static func list(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser("list", "List the projects.", "[--json]").parseOrShowHelp(arguments) else { return 0 }
        let projects = try StoreCommandSupport.openStore(parsed).projects()
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(projects)
        } else {
            for project in projects { Terminal.writeOutput("\(project.name)\t\(project.resourceCount) resources\t\(StoreCommandSupport.timestamp(project.createdAt))\n") }
        }
        return 0
    }

    static func create(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser("create", "Create a project.", "<name> [--json]").parseOrShowHelp(arguments) else { return 0 }
        guard parsed.positionals.count == 1 else { throw UsageError("create takes one project name") }
        let project = try StoreCommandSupport.openStore(parsed, mode: .create).createProject(parsed.positionals[0])
        try report(project, parsed, "Created")
        return 0
    }

    static func rename(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser("rename", "Rename a project.", "<name> <new name> [--json]").parseOrShowHelp(arguments) else { return 0 }
        guard parsed.positionals.count == 2 else { throw UsageError("rename takes the current name and the new one") }
        let project = try StoreCommandSupport.openStore(parsed).renameProject(parsed.positionals[0], to: parsed.positionals[1])
        try report(project, parsed, "Renamed to")
        return 0
    }

    static func delete(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser("delete", "Delete a project and its history.", "<name> [--json]").parseOrShowHelp(arguments) else { return 0 }
        guard parsed.positionals.count == 1 else { throw UsageError("delete takes one project name") }
        let project = try StoreCommandSupport.openStore(parsed).deleteProject(parsed.positionals[0])
        try report(project, parsed, "Deleted")
        return 0
    }

    private static func report(_ project: Project, _ parsed: ArgumentParser.Parsed, _ verb: String) throws {
        if parsed.has("json") {
            try StoreCommandSupport.printJSON(project)
        } else {
            Terminal.writeOutput("\(verb) project '\(project.name)'.\n")
        }
    }
}
