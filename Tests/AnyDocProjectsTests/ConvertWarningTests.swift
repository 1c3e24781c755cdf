import Foundation
import Testing

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
}
