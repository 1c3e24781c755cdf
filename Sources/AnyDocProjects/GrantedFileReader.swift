import AnyDocSwift
import FoundationEssentials
import Glibc

/// Reads a file for the MCP `convert` tool, and only a regular file inside
/// the granted folders.
///
/// The path is resolved (links, `.`, `..`) and checked against the roots;
/// `/proc`, `/sys` and anything but a regular file are refused after an
/// `lstat`, before any open. The open itself uses `O_NOFOLLOW|O_NONBLOCK`
/// (a FIFO swapped in cannot block it, a link swapped in fails it), and the
/// opened descriptor is checked again (`fstat`: a regular file not on the
/// /proc or /sys device; and the path the kernel says it has), so a file or
/// folder changed between the check and the open is never read.
struct GrantedFileReader {
    let folders: GrantedFolders
    let maxBytes: Int

    /// The devices of /proc and /sys: a descriptor on either is refused
    /// whatever path led to it.
    private static let pseudoFileSystemDevices: Set<UInt64> = Set(["/proc", "/sys"].compactMap { path in
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_dev) : nil
    })

    func read(_ path: String) throws(ProjectError) -> [UInt8] {
        let real = try resolve(path)
        let descriptor = try open(real, shownAs: path)
        defer { close(descriptor) }
        let size = try checkOpened(descriptor, shownAs: path)
        return try readAll(descriptor, expected: size, shownAs: path)
    }

    /// The real path, once it is known to lie in a root and to be a
    /// regular file outside /proc and /sys.
    func resolve(_ path: String) throws(ProjectError) -> String {
        try SafeName.check(path, what: "a path")
        guard !path.isEmpty else { throw ProjectError.invalidArgument("the path is empty") }
        let shown = SafeName.escaped(path)
        guard let real = GrantedFolders.realPath(path) else {
            let reason = String(cString: strerror(errno))
            // Outside the roots, whether a path exists is not ours to say.
            guard missingPathStaysInside(path) else { throw denied(shown) }
            throw ProjectError.io("cannot open '\(shown)': \(reason)")
        }
        guard folders.contains(resolved: real) else { throw denied(shown) }
        if Self.isPseudoFileSystemPath(real) {
            throw ProjectError.denied("'\(shown)' is in /proc or /sys, which this server never reads")
        }
        var info = stat()
        guard lstat(real, &info) == 0 else { throw ProjectError.io("cannot open '\(shown)': \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw ProjectError.denied("'\(shown)' is \(Self.kind(info.st_mode)), not a regular file")
        }
        return real
    }

    /// Whether a path that does not resolve would lie in a root: its
    /// longest leading part that exists, resolved as the kernel resolves
    /// it (links followed), is in a root, and the missing rest cannot
    /// climb out (`..`). Judging the path as written instead let a link in
    /// a root to `/` tell which files outside exist.
    private func missingPathStaysInside(_ path: String) -> Bool {
        guard let (real, rest) = ResolvedPath.existingPrefix(of: path), let missing = rest.first else { return false }
        // The first part that does not resolve must not exist at all: a
        // dangling link there points anywhere.
        var info = stat()
        guard lstat((real == "/" ? "" : real) + "/" + missing, &info) != 0 else { return false }
        return folders.contains(resolved: real) && !rest.contains("..")
    }

    private func open(_ real: String, shownAs path: String) throws(ProjectError) -> Int32 {
        let descriptor = POSIXFile.openForReading(real, followLinks: false)
        guard descriptor >= 0 else {
            throw ProjectError.io("cannot open '\(SafeName.escaped(path))': \(String(cString: strerror(errno)))")
        }
        return descriptor
    }

    /// The opened file's size, once the descriptor is known to be what was
    /// checked: a regular file, not on /proc or /sys, still inside a root.
    private func checkOpened(_ descriptor: Int32, shownAs path: String) throws(ProjectError) -> Int {
        let shown = SafeName.escaped(path)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ProjectError.io("cannot stat '\(shown)': \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw ProjectError.denied("'\(shown)' is \(Self.kind(info.st_mode)), not a regular file")
        }
        guard !Self.pseudoFileSystemDevices.contains(UInt64(info.st_dev)) else {
            throw ProjectError.denied("'\(shown)' is in /proc or /sys, which this server never reads")
        }
        guard let opened = Self.openedPath(descriptor), folders.contains(resolved: opened), !Self.isPseudoFileSystemPath(opened) else {
            throw ProjectError.denied("'\(shown)' changed while it was opened and now lies outside the granted folders")
        }
        guard Int(info.st_size) <= maxBytes else {
            throw ProjectError.invalidArgument("'\(shown)' is \(info.st_size) bytes, over the \(maxBytes)-byte limit")
        }
        return Int(info.st_size)
    }

    private func readAll(_ descriptor: Int32, expected: Int, shownAs path: String) throws(ProjectError) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunkSize = max(min(expected + 1, maxBytes + 1), 1 << 16)
        let failure = try POSIXFile.readChunks(descriptor, chunkSize: chunkSize) { (chunk) throws(ProjectError) -> Bool in
            bytes += chunk
            if bytes.count > maxBytes {
                throw ProjectError.invalidArgument("'\(SafeName.escaped(path))' is over the \(maxBytes)-byte limit")
            }
            return true
        }
        if let failure {
            throw ProjectError.io("cannot read '\(SafeName.escaped(path))': \(String(cString: strerror(failure)))")
        }
        return bytes
    }

    private func denied(_ shown: String) -> ProjectError {
        .denied("'\(shown)' is outside the folders this server may read (granted with anydoc mcp --allow)")
    }

    static func isPseudoFileSystemPath(_ real: String) -> Bool {
        ["/proc", "/sys"].contains { real == $0 || real.hasPrefix($0 + "/") }
    }

    /// Where the kernel says an open descriptor's file is.
    static func openedPath(_ descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}
