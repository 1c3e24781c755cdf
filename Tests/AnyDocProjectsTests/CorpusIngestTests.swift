import Foundation
import Testing
@testable import AnyDocProjects

/// The whole corpus ingested once through the real executable into a
/// temporary store, shared by the tests that read from it.
///
/// `--ocr never`: recognising the scanned PDFs would take most of the time
/// and is covered by the OCR tests; here the scanned PDFs are still
/// ingested, with whatever text layer they have.
final class CorpusStore: Sendable {
    static let project = "Corpus"
    static let shared = Result { try CorpusStore() }

    let folder: String
    let storePath: String
    /// Every file below the corpus folder, relative to it.
    let files: [String]
    let firstRun: AnydocProcess.Outcome
    let first: IngestSummary

    /// The store holds copies of every corpus document: it goes when the
    /// test process ends.
    private static let temporaryFolder = NSTemporaryDirectory() + "anydoc-corpus-store-" + UUID().uuidString

    private init() throws {
        folder = Self.temporaryFolder
        storePath = folder + "/store"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: CorpusStore.temporaryFolder) }
        files = CorpusFolder.files(below: CorpusFolder.root)
        firstRun = try AnydocProcess.run(
            ["ingest", CorpusFolder.root, "--project", Self.project, "--store", storePath, "--jobs", "2", "--ocr", "never", "--json"],
            logsIn: folder)
        first = try firstRun.decode(IngestSummary.self)
    }

    func anydoc(_ arguments: [String]) throws -> AnydocProcess.Outcome {
        try AnydocProcess.run(arguments + ["--store", storePath], logsIn: folder)
    }

    func store() throws -> ProjectStore { try ProjectStore(root: storePath) }

    static func get() throws -> CorpusStore { try shared.get() }
}

@Suite(.serialized, .enabled(if: CorpusFolder.isPresent, "needs the corpus at ../shared/corpus"))
struct CorpusIngestTests {
    /// The error codes a conversion may fail with; anything else (`io`,
    /// `database`) would be the store's fault, not the document's.
    static let documentErrorCodes: Set<String> = ["unsupported", "malformed", "encrypted", "password_required", "resource_limit", "missing_part"]

    @Test func everyCorpusFileIsConvertedFailedWithAReasonOrSkipped() throws {
        let corpus = try CorpusStore.get()
        let summary = corpus.first
        #expect(corpus.firstRun.status == (summary.failed.isEmpty ? 0 : 1), "\(corpus.firstRun.errorOutput)")
        #expect(corpus.files.count > 400)

        // Each file is accounted for exactly once.
        let root = CorpusFolder.root + "/"
        func relative(_ file: String) -> String { file.hasPrefix(root) ? String(file.dropFirst(root.count)) : file }
        let converted = summary.items.map(\.path)
        let failed = summary.failed.map { relative($0.file) }
        let skipped = summary.skipped.map { relative($0.file) }
        #expect(converted.count + failed.count + skipped.count == corpus.files.count)
        #expect(Set(converted + failed + skipped) == Set(corpus.files))
        #expect(summary.added == converted.count && summary.updated == 0 && summary.unchanged == 0)
        #expect(summary.items.allSatisfy { $0.outcome == .added && $0.version == 1 && $0.file == root + $0.path })
        for failure in summary.failed {
            #expect(Self.documentErrorCodes.contains(failure.code), "\(failure)")
            #expect(!failure.reason.isEmpty, "\(failure)")
        }
        #expect(summary.skipped.allSatisfy { ["hidden", "unsupported extension"].contains($0.reason) })
        // The hostile files that are encrypted or bombs must fail, never be stored.
        for name in ["hostile/gen_zipbomb.docx", "hostile/gen_billion-laughs.docx", "hostile/poi_protected_agile.docx"] {
            #expect(failed.contains(name), "\(name)")
        }

        // The store lists what was added, and checks clean.
        let listed = try corpus.anydoc(["resources", "list", "--project", CorpusStore.project, "--json"]).decode([Resource].self)
        #expect(listed.map(\.path) == converted.sorted())
        let projects = try corpus.anydoc(["projects", "list", "--json"]).decode([Project].self)
        #expect(projects.map(\.name) == [CorpusStore.project] && projects.first?.resourceCount == converted.count)
        let verify = try corpus.anydoc(["store", "verify", "--json"])
        #expect(verify.status == 0, "\(verify.output)")
        let report = try verify.decode(VerifyReport.self)
        #expect(report.databaseCheck == "ok" && report.problems.isEmpty && report.objectsChecked > converted.count)
    }

    @Test func ingestingTheCorpusAgainMakesNoNewVersion() throws {
        let corpus = try CorpusStore.get()
        let again = try corpus.anydoc(["ingest", CorpusFolder.root, "--project", CorpusStore.project, "--jobs", "2", "--ocr", "never", "--json"])
        let summary = try again.decode(IngestSummary.self)
        #expect(summary.added == 0 && summary.updated == 0)
        #expect(summary.unchanged == corpus.first.added)
        #expect(summary.items.allSatisfy { $0.outcome == .unchanged && $0.version == 1 })
        #expect(summary.failed.map(\.file).sorted() == corpus.first.failed.map(\.file).sorted())
        let store = try corpus.store()
        #expect(try store.resources(in: CorpusStore.project, limit: 1000).allSatisfy { $0.latestVersion == 1 })
    }

