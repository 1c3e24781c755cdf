import Foundation
import Testing
@testable import AnyDocProjects

/// The MCP message parser reads JSON as `JSONDecoder` does, refuses what
/// it refuses, and costs time linear in the message, however it nests.
@Suite struct JSONParserTests {
    /// Valid and invalid texts, each read alike by the parser and by
    /// `JSONDecoder` decoding a `JSONValue`.
    static let samples = [
        #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","arguments":{"a":[1,2.5,null,true,false]}}}"#,
        "1.0", "1e2", "-0", "-0.0", "1.5", "12345678901234567890", "9007199254740993", "-9223372036854775808",
        "1E400", "01", "1.", ".5", "-", "+1", "1e", "[1,]", "{\"a\":1,}", "[1,,]", "[,]", "{,}", "{\"a\" 1}", "[1 2]", "tru", "nul",
        #"{"a":1,"a":2}"#, #""\ud800""#, #""\udc00x""#, #""\ud83d\ude00 \u00e9 \/ \" \\ \b\f\n\r\t""#, #""\x""#,
        "\"tab\there\"", " [ ] ", "{}", "\"unclosed", "[[[]]]", "true false", "\"日本語\"", "",
        "9007199254740993.0", "9007199254740993e0", "0.9007199254740993e16", "123456789012345678e0",
        "-9223372036854775808.0", "9223372036854775807.0", "9223372036854775808.0",
        "1.50e1", "100e-2", "0.0", "-0.0e5", "0e-5", "1e-400", "5e18", "1e19", "\u{FEFF}1", "\u{FEFF}{\"a\":1}",
    ]

    @Test(arguments: samples)
    func readsAsJSONDecoderDoes(text: String) {
        let decoded = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let parsed = try? JSONParser.parse(text)
        #expect(parsed == decoded, "\(text)")
    }

    @Test func nestingPastSixtyFourLevelsIsRefused() throws {
        let deepest = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        #expect(throws: Never.self) { try JSONParser.parse(deepest) }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("[" + deepest + "]") }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(String(repeating: "[", count: 100_000)) }
    }

    /// 64 KB of arrays nested 500 deep held the server for most of a
    /// minute; now the message is refused as soon as it is read.
    @Test func aDeeplyNestedMessageIsRefusedAtOnce() throws {
        let fixture = try Fixture()
        let server = MCPServer(tools: ResourceTools(store: try fixture.store()))
        let one = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let line = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":["# + Array(repeating: one, count: 64).joined(separator: ",") + "]}"
        let start = ContinuousClock.now
        let reply = server.handle(line: line)
        let elapsed = ContinuousClock.now - start
        #expect(reply?.contains("-32700") == true, "\(reply ?? "")")
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}
