import Foundation
import Testing

/// Poppler, Tesseract and SQLite are loaded on first use: a process that
/// converts a DOCX never maps them (nor cairo, GLib or Leptonica), one that
/// reads a PDF or an image maps Poppler or Tesseract when it needs them, and
/// only the store commands map SQLite. Seen through the dynamic
/// loader's own log (`LD_DEBUG=files`), which names every object it loads.
@Suite struct LazyLibraryTests {
    /// The shared objects the loader reported loading while `anydoc` ran.
    private func loadedLibraries(converting source: String, as name: String) throws -> [String] {
        let tree = try BatchTree()
        try tree.copy(source, to: name)
        return try loadedLibraries(running: ["convert", tree.path(name), "-o", tree.path("out.md")])
    }

    /// The shared objects the loader reported loading while `anydoc arguments…` ran.
    private func loadedLibraries(running arguments: [String]) throws -> [String] {
        let binary = try #require(AnydocProcess.executable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
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

    /// The command line carries the Swift runtime and FoundationEssentials
    /// inside itself (linked statically): resolving them as shared
    /// libraries cost a few milliseconds on every start.
    @Test func theCommandLineLoadsNoSwiftRuntimeLibrary() throws {
        let loaded = try loadedLibraries(converting: "docx/lists.docx", as: "x.docx")
        #expect(!loaded.isEmpty, "LD_DEBUG reported no libraries at all")
        let swift = loaded.filter { library in
            let name = library.split(separator: "/").last.map(String.init) ?? library
            return name.hasPrefix("libswift") || name.hasPrefix("libFoundation") || name.hasPrefix("libdispatch")
        }
        #expect(swift.isEmpty, "\(swift)")
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

    private func mapsSQLite(_ loaded: [String]) -> Bool { loaded.contains { $0.hasPrefix("libsqlite3") } }

    @Test func printingTheVersionDoesNotLoadSQLite() throws {
        let loaded = try loadedLibraries(running: ["--version"])
        #expect(!loaded.isEmpty, "LD_DEBUG reported no libraries at all")
        #expect(!mapsSQLite(loaded), "\(loaded)")
    }

    @Test func convertingADocxDoesNotLoadSQLite() throws {
        let loaded = try loadedLibraries(converting: "docx/lists.docx", as: "x.docx")
        #expect(!loaded.isEmpty, "LD_DEBUG reported no libraries at all")
        #expect(!mapsSQLite(loaded), "\(loaded)")
    }

    @Test func ingestingLoadsSQLite() throws {
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "docs/x.docx")
        let loaded = try loadedLibraries(running: ["ingest", tree.path("docs"), "--project", "P", "--store", tree.path("store"), "--quiet"])
        #expect(mapsSQLite(loaded), "\(loaded)")
        #expect(tree.exists("store/store.sqlite"))
    }

    /// libsqlite3 as the loader finds it, and `unshare` to hide it in a
    /// private mount namespace (root only); nil where that cannot be done.
    static let sqliteHiding: (library: String, unshare: String)? = {
        guard getuid() == 0, let unshare = AnydocProcess.findProgram("unshare") else { return nil }
        let library = URL(fileURLWithPath: "/lib/x86_64-linux-gnu/libsqlite3.so.0").resolvingSymlinksInPath().path
        return FileManager.default.fileExists(atPath: library) ? (library, unshare) : nil
    }()

    /// Without libsqlite3, a store command fails with a usable message,
    /// not a crash in the half-opened connection's clean-up.
    @Test(.enabled(if: sqliteHiding != nil)) func aStoreCommandWithoutSQLiteSaysItIsNotInstalled() throws {
        let (library, unshare) = try #require(Self.sqliteHiding)
        let binary = try #require(AnydocProcess.executable)
        let tree = try BatchTree()
        try tree.copy("docx/lists.docx", to: "docs/x.docx")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: unshare)
        process.arguments = ["-m", "sh", "-c", "mount --bind /dev/null \"$1\" && exec \"$2\" ingest \"$3\" --project P --store \"$4\"",
                             "sh", library, binary, tree.path("docs"), tree.path("store")]
        let log = Pipe()
        process.standardError = log
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(text)")
        #expect(text.contains("SQLite is not installed: "), "\(text)")
    }
}
