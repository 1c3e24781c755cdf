import AnyDocProjects
import AnyDocSwift
import Foundation

// Usage: AgentHost STORE FOLDER
// Ingests FOLDER into project "Docs" of the store at STORE (printing each
// event), then answers tool calls read from standard input, one JSON
// object per line: {"tool": "resource_search", "arguments": {...}}.
// AgentHost --summary FILE prints what the document holds.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: AgentHost STORE FOLDER | AgentHost --summary FILE\n".utf8))
    exit(2)
}
if arguments[1] == "--summary" {
    var summary = DocumentSummary()
    // Beside another module's `Document`, the module name qualifies it.
    let document: AnyDocSwift.Document = try await AnyDocConverter().document(fileAt: arguments[2])
    document.walk(&summary)
    print(summary.line)
    exit(0)
}

let store = try ProjectStore(root: arguments[1])
let ingestion = Ingestion(store: store)
for try await event in ingestion.events([arguments[2]], project: "Docs") {
    switch event {
    case .started(let files): print("ingesting \(files) files")
    case .ingested(let item): print("\(item.outcome.rawValue) \(item.path)")
    case .skipped(let skip): print("skipped \(skip.file): \(skip.reason)")
    case .failed(let failure): print("failed \(failure.file): \(failure.code)")
    case .finished(let summary): print("done: \(summary.added) added, \(summary.failed.count) failed")
    }
}

// `convert` may read the ingested folder and nothing else.
let host = ToolHost(
    tools: ResourceTools(store: store, defaultProject: "Docs", grantedFolders: try GrantedFolders([arguments[2]])),
    callTimeLimit: .seconds(30))

struct Request: Decodable {
    var tool: String
    var arguments: JSONValue
}

while let line = readLine() {
    guard let request = try? JSONDecoder().decode(Request.self, from: Data(line.utf8)) else {
        print(#"{"error":"invalid_request"}"#)
        continue
    }
    print(await host.call(request.tool, arguments: try JSONEncoder().encode(request.arguments)))
}
