import AnyDocProjects
import AnyDocSwift
import Glibc

/// The `anydoc` command: dispatches to a subcommand and turns errors into
/// exit codes (1 for a failed conversion, 2 for a usage mistake).
let commands: [(name: String, summary: String, run: (ArraySlice<String>) throws -> Int32)] = [
    ("convert", "Convert documents to Markdown.", ConvertCommand.run),
    ("detect", "Print the format of files, judged from their content.", DetectCommand.run),
    ("ingest", "Add documents to a project of the store, versioned and searchable.", IngestCommand.run),
    ("projects", "List, create, rename or delete projects.", ProjectsCommand.run),
    ("resources", "List, read, search a project's documents and their history.", ResourcesCommand.run),
    ("store", "Verify the store or collect its garbage.", StoreCommand.run),
    ("mcp", "Serve the resource tools over the Model Context Protocol (stdio).", MCPCommand.run),
]

@MainActor func mainHelp() -> String {
    var text = "anydoc \(AnyDocVersion.current): documents to GitHub-Flavored Markdown.\n\nUSAGE: anydoc <command> [options]\n\nCOMMANDS:\n"
    for command in commands {
        text += "  " + command.name + String(repeating: " ", count: max(2, 12 - command.name.count)) + command.summary + "\n"
    }
    text += "\nSee 'anydoc <command> --help' for a command's options.\n"
    return text
}

signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments.dropFirst()
ProcessTuning.apply(arguments: arguments)
guard let name = arguments.first else {
    Terminal.writeError(mainHelp())
    exit(2)
}
if name == "--help" || name == "-h" || name == "help" {
    // `help convert` is `convert --help`.
    if name == "help", let topic = arguments.dropFirst().first, let command = commands.first(where: { $0.name == topic }) {
        exit((try? command.run(["--help"])) ?? 0)
    }
    Terminal.writeOutput(mainHelp())
    exit(0)
}
if name == "--version" {
    Terminal.writeOutput(AnyDocVersion.current + "\n")
    exit(0)
}
guard let command = commands.first(where: { $0.name == name }) else {
    Terminal.writeErrorLine("anydoc: unknown command '\(name)'; see 'anydoc --help'")
    exit(2)
}
do {
    exit(try command.run(arguments.dropFirst()))
} catch let error as UsageError {
    Terminal.writeErrorLine("anydoc \(name): \(error.message); see 'anydoc \(name) --help'")
    exit(2)
} catch let error as ProjectError where error.code == "invalid_argument" {
    // An argument the store refuses (an empty project name or query, a
    // query past its limits) is a usage error like any other.
    Terminal.writeErrorLine("anydoc \(name): \(error.message); see 'anydoc \(name) --help'")
    exit(2)
} catch {
    Terminal.writeError("anydoc: error: \(PrintableText.escaped(String(describing: error)))\n")
    exit(1)
}
