import AnyDocSwift
import Glibc

/// Walks a folder tree the way an untrusted tree must be walked: entries
/// are looked at with `lstat`, only regular files are taken, every real
/// folder (device and inode) is entered at most once, links to folders
/// are followed only when asked, and links that lead out of the root are
/// reported. Hidden names and the `excluded` folders (the output and
/// assets folders) are left out.
struct FolderWalker {
    struct Found {
        var path: String
        var relativePath: String
        var status: FileStatus
    }

    let followLinks: Bool
    let excluded: Set<FileIdentity>
    private(set) var found: [Found] = []
    private(set) var skipped: [(path: String, reason: String)] = []
    private(set) var notes: [String] = []
    private var visited: Set<FileIdentity> = []
    private var root = ""

    init(followLinks: Bool, excluded: Set<FileIdentity>) {
        self.followLinks = followLinks
        self.excluded = excluded
    }

    mutating func walk(root folder: String) {
        guard let status = FileStatus(path: folder, followingLinks: true) else { return }
        root = realPath(folder) ?? folder
        enter(folder, relative: "", status: status)
    }

    private mutating func enter(_ folder: String, relative: String, status: FileStatus) {
        if excluded.contains(status.identity) { return }
        guard visited.insert(status.identity).inserted else {
            skipped.append((folder, "folder already walked (a link loop or a second link to it)"))
            return
        }
        guard let names = Self.names(in: folder) else {
            skipped.append((folder, "cannot list the folder: \(String(cString: strerror(errno)))"))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            visit(path, relative: relative.isEmpty ? name : relative + "/" + name)
        }
    }

    private mutating func visit(_ path: String, relative: String) {
        guard var status = FileStatus(path: path, followingLinks: false) else {
            skipped.append((path, "cannot read its status: \(String(cString: strerror(errno)))"))
            return
        }
        if status.isLink {
            guard let target = FileStatus(path: path, followingLinks: true) else {
                skipped.append((path, "broken symbolic link"))
                return
            }
            let destination = realPath(path) ?? path
            let leavesRoot = !isInside(destination, root: root)
            if leavesRoot && !followLinks {
                skipped.append((path, "link leaves the input folder (to \(destination)), not followed (--follow-links follows it)"))
                return
            }
            if target.isFolder && !followLinks {
                skipped.append((path, "link to a folder, not followed (--follow-links follows it)"))
                return
            }
            if leavesRoot { notes.append("\(path): link leaves the input folder (to \(destination)), followed") }
            status = target
        }
        if status.isFolder {
            enter(path, relative: relative, status: status)
        } else if status.isRegular {
            found.append(Found(path: path, relativePath: relative, status: status))
        } else {
            skipped.append((path, "\(status.kindName), not a regular file"))
        }
    }

    /// The names in a folder, sorted so runs are repeatable.
    static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
