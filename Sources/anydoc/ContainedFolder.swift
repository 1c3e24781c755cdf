import AnyDocSwift
import FoundationEssentials
import Glibc

/// An open folder below a root the user named, reached one component at
/// a time without following links, so a link planted inside the output
/// or assets folder cannot send a write anywhere else. The root itself is
/// taken as named (it may be a link the user made on purpose).
final class ContainedFolder: Sendable {
    let descriptor: Int32
    /// The folder's path, for messages.
    let path: String

    init(root: String, relative: String) throws(ConversionError) {
        path = relative.isEmpty ? root : root + "/" + relative
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(root)")
        }
        var current = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw .io("cannot open \(root): \(String(cString: strerror(errno)))") }
        for part in relative.split(separator: "/") where part != "." {
            let name = String(part)
            if mkdirat(current, name, 0o755) != 0 && errno != EEXIST {
                let reason = String(cString: strerror(errno))
                close(current)
                throw .io("cannot create \(path): \(reason)")
            }
            let next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let failure = errno
            close(current)
            guard next >= 0 else {
                let reason = failure == ELOOP || failure == ENOTDIR ? "\(name) is a link or not a folder" : String(cString: strerror(failure))
                throw .io("cannot open \(path): \(reason)")
            }
            current = next
        }
        descriptor = current
    }

    /// Writes `bytes` as `name` in this folder: into a new temporary file
    /// created exclusively (never through a link), then renamed over the
    /// name, which replaces a link there instead of following it.
    func write(_ bytes: [UInt8], as name: String, tracked: Bool = true) throws(ConversionError) {
        let file = try TemporaryFile(in: self, finalName: name, tracked: tracked)
        try file.write(bytes)
        try file.commit()
    }

    /// Removes `relative`, a path below this folder, if it is a regular
    /// file (a stale output). Its folders are opened one at a time
    /// without following links, so a link planted in the output folder
    /// cannot lead the removal anywhere else.
    @discardableResult
    func removeFile(_ relative: String) -> Bool {
        var parts = relative.split(separator: "/").map(String.init)
        guard let name = parts.popLast(), !parts.contains(".."), name != ".." else { return false }
        var current = dup(descriptor)
        guard current >= 0 else { return false }
        defer { close(current) }
        for part in parts where part != "." {
            let next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return false }
            close(current)
            current = next
        }
        var info = stat()
        guard fstatat(current, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return unlinkat(current, name, 0) == 0
    }

    /// Whether `name` exists here (without following a link).
    func contains(_ name: String) -> Bool {
        var info = stat()
        return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0
    }

    deinit { close(descriptor) }
}
