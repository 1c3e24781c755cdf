import AnyDocProjects
import AnyDocSwift
import Foundation

/// Serves an agent's tool calls over a project store with the public API:
/// arguments decoded with Foundation's default `JSONDecoder`, results
/// encoded with its default `JSONEncoder`, conversions async and bounded
/// by a time limit that cancels them.
struct ToolHost {
    let tools: ResourceTools
    let callTimeLimit: Duration

    /// One call's answer: the tool's JSON output, or an error an agent can
    /// act on.
    func call(_ name: String, arguments: Data) async -> String {
        do {
            switch name {
            case "resource_list": return try encode(tools.resourceList(decode(ResourceListInput.self, arguments)))
            case "resource_read": return try encode(tools.resourceRead(decode(ResourceReadInput.self, arguments)))
            case "resource_search": return try encode(tools.resourceSearch(decode(ResourceSearchInput.self, arguments)))
            case "convert": return try await convert(decode(ConvertInput.self, arguments))
            default: return failure("not_found", "no tool named \(name)")
            }
        } catch let error as ProjectError {
            return failure(error.code, error.message)
        } catch let error as ConversionError {
            return failure(error.code, error.reason)
        } catch {
            return failure("invalid_argument", "\(error)")
        }
    }

    /// Converts a file inside the folders the host granted (the path is
    /// the model's, so it is untrusted: `ResourceTools` reads only regular
    /// files inside them), cancelling the conversion when it outlives the
    /// time limit.
    private func convert(_ input: ConvertInput) async throws -> String {
        let tools = self.tools
        let conversion = Task { try await tools.convert(input) }
        let timer = Task {
            try await Task.sleep(for: callTimeLimit)
            conversion.cancel()
        }
        defer { timer.cancel() }
        return try encode(try await conversion.value)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    private func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func failure(_ code: String, _ message: String) -> String {
        (try? encode(["error": code, "message": message])) ?? #"{"error":"internal"}"#
    }
}
