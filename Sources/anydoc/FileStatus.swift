import AnyDocSwift
import Glibc

/// What `lstat`/`stat` say about a path, in the terms the walk needs.
struct FileStatus {
    let info: stat

    init?(path: String, followingLinks: Bool) {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return nil }
        self.info = info
    }

    private var type: mode_t { info.st_mode & S_IFMT }
    var isFolder: Bool { type == S_IFDIR }
    var isRegular: Bool { type == S_IFREG }
    var isLink: Bool { type == S_IFLNK }
    var identity: FileIdentity { FileIdentity(info) }
    var size: Int { Int(info.st_size) }
    /// Modification time in nanoseconds since the epoch.
    var modified: Int64 { Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec) }

    /// What a file that is not regular is, for the reason it is skipped.
    var kindName: String {
        switch type {
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }
}

/// The canonical absolute path of an existing path, links resolved.
func realPath(_ path: String) -> String? { ResolvedPath.real(path) }

/// True when `path` is `root` or below it (both canonical).
func isInside(_ path: String, root: String) -> Bool {
    path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
}

/// Where `path` is or would be: its longest leading part that exists,
/// resolved (links followed), with the rest appended as written (`.`
/// dropped, `..` taking a part off). A part that does not exist cannot be
/// a link, so this is where a file created at `path` would be.
func resolvedLocation(_ path: String) -> String {
    guard let (real, rest) = ResolvedPath.existingPrefix(of: path) else { return path }
    var location = real.split(separator: "/").map(String.init)
    for part in rest where part != "." {
        if part == ".." { _ = location.popLast() } else { location.append(part) }
    }
    return "/" + location.joined(separator: "/")
}