    @Test func searchFindsKnownWordsPhrasesPrefixesAndChineseAndJapanese() throws {
        let corpus = try CorpusStore.get()
        func search(_ query: String, limit: Int = 10) throws -> [SearchHit] {
            let outcome = try corpus.anydoc(["resources", "search", query, "--project", CorpusStore.project, "--limit", String(limit), "--json"])
            #expect(outcome.status == 0, "\(outcome.errorOutput)")
            return try outcome.decode([SearchHit].self)
        }
        let epub = "epub/gen_idpf_childrens-literature.epub"

        // A phrase, with its heading path and highlighted terms.
        let phrase = try search("\"capital tinder-box\"")
        #expect(phrase.map(\.path) == [epub])
        #expect(phrase.first?.headingPath.last == "THE TINDER-BOX")
        #expect(phrase.first?.snippet.hasPrefix("Now the soldier knew what a <mark>capital tinder-box</mark> this was.") == true)
        // The same words in the other order are not that phrase.
        #expect(try search("\"tinder-box capital\"").isEmpty)
        // All words must match, in any order.
        #expect(try search("tinder-box capital soldier").first?.path == epub)

        // A prefix finds the longer words; the bare stem is no word of the corpus.
        let prefix = try search("bobsl*", limit: 50)
        #expect(prefix.count == 2 && prefix.allSatisfy { $0.path == "epub/kreuzberg_winter_sports.epub" })
        #expect(prefix.contains { $0.snippet.contains("<mark>Bobsleighing</mark> (or bobbing)") })
        #expect(prefix.contains { $0.snippet.contains("(iii) <mark>Bobsleighing</mark> (or bobbing)") })
        #expect(try search("bobsl").isEmpty)

        // The hit's offset opens the document where its section starts.
        let hit = try #require(phrase.first)
        let read = try corpus.anydoc(["resources", "read", hit.path, "--project", CorpusStore.project,
                                      "--offset", String(hit.offset), "--max-chars", String(hit.length), "--json"])
        let slice = try read.decode(ResourceReadOutput.self)
        #expect(slice.text.contains("capital tinder-box"))

        // Chinese: a term of three or more characters uses the trigram index,
        // a two-character word the index of letter pairs.
        let chinese = try search("数据转换工具")
        #expect(chinese.contains { $0.path == "txt/gen_chinese_gb18030.txt" && $0.snippet.contains("<mark>数据转换工具</mark>") })
        #expect(try search("乱码").contains { $0.path == "txt/gen_chinese_gb18030.txt" && $0.snippet.contains("<mark>乱码</mark>") })
        #expect(try search("\"不得出现乱码\"").map(\.path).contains("txt/gen_chinese_gb18030.txt"))
        // Plain words are each optional; joined by AND both must be there.
        #expect(try search("乱码 不存在的词语").contains { $0.path == "txt/gen_chinese_gb18030.txt" })
        #expect(try search("乱码 AND 不存在的词语").isEmpty)

        // Japanese, from the vertical-writing EPUB.
        let japanese = try search("とかくに人の世は住みにくい")
        #expect(japanese.first?.path == "epub/gen_idpf_kusamakura-japanese-vertical-writing.epub")
        #expect(japanese.first?.headingPath == ["草枕", "一"])
    }

    @Test func pagingResourceReadYieldsTheMarkdownExactlyOnce() throws {
        let corpus = try CorpusStore.get()
        let store = try corpus.store()
        let tools = ResourceTools(store: store, defaultProject: CorpusStore.project)
        let documents: [(path: String, bound: Int)] = [
            ("txt/gen_chinese_gb18030.txt", 7),
            ("txt/gen_multilingual_utf8.txt", 13),
            ("pptx/poi_with_japanese.pptx", 37),
            ("xlsx/tika_testEXCEL_phonetic.xlsx", 37),
            ("docx/pandoc_lists.docx", 101),
            ("epub/gen_idpf_kusamakura-japanese-vertical-writing.epub", 4_001),
        ]
        for (path, bound) in documents {
            // The whole Markdown as the command line prints it.
            let whole = try corpus.anydoc(["resources", "read", path, "--project", CorpusStore.project])
            #expect(whole.status == 0, "\(path): \(whole.errorOutput)")
            var text = ""
            var offset: Int? = 0
            var pages = 0
            while let start = offset, pages <= whole.output.unicodeScalars.count {
                let page = try tools.call("resource_read", arguments: ["resource": .string(path), "offset": .int(start), "max_chars": .int(bound)])
                guard case .string(let piece)? = page["text"], case .int(let total)? = page["total_chars"] else {
                    Issue.record("\(path): no text in \(page)")
                    break
                }
                #expect(piece.unicodeScalars.count <= bound && !piece.isEmpty, "\(path) at \(start)")
                #expect(total == whole.output.unicodeScalars.count)
                text += piece
                if case .int(let next)? = page["next_offset"] {
                    #expect(next == start + piece.unicodeScalars.count)
                    offset = next
                } else {
                    #expect(page["next_offset"] == .null)
                    offset = nil
                }
                pages += 1
            }
            #expect(text == whole.output, "\(path)")
            #expect(pages > 1, "\(path)")
        }
    }
}
