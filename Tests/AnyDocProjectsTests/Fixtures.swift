import Foundation
@testable import AnyDocProjects

/// Temporary folders of documents and stores, removed when the test ends.
final class Fixture: Sendable {
    let folder: String
    let documents: String
    let storePath: String

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let corpus = packageRoot + "/../shared/corpus"
    static let chineseFile = corpus + "/txt/gen_chinese_gb18030.txt"
    static var hasChinese: Bool { FileManager.default.fileExists(atPath: chineseFile) }

    init() throws {
        folder = NSTemporaryDirectory() + "anydoc-projects-" + UUID().uuidString
        documents = folder + "/docs"
        storePath = folder + "/store"
        try FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Copies project documents (paths below TestDocuments) and, when the
    /// corpus is beside the checkout, the Chinese text file.
    func copyDocuments(_ names: [String] = ["docx/headings-formatting.docx", "sample-inventory.csv", "pptx/titles-order.pptx", "xlsx/sheets.xlsx"], chinese: Bool = true) throws {
        for name in names {
            let target = documents + "/" + (name as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: Self.packageRoot + "/TestDocuments/" + name, toPath: target)
        }
        if chinese && Self.hasChinese {
            try FileManager.default.copyItem(atPath: Self.chineseFile, toPath: documents + "/chinese.txt")
        }
    }

    func write(_ relativePath: String, _ text: String) throws {
        let path = documents + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func store() throws -> ProjectStore { try ProjectStore(root: storePath) }
}

let guideMarkdown = """
    # Field Guide

    Intro text about the expedition.

    ## Birds of the Coast

    The common kingfisher dives for fish along quiet rivers.

    ## Café Notes

    A crème brûlée recipe sits beside notes on photosynthesis and photography.

    ```sh
    # not a heading inside code
    echo fenced
    ```

    <!-- page 2 -->

    Mountain weather changes quickly above the tree line.
    """
