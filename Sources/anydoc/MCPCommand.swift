import AnyDocProjects

/// `anydoc mcp`: a Model Context Protocol server on standard input and
/// output, one JSON-RPC message per line; diagnostics go to standard error.
enum MCPCommand {
    static var parser: ArgumentParser {
        var parser = ArgumentParser(
            command: "mcp",
            summary: "Serve the resource tools (project_list, resource_list, resource_read, resource_search; convert with --allow) over MCP on stdio.",
            usage: "anydoc mcp [--store <folder>] [--project <name>] [--allow <folder>]…")
        StoreCommandSupport.addStoreOption(&parser)
        parser.option("project", short: "p", value: "name", help: "The project tools use when a call names none.")
        parser.option("allow", value: "folder", help: "Let the convert tool read regular files inside this folder (repeatable). Without it, convert is not offered.")
        return parser
    }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let folders: GrantedFolders
        do {
            folders = try GrantedFolders(parsed.allValues("allow"))
        } catch {
            throw UsageError(error.message)
        }
        let store = try StoreCommandSupport.openStore(parsed)
        let server = MCPServer(tools: ResourceTools(store: store, defaultProject: parsed.value("project"), grantedFolders: folders))
        while let line = readLine(strippingNewline: true) {
            if let response = server.handle(line: line) { Terminal.writeOutput(response + "\n") }
        }
        return 0
    }
}
