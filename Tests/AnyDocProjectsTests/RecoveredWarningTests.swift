import Foundation
import Testing
@testable import AnyDocProjects

/// A damaged document read in part converts (exit 0) and says it was
/// recovered, in the same words on standard error, in front matter, in a
/// batch report and in the store.
@Suite struct RecoveredWarningTests {
    private static let warning = "damaged part PowerPoint Document stream: no user edit record"

    @Test func recoveredPresentationWarnsEverywhere() throws {
        let fixture = try Fixture()
        let deck = fixture.documents + "/broken-edit.ppt"
        try FileManager.default.copyItem(atPath: Fixture.packageRoot + "/TestDocuments/ppt/broken-edit.ppt", toPath: deck)

        let single = try AnydocProcess.run(["convert", "--front-matter", deck], logsIn: fixture.folder)
        #expect(single.status == 0)
        #expect(single.errorOutput.contains("anydoc: warning: \(deck): \(Self.warning)"), "\(single.errorOutput)")
        #expect(single.output.contains("warnings:\n  - \"\(Self.warning)"))
        #expect(single.output.contains("## Slide 1\n\nLists\n\n- Level one\n"))

        let report = fixture.folder + "/report.jsonl"
        let batch = try AnydocProcess.run(["convert", fixture.documents, "-o", fixture.folder + "/out", "--report", report],
                                          logsIn: fixture.folder)
        #expect(batch.status == 0)
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains(Self.warning))

        let ingest = try AnydocProcess.run(["ingest", fixture.documents, "-p", "P", "--store", fixture.storePath], logsIn: fixture.folder)
        #expect(ingest.status == 0)
        let store = try ProjectStore(root: fixture.storePath)
        #expect(try store.version(of: "broken-edit.ppt", in: "P").warnings?.first?.hasPrefix(Self.warning) == true)
    }
}
