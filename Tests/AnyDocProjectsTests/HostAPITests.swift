import AnyDocSwift
import Foundation
import Testing
import AnyDocProjects

/// The store and the resource tools as a host application uses them:
/// public API only, Foundation's default JSON coders.
@Suite struct HostAPITests {
    /// Every tool input decodes from the JSON its schema describes with a
    /// plain `JSONDecoder`, and encodes back to the same keys.
    @Test func toolInputsDecodeWithFoundationsDefaultCoders() throws {
        let read = try JSONDecoder().decode(ResourceReadInput.self, from: Data(#"{"resource":"a.md","max_chars":50,"offset":7,"version":3}"#.utf8))
        #expect(read == ResourceReadInput(resource: "a.md", version: "3", offset: 7, maxChars: 50))
        let convert = try JSONDecoder().decode(ConvertInput.self, from: Data(#"{"path":"/x.docx","max_chars":9}"#.utf8))
        #expect(convert.maxChars == 9)
        let list = try JSONDecoder().decode(ResourceListInput.self, from: Data(#"{"project":"P","cursor":"c","limit":2}"#.utf8))
        #expect(list == ResourceListInput(project: "P", cursor: "c", limit: 2))
        let search = try JSONDecoder().decode(ResourceSearchInput.self, from: Data(#"{"query":"q","resource":"r","limit":3}"#.utf8))
        #expect(search == ResourceSearchInput(query: "q", limit: 3, resource: "r"))
    }

    /// The keys each input encodes to are exactly the properties its
    /// tool's schema declares.
    @Test func inputKeysMatchTheManifestSchemas() throws {
        let inputs: [(String, any Encodable)] = [
            ("resource_list", ResourceListInput(project: "P", cursor: "c", limit: 1)),
            ("resource_read", ResourceReadInput(project: "P", resource: "r", version: "v1", offset: 0, maxChars: 1)),
            ("resource_search", ResourceSearchInput(project: "P", query: "q", limit: 1, resource: "r")),
            ("convert", ConvertInput(path: "p", offset: 0, maxChars: 1)),
        ]
        for (name, input) in inputs {
            let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(input)) as? [String: Any])
            let tool = try #require(ResourceTools.manifest.first { $0.name == name })
            guard case .object(let properties)? = tool.inputSchema["properties"] else {
                Issue.record("\(name) has no properties")
                continue
            }
            #expect(Set(object.keys) == Set(properties.keys), "\(name)")
        }
    }

    /// Outputs encode with snake_case keys under a plain `JSONEncoder`, the
    /// same JSON the tools send, and decode back to equal values.
    @Test func outputsRoundTripThroughFoundationsDefaultCoders() throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        let store = try fixture.store()
        _ = try Ingestion(store: store).run([fixture.documents], project: "P")
        let tools = ResourceTools(store: store, defaultProject: "P")
        let list = try tools.resourceList(ResourceListInput())
        let read = try tools.resourceRead(ResourceReadInput(resource: "guide.md", maxChars: 40))
        let projects = try tools.projectList()
        try expectRoundTrip(list, keys: ["project", "resources", "next_cursor"])
        try expectRoundTrip(read, keys: ["resource_id", "path", "version", "markdown_sha256", "source_sha256", "format", "text", "offset", "next_offset", "total_chars", "note"])
        try expectRoundTrip(projects, keys: ["projects"])
        // The tool call's JSON is what a plain encoder writes.
        let called = try tools.call("resource_read", arguments: ["resource": "guide.md", "max_chars": 40])
        let plain = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(read))
        #expect(called == plain)
        #expect(called["text"]?.stringValue?.unicodeScalars.count == 40)
    }

    private func expectRoundTrip<T: Codable & Equatable>(_ value: T, keys: Set<String>) throws {
        let data = try JSONEncoder().encode(value)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys).isSubset(of: keys), "\(T.self): \(object.keys.sorted())")
        #expect(try JSONDecoder().decode(T.self, from: data) == value)
    }

    @Test func theStoreModelUsesTheLibrarysTypes() throws {
        let fixture = try Fixture()
        try fixture.copyDocuments(["docx/headings-formatting.docx"], chinese: false)
        let store = try fixture.store()
        let before = Date(timeIntervalSinceNow: -5)
        _ = try Ingestion(store: store).run([fixture.documents], project: "P")
        let resource = try #require(try store.resources(in: "P").first)
        #expect(resource.format == .docx)
        #expect(resource.updatedAt > before && resource.updatedAt < Date(timeIntervalSinceNow: 5))
        let project = try store.project(named: "P")
        #expect(project.createdAt > before)
    }

    @Test func ingestFailuresKeepTheirTypedError() throws {
        let fixture = try Fixture()
        try fixture.write("broken.docx", "PK\u{3}\u{4} not really a zip")
        let summary = try Ingestion(store: try fixture.store()).run([fixture.documents], project: "P")
        let failure = try #require(summary.failed.first)
        guard case .conversion(let error) = failure.error else {
            Issue.record("expected a conversion error, got \(failure.error)")
            return
        }
        #expect(error.kind == .malformed || error.kind == .unsupported)
        // Its JSON keeps the code and reason, and decodes to the same error.
        let decoded = try JSONDecoder().decode(IngestSummary.Failure.self, from: JSONEncoder().encode(failure))
        #expect(decoded.file == failure.file && decoded.code == failure.code && decoded.reason == failure.reason)
    }

    @Test func aHostIngestsUnderItsOwnPathsBytesAndMarkdown() throws {
        let fixture = try Fixture()
        try fixture.copyDocuments(["docx/headings-formatting.docx"], chinese: false)
        let store = try fixture.store()
        let ingestion = Ingestion(store: store)
        let file = fixture.documents + "/headings-formatting.docx"
        let fromFile = try ingestion.ingest(fileAt: file, as: "reports/2026/q1.docx", project: "Host")
        #expect(fromFile.outcome == .added && fromFile.path == "reports/2026/q1.docx")
        let again = try ingestion.ingest(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))), as: "reports/2026/q1.docx", project: "Host")
        #expect(again.outcome == .unchanged)
        let note = try ingestion.commit(
            markdown: "# Minutes\n\nThe cormorant budget was approved.\n", source: Array("minutes".utf8), as: "notes/minutes.md",
            format: .md, project: "Host")
        #expect(note.outcome == .added)
        #expect(try store.markdown(of: store.version(of: "notes/minutes.md", in: "Host")) == "# Minutes\n\nThe cormorant budget was approved.\n")
        #expect(try store.search(in: "Host", query: "cormorant").first?.path == "notes/minutes.md")
        #expect(throws: ProjectError.self) { try ingestion.ingest(bytes: [1, 2], as: "bad\u{7}name", project: "Host") }
    }

    @Test func versionsAreSelectedByTypedSelectors() throws {
        let fixture = try Fixture()
        let store = try fixture.store()
        let ingestion = Ingestion(store: store)
        let first = try ingestion.commit(markdown: "# One\n", source: Array("1".utf8), as: "a.md", project: "P")
        _ = try ingestion.commit(markdown: "# Two\n", source: Array("2".utf8), as: "a.md", project: "P")
        #expect(try store.version(of: "a.md", in: "P").number == 2)
        #expect(try store.version(of: "a.md", in: "P", selector: .number(1)).number == 1)
        let hash = try #require(try store.version(of: "a.md", in: "P", selector: .number(1)).markdownSha256)
        #expect(try store.version(of: "a.md", in: "P", selector: .hash(prefix: String(hash.prefix(8)))).number == 1)
        #expect(try store.history(of: "a.md", in: "P").map(\.number) == [1, 2])
        #expect(try store.resource(named: first.resourceId, in: "P").path == "a.md")
        #expect(throws: ProjectError.self) { try store.version(of: "a.md", in: "P", selector: .number(9)) }
    }

    @Test func asyncConvertReadsOnlyGrantedFilesAndMatchesTheSyncTool() async throws {
        let fixture = try Fixture()
        try fixture.write("guide.md", guideMarkdown)
        let tools = ResourceTools(store: try fixture.store(), grantedFolders: try GrantedFolders([fixture.documents]))
        let input = ConvertInput(path: fixture.documents + "/guide.md", maxChars: 30)
        let async = try await tools.convert(input)
        #expect(async == (try Self.convertSynchronously(tools, input)))
        #expect(async.format == .md && async.text.unicodeScalars.count <= 30 && async.nextOffset != nil)
        do {
            _ = try await tools.convert(ConvertInput(path: "/etc/hostname"))
            Issue.record("a file outside the granted folder was read")
        } catch {
            guard case .denied = error else { Issue.record("expected denied, got \(error)"); return }
        }
    }

    private static func convertSynchronously(_ tools: ResourceTools, _ input: ConvertInput) throws -> ConvertOutput {
        try tools.convert(input)
    }

    @Test func asyncIngestReportsEachFileAndFinishes() async throws {
        let fixture = try Fixture()
        try fixture.write("a.md", "# A\n\nalpha\n")
        try fixture.write("b.md", "# B\n\nbeta\n")
        try fixture.write(".hidden.md", "hidden\n")
        let ingestion = Ingestion(store: try fixture.store(), jobs: 2)
        var ingested: [String] = []
        var started: Int?
        var finished: IngestSummary?
        for try await event in ingestion.events([fixture.documents], project: "P") {
            switch event {
            case .started(let files): started = files
            case .ingested(let item): ingested.append(item.path)
            case .finished(let summary): finished = summary
            case .skipped, .failed: break
            }
        }
        #expect(started == 2)
        #expect(ingested.sorted() == ["a.md", "b.md"])
        #expect(finished?.added == 2 && finished?.skipped.count == 1)
    }

    @Test func aCancelledIngestStopsAndSaysSo() async throws {
        let fixture = try Fixture()
        for index in 0..<40 { try fixture.write("doc\(index).md", "# Doc \(index)\n\ntext\n") }
        let ingestion = Ingestion(store: try fixture.store(), jobs: 1)
        let task = Task {
            try await ingestion.run([fixture.documents], project: "P") { event in
                if case .ingested = event { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        do {
            _ = try await task.value
            Issue.record("a cancelled ingest returned a summary")
        } catch let error as ProjectError {
            guard case .cancelled = error else {
                Issue.record("expected cancelled, got \(error)")
                return
            }
        }
        #expect(try fixture.store().resources(in: "P").count < 40)
    }
}
