import AnyDocSwift

/// A Model Context Protocol server for the resource tools: JSON-RPC 2.0,
/// one message per line. It answers each line on its own, so a transport
/// only moves lines; a failing tool is a result with `isError`, and no
/// input ends the server.
public final class MCPServer {
    public static let protocolVersion = "2025-06-18"
    /// Versions whose messages this server's subset reads the same way.
    static let supportedVersions: Set<String> = ["2025-06-18", "2025-03-26", "2024-11-05"]
    /// Lines longer than this are refused rather than parsed.
    public static let maxMessageBytes = 4 << 20

    public let tools: ResourceTools
    private let serverName: String

    public init(tools: ResourceTools, serverName: String = "anydoc") {
        self.tools = tools
        self.serverName = serverName
    }

    /// The response to one incoming line, or nil when none is due
    /// (notifications, blank lines).
    public func handle(line: String) -> String? {
        let trimmed = line.trimmingASCIISpace()
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.utf8.count <= Self.maxMessageBytes else {
            return Self.error(id: .null, code: -32600, message: "message larger than \(Self.maxMessageBytes) bytes")
        }
        guard let message = try? JSONValue.parse(trimmed) else {
            return Self.error(id: .null, code: -32700, message: "parse error: not JSON")
        }
        guard case .object = message, message["jsonrpc"] == "2.0", let method = message["method"]?.stringValue else {
            // Responses to requests we never send, and batches, are not ours to answer.
            if case .object = message, message["method"] == nil, message["id"] != nil { return nil }
            return Self.error(id: message["id"] ?? .null, code: -32600, message: "invalid request: expected a JSON-RPC 2.0 request object")
        }
        guard let id = message["id"] else { return nil }  // a notification
        let params = message["params"] ?? [:]
        switch method {
        case "initialize":
            let requested = params["protocolVersion"]?.stringValue
            let version = requested.flatMap { Self.supportedVersions.contains($0) ? $0 : nil } ?? Self.protocolVersion
            return Self.result(id: id, [
                "protocolVersion": .string(version),
                "capabilities": ["tools": ["listChanged": false]],
                "serverInfo": ["name": .string(serverName), "version": .string(AnyDocVersion.current)],
                "instructions": "Search and read documents stored with anydoc: resource_search finds passages, resource_read pages through a document's Markdown from an offset.",
            ])
        case "ping":
            return Self.result(id: id, [:])
        case "tools/list":
            let list: [JSONValue] = ResourceTools.manifest.map { tool in
                [
                    "name": .string(tool.name),
                    "description": .string(tool.description),
                    "inputSchema": tool.inputSchema,
                    "annotations": ["readOnlyHint": .bool(tool.readOnly), "openWorldHint": false],
                ]
            }
            return Self.result(id: id, ["tools": .array(list)])
        case "tools/call":
            guard let name = params["name"]?.stringValue else {
                return Self.error(id: id, code: -32602, message: "invalid params: tools/call needs a tool name")
            }
            return Self.result(id: id, callTool(name, arguments: params["arguments"] ?? [:]))
        default:
            return Self.error(id: id, code: -32601, message: "method not found: \(method)")
        }
    }

    private func callTool(_ name: String, arguments: JSONValue) -> JSONValue {
        do {
            let output = try tools.call(name, arguments: arguments)
            return ["content": [["type": "text", "text": .string(output.jsonLine())]], "structuredContent": output, "isError": false]
        } catch {
            let text: String
            if let error = error as? ProjectError {
                text = "\(error.code): \(error.message)"
            } else if let error = error as? ConversionError {
                text = "\(error.code): \(error.description)"
            } else {
                text = String(describing: error)
            }
            return ["content": [["type": "text", "text": .string(text)]], "isError": true]
        }
    }

    private static func result(id: JSONValue, _ result: JSONValue) -> String {
        JSONValue.object(["jsonrpc": "2.0", "id": id, "result": result]).jsonLine()
    }

    private static func error(id: JSONValue, code: Int, message: String) -> String {
        JSONValue.object(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]).jsonLine()
    }
}
