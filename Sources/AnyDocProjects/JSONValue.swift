import FoundationEssentials
import Glibc

/// Any JSON value: tool schemas, MCP messages and tool arguments, which
/// arrive untyped before they are decoded into an input type.
public enum JSONValue: Sendable, Equatable, Codable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Lets a string literal stand for `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Lets an integer literal stand for `.int`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// Lets `true` and `false` stand for `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Lets an array literal stand for `.array`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Lets a dictionary literal stand for `.object`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member named `key` of an object; nil when absent or when this is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string this holds; nil for any other kind of value (numbers are not converted).
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// One line of JSON, keys sorted: what newline-delimited protocols need.
    public func jsonLine() -> String {
        (try? JSONCoding.encoder(snakeCase: false).encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// Parses one JSON value from `text` in time linear in its length
    /// (see `JSONParser`); throws when it is not valid JSON or nests
    /// arrays and objects deeper than 64 levels.
    public static func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text)
    }
}

enum JSONCoding {
    static func encoder(snakeCase: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        return encoder
    }

    /// Inputs name their snake_case keys themselves, so a plain decoder
    /// reads them exactly as a host's default `JSONDecoder` does.
    static func decoder() -> JSONDecoder { JSONDecoder() }

    /// A Codable value as a `JSONValue` with snake_case keys, the shape
    /// tool outputs take.
    static func value(_ value: some Encodable) throws -> JSONValue {
        let data = try encoder(snakeCase: true).encode(value)
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Decodes tool arguments (snake_case keys) into an input type.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try decoder().decode(T.self, from: encoder(snakeCase: false).encode(value))
    }
}
