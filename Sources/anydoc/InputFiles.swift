import AnyDocSwift
import FoundationEssentials
import Glibc

/// The documents a command works on: files named directly or listed with
/// `--files-from`, and the regular files found by walking named folders
/// (see `FolderWalker` for what a walk takes and leaves).
struct InputFiles {
    struct File {
        /// The path to read.
        let path: String
        /// The path below the named folder, used to mirror the tree.
        let relativePath: String
        /// Size and modification time (ns) when found, for `--incremental`.
        var size = 0
        var modified: Int64 = 0
        /// False for a FIFO, socket or device named directly: a batch
        /// skips it, a single conversion reads it like `cat` would.
        var isRegular = true
        /// The file found here: another one put in its place before it is
        /// read (a link out of the folder, say) is refused.
        var identity: FileIdentity?
    }

    /// How the inputs are gathered.
    struct Selection {
        var followLinks = false
        /// When set, only files with these extensions (lowercased) are taken.
        var extensions: Set<String>?
        /// Folders never read as input: the output and assets folders.
        var excluded: Set<FileIdentity> = []
    }

    var files: [File] = []
    /// Files left out, each with the reason.
    var skipped: [(path: String, reason: String)] = []
    /// Things worth telling that are not failures (links followed out).
    var notes: [String] = []
    /// True when a folder was named, so the output must mirror a tree.
    var cameFromFolder = false

    init(paths: [String], listed: [String] = [], selection: Selection = Selection()) throws {
        for path in paths { try add(path, relativePath: PathName.last(path), selection: selection) }
        for path in listed { try add(path, relativePath: Self.contained(path), selection: selection) }
        if !listed.isEmpty { cameFromFolder = true }
    }

    private mutating func add(_ path: String, relativePath: String, selection: Selection) throws {
        if path == "-" {
            files.append(File(path: path, relativePath: "stdin"))
            return
        }
        guard let status = FileStatus(path: path, followingLinks: true) else {
            throw UsageError("no such file or folder: \(path)")
        }
        if status.isFolder {
            cameFromFolder = true
            if selection.excluded.contains(status.identity) {
                throw UsageError("\(path) is the output or assets folder; choose one outside the inputs")
            }
            var walker = FolderWalker(followLinks: selection.followLinks, excluded: selection.excluded)
            walker.walk(root: path)
            for found in walker.found { take(found.path, found.relativePath, found.status, selection) }
            skipped += walker.skipped
            notes += walker.notes
        } else {
            take(path, relativePath, status, selection)
        }
    }

    private mutating func take(_ path: String, _ relativePath: String, _ status: FileStatus, _ selection: Selection) {
        if let extensions = selection.extensions, !extensions.contains(PathName.extension(path).lowercased()) {
            skipped.append((path, "extension not among --extensions"))
            return
        }
        files.append(File(
            path: path, relativePath: relativePath, size: status.size, modified: status.modified, isRegular: status.isRegular,
            identity: status.identity))
    }

    /// A listed path as a relative path that stays inside the output
    /// folder: no leading `/`, no `.`, and `..` written as `__`.
    static func contained(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }.map { $0 == ".." ? "__" : String($0) }
        return parts.isEmpty ? "input" : parts.joined(separator: "/")
    }
}
