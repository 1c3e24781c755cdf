import AnyDocSwift
import Foundation
import Testing
@testable import AnyDocProjects

/// `anydoc convert --chunks`, the worker protocol (`--jsonl`, `--shard`)
/// and `anydoc ingest --records`, through the real executable.
@Suite struct ChunkProcessTests {
    static func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    static func documents(_ tree: BatchTree) throws {
        try tree.copy("pdf/headings.pdf", to: "docs/headings.pdf")
        try tree.copy("xlsx/sheets.xlsx", to: "docs/sheets.xlsx")
        try tree.copy("docx/tables.docx", to: "docs/sub/tables.docx")
        try tree.write("docs/notes.md", "# Notes\n\n" + (1...60).map { "Line \($0) about terns and gulls on the shore." }.joined(separator: "\n\n") + "\n")
    }

    @Test func chunksOfOneFileKeepToTheLimitAndCutTheMarkdownBack() throws {
        let tree = try BatchTree()
        try Self.documents(tree)
        let markdown = try BatchRun.run(["convert", "docs/notes.md"], in: tree).output
        let run = try BatchRun.run(["convert", "docs/notes.md", "--chunks", "--chunk-size", "200"], in: tree)
        #expect(run.status == 0, "\(run.errorOutput)")
        let chunks = try Self.lines(run.output)
        #expect(chunks.count > 10)
        let scalars = Array(markdown.unicodeScalars)
        for chunk in chunks {
            let text = try #require(chunk["text"] as? String)
            let offset = try #require(chunk["offset"] as? Int), length = try #require(chunk["length"] as? Int)
            #expect(text.unicodeScalars.count <= 200 && chunk["chars"] as? Int == text.unicodeScalars.count)
            #expect(String(String.UnicodeScalarView(scalars[offset..<offset + length])) == text)
            #expect(chunk["schema"] as? String == "anydoc.chunk/1" && chunk["heading_path"] as? [String] == ["Notes"])
        }
        // Ids are stable from run to run and distinct within a document.
        let again = try Self.lines(try BatchRun.run(["convert", "docs/notes.md", "--chunks", "--chunk-size", "200"], in: tree).output)
        #expect(again.map { $0["id"] as? String } == chunks.map { $0["id"] as? String })
        #expect(Set(chunks.compactMap { $0["id"] as? String }).count == chunks.count)
        // Tokens are a hard limit too, and -o writes the file.
        let tokens = try BatchRun.run(["convert", "docs/notes.md", "--chunks", "--chunk-unit", "tokens", "--chunk-size", "40", "-o", "notes.jsonl"], in: tree)
        #expect(tokens.status == 0 && tokens.output.isEmpty, "\(tokens.errorOutput)")
        let tokenChunks = try Self.lines(try #require(tree.read("notes.jsonl")))
        #expect(tokenChunks.count > chunks.count / 2 && tokenChunks.allSatisfy { ($0["tokens"] as? Int ?? 99) <= 40 })
        // Standard input is chunked like a file.
        let piped = try BatchRun.run(["convert", "-", "--chunks", "--chunk-size", "200"], in: tree, input: try #require(tree.read("docs/notes.md")))
        #expect(try Self.lines(piped.output).map { $0["text"] as? String } == chunks.map { $0["text"] as? String })
    }

    @Test func aFolderGivesOneStreamOrOneFilePerDocument() throws {
        let tree = try BatchTree()
        try Self.documents(tree)
        let stream = try BatchRun.run(["convert", "docs", "--chunks", "--chunk-size", "300", "-o", "all.jsonl"], in: tree)
        #expect(stream.status == 0, "\(stream.errorOutput)")
        let chunks = try Self.lines(try #require(tree.read("all.jsonl")))
        #expect(Set(chunks.compactMap { $0["document"] as? String }.map { ($0 as NSString).lastPathComponent })
            == ["headings.pdf", "sheets.xlsx", "tables.docx", "notes.md"])
        #expect(chunks.contains { ($0["pages"] as? [Int])?.isEmpty == false })
        #expect(chunks.contains { ($0["sheets"] as? [String])?.isEmpty == false })
        // No chunk holds only a page marker or headings.
        #expect(chunks.allSatisfy { ChunkProcessTests.hasBody($0["text"] as? String ?? "") })
        let perDocument = try BatchRun.run(["convert", "docs", "--chunks", "-o", "out"], in: tree)
        #expect(perDocument.status == 0, "\(perDocument.errorOutput)")
        #expect(tree.files(below: "out").sorted() == ["headings.jsonl", "notes.jsonl", "sheets.jsonl", "sub/tables.jsonl"])
    }

    /// Several jobs give the stream, the messages and the files one job gives.
    @Test func aFolderIsChunkedInParallelWithTheSameOutput() throws {
        let tree = try BatchTree()
        try Self.documents(tree)
        for number in 1...6 { try tree.write("docs/more/note\(number).md", "# Note \(number)\n\n" + String(repeating: "Gannets dive for fish. ", count: 40 * number) + "\n") }
        try tree.write("docs/broken.docx", "not a zip archive")
        let one = try BatchRun.run(["convert", "docs", "--chunks", "--chunk-size", "300", "--jobs", "1"], in: tree)
        let four = try BatchRun.run(["convert", "docs", "--chunks", "--chunk-size", "300", "--jobs", "4"], in: tree)
        #expect(one.status == 1 && four.status == 1)
        #expect(one.errorOutput.contains("broken.docx"))
        #expect(four.output == one.output && four.errorOutput == one.errorOutput)
        #expect(try Self.lines(one.output).count > 20)
        _ = try BatchRun.run(["convert", "docs", "--chunks", "--jobs", "1", "-o", "out1"], in: tree)
        _ = try BatchRun.run(["convert", "docs", "--chunks", "--jobs", "4", "-o", "out4"], in: tree)
        let files = tree.files(below: "out1").sorted()
        #expect(files.count == 10 && tree.files(below: "out4").sorted() == files)
        for file in files { #expect(tree.read("out1/" + file) == tree.read("out4/" + file), "\(file)") }
    }

    /// A line that is not blank, a heading or a page marker.
    static func hasBody(_ text: String) -> Bool {
        text.split(separator: "\n").contains { line in
            !line.hasPrefix("#") && !line.hasPrefix("<!-- page ") && line.contains(where: { $0.isLetter || $0.isNumber })
        }
    }

    @Test func theWorkerWritesARecordPerPathAndShardsSplitTheList() throws {
        let tree = try BatchTree()
        try Self.documents(tree)
        try tree.write("docs/broken.docx", "PK\u{3}\u{4}not a zip")
        let paths = ["docs/headings.pdf", "docs/sheets.xlsx", "docs/sub/tables.docx", "docs/notes.md", "docs/broken.docx", "docs/missing.pdf"]
        let list = paths.joined(separator: "\n") + "\n"
        let run = try BatchRun.run(["convert", "--files-from", "-", "--jsonl", "--jobs", "2"], in: tree, input: list)
        #expect(run.status == 0, "\(run.errorOutput)")
        let records = try Self.lines(run.output)
        #expect(Set(records.compactMap { $0["path"] as? String }) == Set(paths))
        let byPath = Dictionary(uniqueKeysWithValues: records.map { ($0["path"] as? String ?? "", $0) })
        #expect(byPath["docs/broken.docx"]?["status"] as? String == "failed")
        #expect((byPath["docs/missing.pdf"]?["error"] as? [String: Any])?["code"] != nil)
        #expect(byPath["docs/notes.md"]?["status"] as? String == "ok")
        #expect((byPath["docs/notes.md"]?["markdown"] as? String)?.hasPrefix("# Notes") == true)
        #expect(byPath["docs/headings.pdf"]?["format"] as? String == "pdf" && byPath["docs/headings.pdf"]?["timings"] != nil)
        // With --chunks the records carry chunks instead of the Markdown.
        let chunked = try Self.lines(try BatchRun.run(["convert", "--files-from", "-", "--jsonl", "--chunks", "--chunk-size", "500"], in: tree, input: "docs/notes.md\n").output)
        #expect(chunked.count == 1 && chunked[0]["markdown"] == nil && (chunked[0]["chunks"] as? [Any])?.count ?? 0 > 3)
        // Three shards take every path once.
        var sharded: [String] = []
        for shard in 0..<3 {
            let part = try BatchRun.run(["convert", "--files-from", "-", "--jsonl", "--shard", "\(shard)/3"], in: tree, input: list)
            #expect(part.status == 0)
            sharded += try Self.lines(part.output).compactMap { $0["path"] as? String }
        }
        #expect(sharded.sorted() == paths.sorted())
        #expect(try BatchRun.run(["convert", "--files-from", "-", "--jsonl", "--shard", "3/3"], in: tree, input: list).status == 2)
    }

    @Test func recordsIngestAsAPlainIngestDoes() throws {
        let tree = try BatchTree()
        try Self.documents(tree)
        try tree.write("docs/broken.docx", "PK\u{3}\u{4}not a zip")
        let plain = try BatchRun.run(["ingest", "docs", "--project", "P", "--store", "plain", "--json", "--quiet"], in: tree)
        let listed = try BatchRun.run(["ingest", "docs", "--list"], in: tree)
        #expect(listed.status == 0 && listed.output.split(separator: "\n").count == 5, "\(listed.output)")
        let records = try BatchRun.run(["convert", "--files-from", "-", "--jsonl"], in: tree, input: listed.output)
        try tree.write("records.jsonl", records.output)
        let fromRecords = try BatchRun.run(["ingest", "--records", "records.jsonl", "docs", "--project", "P", "--store", "records", "--json", "--quiet"], in: tree)
        #expect(fromRecords.status == plain.status, "\(fromRecords.errorOutput)")
        let plainSummary = try AnydocProcess.decode(IngestSummary.self, from: Data(plain.output.utf8))
        let recordSummary = try AnydocProcess.decode(IngestSummary.self, from: Data(fromRecords.output.utf8))
        #expect(recordSummary.added == 4 && plainSummary.added == 4)
        #expect(recordSummary.failed.map(\.file) == ["docs/broken.docx"] && plainSummary.failed.map(\.file) == ["docs/broken.docx"])
        // The same resources, Markdown and sections.
        let stores = try [ProjectStore(root: tree.path("plain")), ProjectStore(root: tree.path("records"))]
        let contents = try stores.map { store in
            try store.withDatabase { database in
                try database.query("""
                    SELECT r.path, v.markdown_sha256, v.unit_count, v.format, (SELECT group_concat(s.start_offset || ':' || s.length) FROM sections s
                    WHERE s.resource_id = v.resource_id AND s.version = v.number) FROM versions v JOIN resources r ON r.id = v.resource_id ORDER BY r.path
                    """) { row in [row.string(0), row.optionalString(1) ?? "", String(row.optionalInt(2) ?? -1), row.optionalString(3) ?? "", row.optionalString(4) ?? ""].joined(separator: " ") }
            }
        }
        #expect(contents[0].count == 4 && contents[0] == contents[1])
        #expect(try stores[1].verify().isClean)
        // Storing the same records again changes nothing.
        let again = try BatchRun.run(["ingest", "--records", "-", "docs", "--project", "P", "--store", "records", "--json", "--quiet"], in: tree, input: records.output)
        #expect(try AnydocProcess.decode(IngestSummary.self, from: Data(again.output.utf8)).unchanged == 4)
        // A record naming a file outside the folders given is refused, not stored.
        try tree.write("outside.md", "# Outside\n\nprivate\n")
        let foreign = try BatchRun.run(["convert", "--files-from", "-", "--jsonl"], in: tree, input: "outside.md\n")
        let refused = try BatchRun.run(["ingest", "--records", "-", "docs", "--project", "P", "--store", "records", "--json", "--quiet"], in: tree, input: foreign.output)
        let refusedSummary = try AnydocProcess.decode(IngestSummary.self, from: Data(refused.output.utf8))
        #expect(refusedSummary.added == 0 && refusedSummary.failed.contains { $0.file == "outside.md" && $0.code == "denied" }, "\(refused.output)")
        // A search hit's offsets are those of a chunk of the same document.
        let hits = try stores[1].search(in: "P", query: "terns", limit: 5)
        let hit = try #require(hits.first)
        let chunks = try Self.lines(try BatchRun.run(["convert", "docs/notes.md", "--chunks"], in: tree).output)
        #expect(chunks.contains { $0["offset"] as? Int == hit.offset })
    }
}
