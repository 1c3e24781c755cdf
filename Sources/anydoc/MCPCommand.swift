import AnyDocProjects
import AnyDocSwift
import Glibc

/// `anydoc mcp`: a Model Context Protocol server on standard input and
/// output, one JSON-RPC message per line; diagnostics go to standard error.
enum MCPCommand {
    static let defaultWorkers = 4
    static let defaultCallTimeout = 30.0

    static var parser: ArgumentParser {
        var parser = ArgumentParser(
            command: "mcp",
            summary: "Serve the resource tools (project_list, resource_list, resource_read, resource_search; convert with --allow) over MCP on stdio.",
            usage: "anydoc mcp [--store <folder>] [--project <name>] [--allow <folder>]… [--workers <n>] [--call-timeout <seconds>]")
        StoreCommandSupport.addStoreOption(&parser)
        parser.option("project", short: "p", value: "name", help: "The project tools use when a call names none.")
        parser.option("allow", value: "folder", help: "Let the convert tool read regular files inside this folder (repeatable). Without it, convert is not offered.")
        parser.option("workers", value: "n", help: "Tool calls run at once, each with its own store connection (default \(defaultWorkers)).")
        parser.option("call-timeout", value: "seconds", help: "Time limit of one tool call; past it the call is answered with a timeout error and stopped (default \(Int(defaultCallTimeout))).")
        return parser
    }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let workers = try parsed.integer("workers", in: 1...64) ?? defaultWorkers
        let timeLimit = try parsed.number("call-timeout") ?? defaultCallTimeout
        let folders: GrantedFolders
        do {
            folders = try GrantedFolders(parsed.allValues("allow"))
        } catch {
            throw UsageError(error.message)
        }
        var converter = AnyDocConverter()
        converter.options.limits.timeLimitSeconds = min(converter.options.limits.timeLimitSeconds, timeLimit)
        // One store per worker: each has its own SQLite connection, so a long
        // search on one does not hold the others' reads (the store is in WAL
        // mode). A host may start its server before anything is ingested, so
        // the store is created when missing, and standard error says so (a
        // mistyped --store would otherwise serve an empty store in silence).
        let root = StoreLocation.resolve(explicit: parsed.value("store"))
        let existed = access(root + "/store.sqlite", F_OK) == 0
        let tools = try (0..<workers).map { _ in
            ResourceTools(store: try StoreCommandSupport.openStore(parsed, mode: .create), defaultProject: parsed.value("project"),
                          converter: converter, grantedFolders: folders)
        }
        if !existed { Terminal.writeErrorLine("anydoc mcp: no store was at \(root); created an empty one") }
        let server = MCPServer(tools: tools[0])
        let dispatcher = MCPDispatcher(server: server, workerTools: tools, timeLimitSeconds: timeLimit) { line in
            Terminal.writeOutput(line + "\n")
        }
        let lines = BoundedLineReader(descriptor: 0, maxBytes: MCPServer.maxMessageBytes)
        dispatcher.serve { lines.next() }
        return 0
    }
}
