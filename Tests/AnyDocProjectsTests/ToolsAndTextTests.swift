import Foundation
import AnyDocSwift
import Testing
@testable import AnyDocProjects

@Suite struct ToolsAndTextTests {
    @Test func sha256MatchesKnownDigests() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var hasher = SHA256()
        for chunk in stride(from: 0, to: bytes.count, by: 13) { hasher.update(bytes[chunk..<min(chunk + 13, bytes.count)]) }
        #expect(hasher.finalizeHex() == SHA256.hex(bytes))
    }

    @Test func splitterKeepsHeadingPathsPagesSlidesAndSheets() {
        let sections = SectionSplitter.split(guideMarkdown)
        #expect(sections.map(\.headingPath) == [
            ["Field Guide"], ["Field Guide", "Birds of the Coast"], ["Field Guide", "Café Notes"], ["Field Guide", "Café Notes"],
        ])
        #expect(sections.last?.location == SourceLocation(kind: .page, number: 2))
        #expect(sections[2].text.contains("# not a heading inside code"))
        // Offsets are scalar positions in the whole text; each section
        // holds the reader's text of its Markdown.
        let scalars = Array(guideMarkdown.unicodeScalars)
        for section in sections {
            let markdown = String(String.UnicodeScalarView(scalars[section.offset..<section.offset + section.length]))
            #expect(ReaderText.of(Array(markdown.utf8)[...]) == section.text)
        }
        #expect(sections.map(\.text).first == "Field Guide\nIntro text about the expedition.")
        let slides = SectionSplitter.split("## Slide 1: Hello\n\nText\n\n## Slide 2\n\nMore\n", format: .presentation)
        #expect(slides.map(\.location) == [SourceLocation(kind: .slide, number: 1, name: "Hello"), SourceLocation(kind: .slide, number: 2)])
        let sheets = SectionSplitter.split("## Budget\n\n| a |\n| --- |\n\n## Staff\n\n| b |\n| --- |\n", format: .spreadsheet)
        #expect(sheets.map { $0.location?.name } == ["Budget", "Staff"])
        // A long unheaded text is cut at blank lines.
        let long = Array(repeating: String(repeating: "word ", count: 400), count: 12).joined(separator: "\n\n")
        let pieces = SectionSplitter.split(long)
        #expect(pieces.count > 1)
        #expect(pieces.allSatisfy { $0.length <= SectionSplitter.preferredLength })
        let longScalars = Array(long.unicodeScalars)
        #expect(pieces.map { String(String.UnicodeScalarView(longScalars[$0.offset..<$0.offset + $0.length])) }.joined() == long)
    }

    @Test func slicesCoverTextExactlyOnce() {
        let text = "Ünïcödé 😀 line one\nzwei 第二行\n" + String(repeating: "x", count: 100) + "\nend"
        let bytes = Array(text.utf8)
        for size in [1, 3, 7, 20, 1000] {
            var offset: Int? = 0
            var joined = ""
            while let start = offset {
                let slice = TextSlice.slice(bytes, offset: start, maxChars: size)
                #expect(slice.text.unicodeScalars.count <= size)
                joined += slice.text
                offset = slice.nextOffset
            }
            #expect(joined == text)
        }
        #expect(TextSlice.slice(bytes, offset: 10_000, maxChars: 5) == TextSlice.Slice(text: "", offset: 10_000, nextOffset: nil, totalChars: text.unicodeScalars.count))
    }

    @Test func listPagesWithOpaqueCursorAndToolsReportBadInput() throws {
        let fixture = try Fixture()
        for index in 0..<7 { try fixture.write("doc\(index).md", "# Doc \(index)\n\nBody \(index).\n") }
        let store = try fixture.store()
        _ = try Ingestion(store: store, jobs: 2).run([fixture.documents], project: "paging")
        let tools = ResourceTools(store: store, defaultProject: "paging")
        var paths: [String] = []
        var cursor: String?
        repeat {
            let page = try tools.resourceList(ResourceListInput(cursor: cursor, limit: 3))
            #expect(page.resources.count <= 3)
            paths += page.resources.map(\.path)
            cursor = page.nextCursor
        } while cursor != nil
        #expect(paths == (0..<7).map { "doc\($0).md" })
        #expect(throws: ProjectError.self) { try tools.resourceList(ResourceListInput(cursor: "garbage", limit: 3)) }
        #expect(throws: ProjectError.self) { try tools.resourceRead(ResourceReadInput(resource: "doc0.md", maxChars: 0)) }
        #expect(throws: ProjectError.self) { try tools.resourceRead(ResourceReadInput(resource: "missing.md")) }

        let output = try tools.call("resource_read", arguments: ["resource": "doc1.md", "version": 1, "max_chars": 5])
        #expect(output["text"] == "# Doc")
        #expect(output["next_offset"] == .int(5))
        #expect(throws: ProjectError.self) { try tools.call("resource_read", arguments: ["max_chars": 5]) }
        #expect(ResourceTools.manifest.map(\.name) == ["project_list", "resource_list", "resource_read", "resource_search", "convert"])
        #expect(ResourceTools.manifest.allSatisfy { $0.readOnly && $0.inputSchema["type"] == "object" })
    }

    @Test func mcpServerAnswersAndSurvivesBadCalls() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        let store = try fixture.store()
        _ = try Ingestion(store: store, jobs: 1).run([fixture.documents], project: "mcp")
        let server = MCPServer(tools: ResourceTools(store: store))
        func call(_ line: String) throws -> JSONValue { try JSONValue.parse(try #require(server.handle(line: line))) }

        let initialize = try call(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#)
        #expect(initialize["result"]?["protocolVersion"] == "2025-06-18")
        #expect(initialize["result"]?["capabilities"]?["tools"] != nil)
        #expect(server.handle(line: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
        #expect(try call(#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#)["result"] == [:])
        let list = try call(#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
        guard case .array(let tools)? = list["result"]?["tools"] else { Issue.record("no tools"); return }
        #expect(tools.count == ResourceTools.manifest.count - 1)  // no convert: no folder was granted

        let search = try call(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"resource_search","arguments":{"project":"mcp","query":"kingfisher"}}}"#)
        #expect(search["result"]?["isError"] == false)
        guard case .array(let hits)? = search["result"]?["structuredContent"]?["hits"] else { Issue.record("no hits"); return }
        #expect(hits.first?["path"] == "guide.md")

        let failure = try call(#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"resource_read","arguments":{"project":"nope","resource":"x"}}}"#)
        #expect(failure["result"]?["isError"] == true)
        let unknownTool = try call(#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"nope","arguments":{}}}"#)
        #expect(unknownTool["result"]?["isError"] == true)
        #expect(try call(#"{"jsonrpc":"2.0","id":6,"method":"resources/list"}"#)["error"]?["code"] == -32601)
        #expect(try call("{not json")["error"]?["code"] == -32700)
        #expect(try call(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#)["id"] == 7)
        // An id that is neither a string nor a number is refused, not echoed.
        for id in [#"{"a":1}"#, "[1]", "true"] {
            let refused = try call(#"{"jsonrpc":"2.0","id":"# + id + #","method":"ping"}"#)
            #expect(refused["error"]?["code"] == -32600 && refused["id"] == .null, "\(id): \(refused)")
        }
        // A message names a long argument by its start, not whole.
        let long = String(repeating: "n", count: 100_000)
        let missing = try call(#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"resource_read","arguments":{"project":"mcp","resource":""# + long + #""}}}"#)
        let text = missing.jsonLine()
        #expect(text.contains("100000 characters") && text.utf8.count < 2_000, "\(text.prefix(300))")
    }
}
