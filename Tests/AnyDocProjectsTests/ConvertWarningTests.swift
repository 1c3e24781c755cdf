import Foundation
import Testing
@testable import AnyDocProjects

/// `anydoc convert` tells standard error when a document with content
/// gave no text, while the exit status stays 0 (the conversion worked).
@Suite struct ConvertWarningTests {
    @Test func emptyResultIsReportedOnStandardError() throws {
        let folder = NSTemporaryDirectory() + "anydoc-warnings-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = folder + "/page.html"
        try Data("<html><body><script>var x = 1;</script></body></html>".utf8).write(to: URL(fileURLWithPath: page))

        let outcome = try AnydocProcess.run(["convert", "--front-matter", page], logsIn: folder)
        #expect(outcome.status == 0)
        #expect(outcome.errorOutput.contains("anydoc: warning: \(page): no text was found in this HTML document"))
        #expect(outcome.output.contains("warnings:\n  - \"no text was found"))
    }

    /// In a batch the warning is in the summary and the report, and an
    /// ingest names it in its summary and JSON.
    @Test func emptyResultIsReportedByBatchesAndIngests() throws {
        let fixture = try Fixture()
        try fixture.write("page.html", "<html><body><script>var x = 1;</script></body></html>")
        try fixture.write("text.md", "# Fine\n\nWords.\n")
        let report = fixture.folder + "/report.jsonl"
        let batch = try AnydocProcess.run(["convert", fixture.documents, "-o", fixture.folder + "/out", "--report", report],
                                          logsIn: fixture.folder)
        #expect(batch.status == 0)
        #expect(batch.errorOutput.contains("Warnings:\n  \(fixture.documents)/page.html: no text was found"), "\(batch.errorOutput)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("no text was found"))

        let ingest = try AnydocProcess.run(["ingest", fixture.documents, "-p", "P", "--store", fixture.storePath], logsIn: fixture.folder)
        #expect(ingest.status == 0)
        #expect(ingest.errorOutput.contains("warning \(fixture.documents)/page.html: no text was found"), "\(ingest.errorOutput)")
        let json = try AnydocProcess.run(["ingest", fixture.documents, "-p", "Q", "--store", fixture.storePath, "--json"], logsIn: fixture.folder)
        let summary = try json.decode(IngestSummary.self)
        #expect(summary.items.first { $0.path == "page.html" }?.warnings?.first?.hasPrefix("no text was found") == true)

        // The store keeps the warning with the version: a later reader is told.
        let read = try AnydocProcess.run(["resources", "read", "page.html", "-p", "P", "--store", fixture.storePath], logsIn: fixture.folder)
        #expect(read.status == 0 && read.errorOutput.contains("anydoc: warning: page.html@v1: no text was found"), "\(read.errorOutput)")
        let store = try ProjectStore(root: fixture.storePath)
        let tool = try ResourceTools(store: store, defaultProject: "P").resourceRead(ResourceReadInput(resource: "page.html"))
        #expect(tool.warnings?.first?.hasPrefix("no text was found") == true)
        #expect(try store.version(of: "text.md", in: "P").warnings == nil)
    }

    /// A recovered document warns in one form everywhere: standard error,
    /// front matter, the batch report and the stored version.
    @Test func damagedPartIsReportedEverywhere() throws {
        let fixture = try Fixture()
        try FileManager.default.copyItem(
            atPath: Fixture.packageRoot + "/TestDocuments/docx/malformed-body.docx", toPath: fixture.documents + "/report.docx")
        let path = fixture.documents + "/report.docx"
        let warning = "damaged part word/document.xml: XML is not well formed"

        let single = try AnydocProcess.run(["convert", "--front-matter", path], logsIn: fixture.folder)
        #expect(single.status == 0)
        #expect(single.errorOutput.contains("anydoc: warning: \(path): \(warning)"), "\(single.errorOutput)")
        #expect(single.output.contains("warnings:\n  - \"\(warning)"), "\(single.output)")
        #expect(single.output.contains("Text after the damage is kept."))

        let report = fixture.folder + "/report.jsonl"
        let batch = try AnydocProcess.run(["convert", fixture.documents, "-o", fixture.folder + "/out", "--report", report],
                                          logsIn: fixture.folder)
        #expect(batch.status == 0)
        #expect(batch.errorOutput.contains("\(path): \(warning)"), "\(batch.errorOutput)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains(warning))

        let ingest = try AnydocProcess.run(["ingest", fixture.documents, "-p", "P", "--store", fixture.storePath], logsIn: fixture.folder)
        #expect(ingest.status == 0)
        let stored = try ProjectStore(root: fixture.storePath).version(of: "report.docx", in: "P").warnings ?? []
        #expect(stored.count == 1 && stored[0].hasPrefix(warning), "\(stored)")
    }
}
