import AnyDocSwift
import Glibc

/// Content-addressed files: each object is named by the SHA-256 of its
/// bytes and never changes, so identical bytes are stored once and an
/// object can always be checked against its name.
///
/// Layout: `objects/ab/cdef…` (the first two hex digits pick one of 256
/// folders). Writes go to a temporary file in the same folder, are synced,
/// renamed into place, and the folder is synced, so an object either is
/// complete and durable or does not exist. Every read re-hashes what it
/// read: a flipped bit on disk is reported, never served.
public struct ObjectStore: Sendable {
    /// The folder holding the two-digit object folders.
    public let root: String

    /// With `create` false the folder must exist already.
    public init(root: String, create: Bool = true) throws(ProjectError) {
        self.root = root
        if create {
            try FileSystem.makeFolder(root)
        } else if !FileSystem.isFolder(root) {
            throw .notFound("no object folder at \(root)")
        }
    }

    /// True for exactly 64 lowercase hex digits, the only names objects have.
    public static func isValidHash(_ hash: String) -> Bool {
        hash.utf8.count == 64 && hash.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// Where the object named `hash` is or would be stored; `hash` must be at least two characters.
    public func path(of hash: String) -> String {
        let utf8 = Array(hash.utf8)
        return root + "/" + String(decoding: utf8[0..<2], as: UTF8.self) + "/" + String(decoding: utf8[2...], as: UTF8.self)
    }

    /// Stores `bytes` and returns their hash. Bytes already present intact
    /// are not written again (their file's time is refreshed); a present
    /// file that is damaged is replaced.
    @discardableResult
    public func put(_ bytes: [UInt8]) throws(ProjectError) -> String {
        let hash = SHA256.hex(bytes)
        try put(bytes, hash: hash)
        return hash
    }

    /// Stores bytes whose hash the caller already computed.
    public func put(_ bytes: [UInt8], hash: String) throws(ProjectError) {
        try put(hash: hash) { (descriptor, temporary) throws(ProjectError) in
            try FileSystem.writeAll(descriptor, bytes, path: temporary)
        }
    }

    /// Stores the object named `hash`, its bytes written by `write` to an
    /// open temporary file (whose path it gets for messages); `write`
    /// throws if what it wrote does not match `hash`.
    func put(hash: String, write: (Int32, String) throws(ProjectError) -> Void) throws(ProjectError) {
        let target = path(of: hash)
        if isIntact(hash) {
            _ = utimensat(AT_FDCWD, target, nil, 0)
            return
        }
        let folder = root + "/" + String(hash.prefix(2))
        if try FileSystem.makeFolder(folder) { try FileSystem.syncFolder(root) }
        var template = Array((folder + "/.tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .io("cannot create an object in \(folder): \(FileSystem.lastError)") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            fchmod(descriptor, 0o600)
            try write(descriptor, temporary)
            guard fsync(descriptor) == 0 else { throw ProjectError.io("cannot sync \(temporary): \(FileSystem.lastError)") }
        }
        // Rename over an existing file replaces it whole: it was damaged,
        // or another writer stored the same bytes meanwhile.
        guard rename(temporary, target) == 0 else { throw .io("cannot store object \(hash): \(FileSystem.lastError)") }
        committed = true
        try FileSystem.syncFolder(folder)
    }

    /// True when a file exists under the valid hash `hash`; its bytes are not checked (see `isIntact`).
    public func contains(_ hash: String) -> Bool {
        ObjectStore.isValidHash(hash) && access(path(of: hash), F_OK) == 0
    }

    /// True when the object's file exists and its bytes match its name.
    public func isIntact(_ hash: String) -> Bool {
        ObjectStore.isValidHash(hash) && FileSystem.hashFile(path(of: hash))?.0 == hash
    }

    /// No object this store writes is larger: a source is at most the
    /// converter's input limit, a Markdown text at most its output limit.
    static let maxObjectBytes = 1 << 30

    /// The object's bytes, checked against their hash. With `size`, the
    /// byte count the store recorded, a file of any other size is damage
    /// found before anything is read; without, so is one over
    /// `maxObjectBytes` (a damaged or planted file is never read whole).
    public func get(_ hash: String, size: Int? = nil) throws(ProjectError) -> [UInt8] {
        guard ObjectStore.isValidHash(hash) else { throw .invalidArgument("'\(hash)' is not a SHA-256 hash") }
        let bytes = try FileSystem.read(
            path(of: hash), missing: .corrupt("object \(hash) is missing from the store"), size: size, maxBytes: Self.maxObjectBytes)
        guard SHA256.hex(bytes) == hash else {
            throw .corrupt("object \(hash) is damaged: its bytes no longer match their hash (see 'anydoc store verify --repair')")
        }
        return bytes
    }

    /// How many object files `root` holds, counting no further than
    /// `limit`; nil when there is no such folder.
    static func firstObjects(in root: String, upTo limit: Int) -> Int? {
        guard FileSystem.isFolder(root) else { return nil }
        var count = 0
        for folder in FileSystem.list(root) where folder.utf8.count == 2 {
            for name in FileSystem.list(root + "/" + folder) where isValidHash(folder + name) {
                count += 1
                if count >= limit { return count }
            }
        }
        return count
    }

    /// One stored object file, as a walk over the store finds it.
    public struct Entry: Sendable {
        /// The hash its name spells; nil for a file that is no object.
        public let hash: String?
        /// The file's (or stray folder's) full path.
        public let path: String
        /// Seconds since the file was last written or reused.
        public let age: Double
    }

    /// Every file under the object folders: objects (with their hash), and
    /// anything else (temporary leftovers, strays) with `hash` nil.
    public func entries() -> [Entry] {
        var found: [Entry] = []
        let now = FileSystem.now()
        for folder in FileSystem.list(root).sorted() {
            let folderPath = root + "/" + folder
            guard folder.utf8.count == 2, FileSystem.isFolder(folderPath) else {
                if !folder.hasPrefix(".") || folder.hasPrefix(".tmp-") {
                    found.append(Entry(hash: nil, path: folderPath, age: now - FileSystem.modified(folderPath)))
                }
                continue
            }
            for name in FileSystem.list(folderPath).sorted() {
                let hash = folder + name
                let filePath = folderPath + "/" + name
                found.append(Entry(hash: ObjectStore.isValidHash(hash) ? hash : nil, path: filePath, age: now - FileSystem.modified(filePath)))
            }
        }
        return found
    }
}

/// The few POSIX file operations the store needs, with errors as text.
enum FileSystem {
    static var lastError: String { String(cString: strerror(errno)) }

    /// Creates a private folder (0700) and its parents; true if it was new.
    @discardableResult
    static func makeFolder(_ path: String) throws(ProjectError) -> Bool {
        if mkdir(path, 0o700) == 0 { return true }
        let error = errno
        if error == EEXIST {
            guard isFolder(path) else { throw .io("\(path) exists and is not a folder") }
            return false
        }
        if error == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeFolder(String(path[..<slash]))
            if mkdir(path, 0o700) == 0 || errno == EEXIST { return true }
        }
        throw .io("cannot create folder \(path): \(String(cString: strerror(error)))")
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The size of a file, not following a link; nil when it is absent.
    static func size(_ path: String) -> Int? {
        var info = stat()
        return lstat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// Takes group and other permissions off a folder the store was given:
    /// a store folder made world-writable by hand lets anyone replace its
    /// objects or its database.
    static func makePrivate(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 != 0 else { return }
        chmod(path, info.st_mode & 0o700)
    }

    static func modified(_ path: String) -> Double {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func syncFolder(_ path: String) throws(ProjectError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("cannot open folder \(path): \(lastError)") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .io("cannot sync folder \(path): \(lastError)") }
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(ProjectError) {
        if let failure = bytes.withUnsafeBytes({ POSIXFile.writeAll(descriptor, $0) }) {
            throw .io("cannot write \(path): \(String(cString: strerror(failure)))")
        }
    }

    /// Reads a whole object file. It is opened without blocking and checked
    /// on the open descriptor, so a FIFO or device put in its place is
    /// refused rather than waited on.
    /// With `size`, a file of another size, and past `maxBytes` any file,
    /// is refused as damaged before it is read.
    static func read(_ path: String, missing: ProjectError, size: Int? = nil, maxBytes: Int = .max) throws(ProjectError) -> [UInt8] {
        let descriptor = POSIXFile.openForReading(path)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw missing }
            throw .io("cannot open \(path): \(lastError)")
        }
        defer { close(descriptor) }
        guard let info = POSIXFile.status(descriptor), POSIXFile.isRegular(info) else {
            throw .invalidArgument("\(path) is not a regular file")
        }
        let found = Int(info.st_size)
        if let size, found != size {
            throw .corrupt("\(path) is damaged: \(found) bytes where the store recorded \(size) (see 'anydoc store verify --repair')")
        }
        guard found <= maxBytes else {
            throw .corrupt("\(path) is damaged: \(found) bytes, more than any object of the store (see 'anydoc store verify --repair')")
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(found)
        let limit = min(maxBytes, size ?? maxBytes)
        if let failure = POSIXFile.readChunks(descriptor, chunkSize: 1 << 16, { chunk in
            bytes.append(contentsOf: chunk)
            return bytes.count <= limit
        }) {
            throw .io("cannot read \(path): \(String(cString: strerror(failure)))")
        }
        guard bytes.count <= limit else { throw .corrupt("\(path) is damaged: it grew while it was read") }
        return bytes
    }

    /// Names in a folder, without `.` and `..`; none when it cannot be read.
    static func list(_ path: String) -> [String] { entries(path) ?? [] }

    /// Names in a folder, without `.` and `..`; nil when it cannot be read.
    static func entries(_ path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
