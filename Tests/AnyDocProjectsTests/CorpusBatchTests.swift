import Foundation
import Testing

/// The whole corpus converted twice into one folder, as a nightly job
/// would: the second run converts nothing, and every image link of every
/// output resolves.
@Suite(.enabled(if: CorpusFolder.isPresent, "needs the corpus at ../shared/corpus"))
struct CorpusBatchTests {
    @Test func aSecondIncrementalRunConvertsNothingAndEveryImageLinkResolves() throws {
        let tree = try BatchTree()
        let arguments = ["convert", CorpusFolder.root, "-o", "out", "--assets", "out/assets", "--incremental",
                         "--ocr", "never", "--jobs", "2", "--quiet"]
        let first = try BatchRun.run(arguments + ["--report", "first.jsonl"], in: tree, seconds: 900)
        #expect(!first.timedOut)
        let firstReport = try tree.report("first.jsonl")
        let inputs = CorpusFolder.files(below: CorpusFolder.root).filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
        #expect(firstReport.count == inputs.count, "one line per input")
        #expect(firstReport.contains { $0["status"] as? String == "ok" })

        let second = try BatchRun.run(arguments + ["--report", "second.jsonl"], in: tree, seconds: 300)
        let secondReport = try tree.report("second.jsonl")
        #expect(secondReport.count == inputs.count)
        let changed = secondReport.filter { $0["status"] as? String != "unchanged" }
        #expect(changed.isEmpty, "\(changed.prefix(5))")
        // Inputs that failed the first time still fail: said, not hidden.
        #expect(second.status == first.status)

        let outputs = tree.files(below: "out").filter { $0.hasSuffix(".md") && !$0.hasPrefix("assets/") }
        let converted = firstReport.filter { $0["status"] as? String == "ok" }
        #expect(outputs.count == converted.count)
        var linked = 0
        for line in converted {
            let output = try #require(line["output"] as? String), source = try #require(line["path"] as? String)
            let path = tree.path("out/" + output)
            linked += ImageLinks.local(in: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "").count
            // A link the document itself makes to a file that is not beside
            // it (the corpus keeps documents, not the pictures web pages
            // and READMEs refer to) cannot resolve from anywhere.
            // Nor can a web page's link from its site's root (`/static/…`).
            let sourceFolder = (source as NSString).deletingLastPathComponent
            let outputFolder = (path as NSString).deletingLastPathComponent
            let assets = URL(fileURLWithPath: tree.path("out/assets")).standardized.path + "/"
            let broken = ImageLinks.broken(inFileAt: path).filter { link in
                guard !link.hasPrefix("/") else { return false }
                let written = URL(fileURLWithPath: outputFolder + "/" + link).standardized.path.hasPrefix(assets)
                return written || FileManager.default.fileExists(atPath: sourceFolder + "/" + link)
            }
            #expect(broken.isEmpty, "\(output): \(broken)")
        }
        #expect(linked > 50, "the corpus has embedded images to link: \(linked)")
    }
}
