#if canImport(Glibc)
import Glibc
#endif
import AnyDocSwift

/// What an ingest stores as a document's source: bytes a host handed
/// over, or a file read in blocks, so that a large file never sits in
/// memory whole (its Markdown still does, for sections and search).
///
/// A file is opened once. It is hashed, converted and copied into the
/// object store from that one descriptor, and each pass checks that the
/// file was not rewritten meanwhile, so the stored source is always the
/// one the Markdown was made from and the one its hash names.
enum IngestSource {
    case bytes([UInt8])
    case file(InputFile)

    /// Opens the regular file at `path` (never blocking on a FIFO put in
    /// its place), refusing one over `maxBytes`, and one other than
    /// `expected` when a walk found the file.
    static func open(_ path: String, maxBytes: Int, expected: FileIdentity? = nil) throws(ConversionError) -> IngestSource {
        do {
            let file = try InputFile(path: path, regularOnly: true, expected: expected)
            try file.checkSize(maxBytes: maxBytes)
            return .file(file)
        } catch {
            throw error.naming(path)
        }
    }

    /// The source's size in bytes.
    var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .file(let file): file.size
        }
    }

    /// The SHA-256 of the whole source, a file read block by block.
    func sha256() throws(ConversionError) -> String {
        switch self {
        case .bytes(let bytes):
            return SHA256.hex(bytes)
        case .file(let file):
            var hasher = SHA256()
            do {
                try file.forEachBlock { block in hasher.update(block) }
            } catch {
                throw error.naming(file.path)
            }
            return hasher.finalizeHex()
        }
    }

    /// Converts the source into `sink`; `fileName` only breaks detection
    /// ties for bytes (a file is named by its own path).
    func convert(_ converter: AnyDocConverter, fileName: String, into sink: DocumentSink) throws(ConversionError) -> DocumentFormat {
        switch self {
        case .bytes(let bytes):
            return try converter.convert(bytes, fileName: fileName, into: sink)
        case .file(let file):
            let format = try converter.convert(file, into: sink)
            try Self.checkUnchanged(file)
            return format
        }
    }

    /// `convert`, stopping with `cancelled` when the task is cancelled.
    func convert(_ converter: AnyDocConverter, fileName: String, into sink: DocumentSink) async throws(ConversionError) -> DocumentFormat {
        switch self {
        case .bytes(let bytes):
            return try await converter.convert(bytes, fileName: fileName, into: sink)
        case .file(let file):
            let format = try await converter.convert(file, into: sink)
            try Self.checkUnchanged(file)
            return format
        }
    }

    /// Stores the source as the object named `hash`. A file is copied in
    /// blocks and its copy hashed again: one rewritten since it was
    /// hashed is refused rather than stored under the wrong name.
    func store(in objects: ObjectStore, hash: String) throws(ProjectError) {
        switch self {
        case .bytes(let bytes):
            try objects.put(bytes, hash: hash)
        case .file(let file):
            try objects.put(hash: hash) { (descriptor, temporary) throws(ProjectError) in
                var hasher = SHA256()
                do throws(ConversionError) {
                    try file.forEachBlock { (block) throws(ConversionError) in
                        hasher.update(block)
                        if let failure = block.withUnsafeBytes({ POSIXFile.writeAll(descriptor, $0) }) {
                            throw .io("cannot write \(temporary): \(String(cString: strerror(failure)))")
                        }
                    }
                } catch {
                    throw .conversion(error)
                }
                guard hasher.finalizeHex() == hash else {
                    throw .conversion(ConversionError.io("the file changed while it was being read").naming(file.path))
                }
            }
        }
    }

    private static func checkUnchanged(_ file: InputFile) throws(ConversionError) {
        do {
            try file.checkUnchanged()
        } catch {
            throw error.naming(file.path)
        }
    }
}
