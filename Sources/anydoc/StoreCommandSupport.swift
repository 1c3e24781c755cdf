import AnyDocProjects
import AnyDocSwift
import FoundationEssentials
import Glibc

/// What the store commands share: finding the store, printing JSON, and
/// taking a subcommand word off the front of the arguments.
enum StoreCommandSupport {
    static func addStoreOption(_ parser: inout ArgumentParser) {
        parser.option("store", value: "folder", help: "The store (default: $ANYDOC_STORE, else $XDG_DATA_HOME/anydoc, else ~/.local/share/anydoc).")
    }

    /// The store the options name. Only commands that add to a store may
    /// create it; for the rest a missing store is a usage error, so a
    /// mistyped `--store` neither passes for an empty store nor leaves one.
    static func openStore(_ parsed: ArgumentParser.Parsed, mode: ProjectStore.OpenMode = .existing) throws -> ProjectStore {
        let root = StoreLocation.resolve(explicit: parsed.value("store"))
        do {
            return try ProjectStore(root: root, mode: mode)
        } catch ProjectError.notFound(_) {
            throw UsageError("no store at \(PrintableText.escaped(root)) (ingest documents to create one)")
        }
    }

    /// A store timestamp as the store writes it (ISO 8601 UTC, milliseconds).
    static func timestamp(_ date: Date) -> String { ResourceVersion.timestampText(date) }

    /// Pretty JSON with snake_case keys, the shape the tools use.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        Terminal.writeOutput(String(decoding: try encoder.encode(value), as: UTF8.self) + "\n")
    }

    /// Runs the subcommand named by the first argument.
    static func dispatch(_ command: String, _ arguments: ArraySlice<String>,
                         _ subcommands: [(name: String, summary: String, run: (ArraySlice<String>) throws -> Int32)]) throws -> Int32 {
        guard let name = arguments.first, !name.hasPrefix("-") || name == "--help" || name == "-h" else {
            throw UsageError("\(command) needs a subcommand: \(subcommands.map { $0.name }.joined(separator: ", "))")
        }
        if name == "--help" || name == "-h" {
            var text = "USAGE: anydoc \(command) <subcommand> [options]\n\nSUBCOMMANDS:\n"
            for subcommand in subcommands {
                text += "  " + subcommand.name + String(repeating: " ", count: max(2, 10 - subcommand.name.count)) + subcommand.summary + "\n"
            }
            Terminal.writeOutput(text + "\nSee 'anydoc \(command) <subcommand> --help' for options.\n")
            return 0
        }
        guard let subcommand = subcommands.first(where: { $0.name == name }) else {
            throw UsageError("unknown subcommand '\(name)'; use one of \(subcommands.map { $0.name }.joined(separator: ", "))")
        }
        return try subcommand.run(arguments.dropFirst())
    }

    static func requireProject(_ parsed: ArgumentParser.Parsed) throws -> String {
        guard let project = parsed.value("project") else { throw UsageError("--project <name> is required") }
        return project
    }
}
