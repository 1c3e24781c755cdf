import AnyDocSwift
import Glibc

/// The files of the folders and files given to an ingest, found without
/// ever opening anything but a folder: a symbolic link is followed only
/// when it stays inside the folder being ingested (a cloned repository can
/// carry a link to `/etc/shadow`), each real folder is entered once, and
/// FIFOs, sockets and devices are reported, not read.
struct SourceTree {
    private(set) var inputs: [Ingestion.Input] = []
    private(set) var skipped: [IngestSummary.Skipped] = []
    private(set) var failed: [IngestSummary.Failure] = []
    private var visited = Set<[UInt64]>()

    init(_ paths: [String]) {
        for path in paths { add(path) }
    }

    private mutating func add(_ given: String) {
        var path = given
        while path.utf8.count > 1 && path.hasSuffix("/") { path.removeLast() }
        // A path the user named is followed even when it is a link.
        var info = stat()
        guard stat(path, &info) == 0 else {
            failed.append(.init(file: given, error: .io("no such file or folder, or not readable")))
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard let root = Self.realPath(path) else {
                failed.append(.init(file: given, error: .io("cannot resolve the folder: \(FileSystem.lastError)")))
                return
            }
            walk(path, root: root, relative: "", info: info)
        case S_IFREG:
            var input = Ingestion.Input(file: path, path: path.split(separator: "/").last.map(String.init) ?? path)
            input.expected = FileIdentity(info)
            inputs.append(input)
        default:
            skipped.append(.init(file: given, reason: Self.notRegular(info)))
        }
    }

    private mutating func walk(_ folder: String, root: String, relative: String, info: stat) {
        guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else {
            skipped.append(.init(file: folder, reason: "a folder already ingested through another path"))
            return
        }
        guard let names = FileSystem.entries(folder)?.sorted() else {
            failed.append(.init(file: folder, error: .io("cannot read the folder: \(FileSystem.lastError)")))
            return
        }
        for name in names {
            let file = folder + "/" + name
            if name.hasPrefix(".") {
                skipped.append(.init(file: file, reason: "hidden"))
                continue
            }
            visit(file, name: name, root: root, relative: relative.isEmpty ? name : relative + "/" + name)
        }
    }

    private mutating func visit(_ file: String, name: String, root: String, relative: String) {
        var info = stat()
        guard lstat(file, &info) == 0 else {
            failed.append(.init(file: file, error: .io("cannot read: \(FileSystem.lastError)")))
            return
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let target = Self.realPath(file), stat(file, &info) == 0 else {
                skipped.append(.init(file: file, reason: "a symbolic link to nothing"))
                return
            }
            guard Self.isInside(target, root) else {
                skipped.append(.init(file: file, reason: "a symbolic link to \(target), outside the ingested folder"))
                return
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            walk(file, root: root, relative: relative, info: info)
        case S_IFREG:
            if let dot = name.lastIndex(of: "."), DocumentFormat(fileExtension: String(name[name.index(after: dot)...])) != nil {
                var input = Ingestion.Input(file: file, path: relative)
                input.expected = FileIdentity(info)
                inputs.append(input)
            } else {
                skipped.append(.init(file: file, reason: "unsupported extension"))
            }
        default:
            skipped.append(.init(file: file, reason: Self.notRegular(info)))
        }
    }

    static func notRegular(_ info: stat) -> String {
        let kind = switch info.st_mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "special"
        }
        return "not a regular file (\(kind)); not opened"
    }

    static func realPath(_ path: String) -> String? { ResolvedPath.real(path) }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
