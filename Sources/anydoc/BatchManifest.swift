import AnyDocSwift
import FoundationEssentials
import Glibc

/// What the last runs into an output folder found, kept in that folder
/// as `.anydoc-manifest.json`: for each input path, its size and
/// modification time when converted, and the outcome.
///
/// `--incremental` skips an input whose size and modification time
/// (to the nanosecond) are those recorded, with the same output name,
/// and whose Markdown file still exists (or which failed or was skipped
/// last time): a hand edit of the Markdown is kept, a touched or
/// replaced input is converted again.
struct BatchManifest: Codable {
    struct Entry: Codable {
        var size: Int
        var modified: Int64
        var item: BatchItem
    }

    static let fileName = ".anydoc-manifest.json"
    var entries: [String: Entry] = [:]

    static func load(from folder: String) -> BatchManifest {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName),
              let manifest = try? JSONDecoder().decode(BatchManifest.self, from: data) else { return BatchManifest() }
        return manifest
    }

    /// The recorded outcome when `file` has not changed since, else nil.
    func unchanged(_ file: InputFiles.File, output: String, in folder: ContainedFolder?) -> BatchItem? {
        guard let entry = entries[file.path], entry.size == file.size, entry.modified == file.modified,
              entry.item.output == output else { return nil }
        if entry.item.status == .ok, folder?.contains(output) != true { return nil }
        var item = entry.item
        item.previousStatus = entry.item.status
        item.status = .unchanged
        item.milliseconds = 0
        item.bytesIn = file.size
        return item
    }

    /// Whether an earlier run converted the input at `path` into `output`:
    /// only such a file is anydoc's to remove when that input stops
    /// converting.
    func wrote(_ output: String, for path: String) -> Bool {
        guard let entry = entries[path] else { return false }
        return entry.item.output == output && entry.item.status == .ok
    }

    mutating func record(_ item: BatchItem, for file: InputFiles.File) {
        guard item.status != .unchanged, file.path != "-" else { return }
        entries[file.path] = Entry(size: file.size, modified: file.modified, item: item)
    }

    /// Writes the manifest into the output folder, replacing it whole.
    func save(in folder: ContainedFolder) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        try? folder.write([UInt8](data), as: Self.fileName, tracked: false)
    }
}
