/// Checks a tool call's arguments against the tool's input schema, the
/// subset of JSON Schema the manifest uses (`type`, `properties`,
/// `required`, `minimum`, `additionalProperties: false`). The MCP server
/// answers a violation with JSON-RPC `invalid params` (-32602) before the
/// tool runs, so what the schema promises is what the server enforces: an
/// argument a model invented is refused, not silently ignored.
package enum ToolArgumentCheck {
    package struct Violation: Error, Sendable, Equatable, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    package static func check(_ arguments: JSONValue, against schema: JSONValue, tool: String) throws(Violation) {
        let given: [String: JSONValue]
        switch arguments {
        case .null: given = [:]
        case .object(let object): given = object
        default: throw Violation(message: "the arguments of \(tool) must be an object")
        }
        guard case .object(let properties)? = schema["properties"] else { return }
        if schema["additionalProperties"] == false {
            for name in given.keys.sorted() where properties[name] == nil {
                let known = properties.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
                throw Violation(message: "\(tool) has no argument '\(SafeName.escaped(name))'" + (known.isEmpty ? "; it takes none" : "; it takes \(known)"))
            }
        }
        if case .array(let required)? = schema["required"] {
            for case .string(let name) in required where given[name] == nil || given[name] == .null {
                throw Violation(message: "\(tool) needs the argument '\(SafeName.escaped(name))'")
            }
        }
        for (name, value) in given.sorted(by: { $0.key < $1.key }) {
            guard let property = properties[name], value != .null else { continue }
            try checkValue(value, against: property, name: name, tool: tool)
        }
    }

    private static func checkValue(_ value: JSONValue, against property: JSONValue, name: String, tool: String) throws(Violation) {
        let types: [String]
        switch property["type"] {
        case .string(let type)?: types = [type]
        case .array(let list)?: types = list.compactMap(\.stringValue)
        default: types = []
        }
        if !types.isEmpty, !types.contains(where: { matches(value, type: $0) }) {
            throw Violation(message: "'\(name)' of \(tool) must be \(types.map { $0 == "integer" ? "an integer" : "a \($0)" }.joined(separator: " or "))")
        }
        if case .int(let minimum)? = property["minimum"], let number = integer(value), number < minimum {
            throw Violation(message: "'\(name)' of \(tool) must be at least \(minimum)")
        }
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch type {
        case "string": value.stringValue != nil
        case "integer": integer(value) != nil
        case "boolean": if case .bool = value { true } else { false }
        case "object": if case .object = value { true } else { false }
        case "array": if case .array = value { true } else { false }
        default: true
        }
    }

    /// An integer, also when sent as a float with no fraction (`5.0`).
    private static func integer(_ value: JSONValue) -> Int? {
        switch value {
        case .int(let number): number
        case .double(let number) where number.rounded() == number && abs(number) < 9e15: Int(number)
        default: nil
        }
    }
}
