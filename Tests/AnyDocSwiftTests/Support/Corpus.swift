import Foundation

/// The shared real-world corpus beside the project (`../shared/corpus`),
/// read through its MANIFEST.tsv.
enum Corpus {
    struct Entry: Sendable, CustomStringConvertible {
        /// Relative to the corpus folder, e.g. `docx/pandoc_lists.docx`.
        let path: String
        /// The manifest's folder/format column (`docx`, `hostile`, …).
        let format: String
        let bytes: Int
        let note: String

        var url: URL { Corpus.root.appendingPathComponent(path) }
        var fileExtension: String { (path as NSString).pathExtension.lowercased() }
        var description: String { path }

        func read() throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
    }

    /// The project root, found from this file's location.
    static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // AnyDocSwiftTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // project root

    static let root: URL = projectRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// Every manifest row; empty when the corpus is absent.
    static let entries: [Entry] = {
        guard let text = try? String(contentsOf: root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 7 else { return nil }
            return Entry(path: fields[0], format: fields[1], bytes: Int(fields[5]) ?? 0, note: fields[6])
        }
    }()

    static func entries(inFolder folder: String) -> [Entry] {
        entries.filter { $0.format == folder }
    }

    /// A project-made test document from `TestDocuments/`.
    static func testDocument(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: projectRoot.appendingPathComponent("TestDocuments").appendingPathComponent(name)))
    }
}
