import AnyDocSwift

/// A Model Context Protocol server for the resource tools: JSON-RPC 2.0,
/// one message per line. It answers each line on its own, so a transport
/// only moves lines; a failing tool is a result with `isError`, and no
/// input ends the server. `handle(line:)` answers in turn; `MCPDispatcher`
/// runs tool calls on a pool of workers with a time limit each.
public final class MCPServer: Sendable {
    /// The MCP version `initialize` answers with when the client asks for none or for one not supported.
    public static let protocolVersion = "2025-06-18"
    /// Versions whose messages this server's subset reads the same way.
    static let supportedVersions: Set<String> = ["2025-06-18", "2025-03-26", "2024-11-05"]
    /// Lines longer than this are refused rather than parsed.
    public static let maxMessageBytes = 4 << 20

    /// The tools `handle(line:)` runs calls with (a dispatcher's workers bring their own).
    public let tools: ResourceTools
    private let serverName: String

    /// A server for `tools`, introducing itself to clients as `serverName`.
    public init(tools: ResourceTools, serverName: String = "anydoc") {
        self.tools = tools
        self.serverName = serverName
    }

    /// What a line asks for: an answer ready now (or none), a tool call
    /// whose arguments passed the tool's schema, still to run, or the
    /// client giving up on an earlier request (`notifications/cancelled`).
    public enum Route: Sendable {
        case reply(String?)
        case toolCall(id: JSONValue, name: String, arguments: JSONValue)
        case cancel(requestID: JSONValue)
    }

    /// The response to one incoming line, or nil when none is due
    /// (notifications, blank lines). Tool calls run here, in turn.
    public func handle(line: String) -> String? {
        switch route(line: line) {
        case .reply(let response): response
        case .toolCall(let id, let name, let arguments): toolResponse(id: id, name: name, arguments: arguments, using: tools)
        case .cancel: nil  // calls run here are over before the next line is read
        }
    }

    /// Parses a line and answers everything but a tool call, which it
    /// checks against the tool's input schema and hands back to run.
    public func route(line: String) -> Route {
        let trimmed = line.trimmingASCIISpace()
        guard !trimmed.isEmpty else { return .reply(nil) }
        guard trimmed.utf8.count <= Self.maxMessageBytes else {
            return .reply(Self.error(id: .null, code: -32600, message: "message larger than \(Self.maxMessageBytes) bytes"))
        }
        guard let message = try? JSONValue.parse(trimmed) else {
            return .reply(Self.error(id: .null, code: -32700, message: "parse error: not JSON"))
        }
        guard case .object = message, message["jsonrpc"] == "2.0", let method = message["method"]?.stringValue else {
            // Responses to requests we never send, and batches, are not ours to answer.
            if case .object = message, message["method"] == nil, message["id"] != nil { return .reply(nil) }
            return .reply(Self.error(id: message["id"] ?? .null, code: -32600, message: "invalid request: expected a JSON-RPC 2.0 request object"))
        }
        guard let id = message["id"] else {  // a notification
            if method == "notifications/cancelled", let requestID = message["params"]?["requestId"] { return .cancel(requestID: requestID) }
            return .reply(nil)
        }
        switch id {
        case .string, .int, .double, .null: break
        default:
            // JSON-RPC ids are strings or numbers; a client cannot match another kind.
            return .reply(Self.error(id: .null, code: -32600, message: "invalid request: an id is a string or a number"))
        }
        let params = message["params"] ?? [:]
        switch method {
        case "initialize": return .reply(Self.result(id: id, initializeResult(params)))
        case "ping": return .reply(Self.result(id: id, [:]))
        case "tools/list": return .reply(Self.result(id: id, ["tools": .array(tools.offeredTools.map(Self.listing))]))
        case "tools/call": return routeToolCall(id: id, params: params)
        default: return .reply(Self.error(id: id, code: -32601, message: "method not found: \(method)"))
        }
    }

    private func initializeResult(_ params: JSONValue) -> JSONValue {
        let requested = params["protocolVersion"]?.stringValue
        let version = requested.flatMap { Self.supportedVersions.contains($0) ? $0 : nil } ?? Self.protocolVersion
        return [
            "protocolVersion": .string(version),
            "capabilities": ["tools": ["listChanged": false]],
            "serverInfo": ["name": .string(serverName), "version": .string(AnyDocVersion.current)],
            "instructions": "Search and read documents stored with anydoc: resource_search finds passages, resource_read pages through a document's Markdown from an offset.",
        ]
    }

    private static func listing(_ tool: ToolManifest) -> JSONValue {
        [
            "name": .string(tool.name),
            "description": .string(tool.description),
            "inputSchema": tool.inputSchema,
            "annotations": ["readOnlyHint": .bool(tool.readOnly), "openWorldHint": false],
        ]
    }

    /// A tool call's arguments are checked against the schema the tool
    /// advertises: a violation is `invalid params`, as the schema promises.
    private func routeToolCall(id: JSONValue, params: JSONValue) -> Route {
        guard let name = params["name"]?.stringValue else {
            return .reply(Self.error(id: id, code: -32602, message: "invalid params: tools/call needs a tool name"))
        }
        let arguments = params["arguments"] ?? [:]
        if let tool = ResourceTools.manifest.first(where: { $0.name == name }) {
            do {
                try ToolArgumentCheck.check(arguments, against: tool.inputSchema, tool: name)
            } catch {
                return .reply(Self.error(id: id, code: -32602, message: "invalid params: \(error.message)"))
            }
        }
        return .toolCall(id: id, name: name, arguments: arguments)
    }

    /// Runs a routed tool call with `tools` (a worker may bring its own,
    /// with its own store connection) and answers it.
    public func toolResponse(id: JSONValue, name: String, arguments: JSONValue, using tools: ResourceTools) -> String {
        Self.result(id: id, Self.callTool(name, arguments: arguments, tools: tools))
    }

    /// The answer to a tool call that ran out of time.
    public static func timeoutResponse(id: JSONValue, name: String, seconds: Double) -> String {
        result(id: id, errorResult("timeout: \(name) did not finish within \(Self.format(seconds)) s and was stopped"))
    }

    /// The answer to a tool call refused because every worker is busy and
    /// the queue is full.
    public static func busyResponse(id: JSONValue, name: String) -> String {
        result(id: id, errorResult("busy: too many calls are waiting; \(name) was not run, try again shortly"))
    }

    private static func callTool(_ name: String, arguments: JSONValue, tools: ResourceTools) -> JSONValue {
        do {
            let output = try tools.call(name, arguments: arguments)
            return ["content": [["type": "text", "text": .string(output.jsonLine())]], "structuredContent": output, "isError": false]
        } catch {
            return errorResult(describe(error))
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? ProjectError {
            if case .conversion(let conversion) = error { return "\(conversion.code): \(conversion.description)" }
            return "\(error.code): \(error.message)"
        }
        return String(describing: error)
    }

    private static func errorResult(_ text: String) -> JSONValue {
        ["content": [["type": "text", "text": .string(text)]], "isError": true]
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    static func result(id: JSONValue, _ result: JSONValue) -> String {
        JSONValue.object(["jsonrpc": "2.0", "id": id, "result": result]).jsonLine()
    }

    static func error(id: JSONValue, code: Int, message: String) -> String {
        JSONValue.object(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]).jsonLine()
    }
}
