import Foundation
import Testing

/// Poppler and Tesseract are loaded on first use: a process that converts a
/// DOCX never maps them (nor cairo, GLib or Leptonica), and one that reads a
/// PDF or an image maps them when it needs them. Seen through the dynamic
/// loader's own log (`LD_DEBUG=files`), which names every object it loads.
@Suite struct LazyLibraryTests {
    /// The shared objects the loader reported loading while `anydoc` ran.
    private func loadedLibraries(converting source: String, as name: String) throws -> [String] {
        let tree = try BatchTree()
        try tree.copy(source, to: name)
        let binary = try #require(AnydocProcess.executable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["convert", tree.path(name), "-o", tree.path("out.md")]
        process.environment = ProcessInfo.processInfo.environment.merging(["LD_DEBUG": "files"]) { $1 }
        let log = Pipe()
        process.standardError = log
        try process.run()
        let text = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text.suffix(400))")
        return text.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " && $0 != "\t" && $0 != ";" })
        }
    }

    private let pdfLibraries = ["libpoppler", "libcairo", "libglib-2.0", "libtesseract", "liblept"]

    @Test func convertingADocxLoadsNeitherPopplerNorTesseract() throws {
        let loaded = try loadedLibraries(converting: "docx/lists.docx", as: "x.docx")
        #expect(!loaded.isEmpty, "LD_DEBUG reported no libraries at all")
        let heavy = loaded.filter { library in pdfLibraries.contains { library.hasPrefix($0) } }
        #expect(heavy.isEmpty, "\(heavy)")
    }

    @Test func convertingAPdfLoadsPopplerWhenItIsNeeded() throws {
        let loaded = try loadedLibraries(converting: "pdf/headings.pdf", as: "x.pdf")
        #expect(loaded.contains { $0.hasPrefix("libpoppler-glib") }, "\(loaded)")
        #expect(!loaded.contains { $0.hasPrefix("libtesseract") }, "a text PDF needs no OCR")
    }

    @Test func convertingAnImageLoadsTesseract() throws {
        let loaded = try loadedLibraries(converting: "images/ocr-chinese.png", as: "x.png")
        #expect(loaded.contains { $0.hasPrefix("libtesseract") }, "\(loaded)")
        #expect(!loaded.contains { $0.hasPrefix("libpoppler") })
    }
}
