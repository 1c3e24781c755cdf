#if canImport(Glibc)
import Glibc
#endif

/// An open input file that converters read piece by piece, so a large
/// input never has to sit in memory whole.
///
/// The file is opened once and checked on the open descriptor (so a name
/// swapped after the check cannot redirect the reads): `size` is what
/// `fstat` said then, and every read stays within it. Reads are
/// positioned (`pread`), so several readers of one file never disturb
/// each other's offset. The descriptor closes when the value goes away.
///
/// A converter that can stream takes it from `ConversionInput.file`: read
/// blocks with `forEachBlock` or `read(at:count:)`, or everything with
/// `readAll()` when the format needs it whole after all.
///
/// It is immutable and every read is positioned, so one value can be read
/// from several threads.
package final class InputFile: Sendable {
    /// The path as given, for messages.
    package let path: String
    /// The byte count `fstat` reported when the file was opened.
    package let size: Int
    /// Whether it is a regular file; anything else (a pipe, a device)
    /// can only be read once, from the start, with `readAll()`.
    package let isRegular: Bool
    /// The open descriptor; valid for the life of this value.
    let descriptor: Int32
    /// The device and inode of the file opened.
    package let identity: FileIdentity
    /// Modification and status-change times (ns) when opened, to tell a
    /// file rewritten in place while it was being read.
    private let stamp: [Int64]

    /// Opens `path` for reading. With `regularOnly` the open does not
    /// block and anything but a regular file is refused, as a walk over
    /// an untrusted tree needs (see `FileReader.readRegular`).
    /// With `expected`, a file other than the one a walk found there (a
    /// link or another file put in its place since) is refused unread.
    /// Without `waitsForWriter`, a FIFO nobody writes to opens at once
    /// and reads as empty, where `cat` would wait.
    package init(
        path: String, regularOnly: Bool = false, expected: FileIdentity? = nil, waitsForWriter: Bool = true
    ) throws(ConversionError) {
        let descriptor = regularOnly || !waitsForWriter ? POSIXFile.openForReading(path) : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("cannot open: \(String(cString: strerror(errno)))") }
        guard let info = POSIXFile.status(descriptor) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .io("cannot stat: \(reason)")
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR || (regularOnly && kind != S_IFREG) {
            close(descriptor)
            throw .io(kind == S_IFDIR ? "is a directory" : "not a regular file")
        }
        if let expected, FileIdentity(info) != expected {
            close(descriptor)
            throw .io("replaced since its folder was read; not read")
        }
        if regularOnly || !waitsForWriter { POSIXFile.makeBlocking(descriptor) }
        self.path = path
        self.descriptor = descriptor
        self.size = Int(info.st_size)
        self.isRegular = kind == S_IFREG
        self.identity = FileIdentity(info)
        self.stamp = Self.stamp(info)
    }

    private static func stamp(_ info: stat) -> [Int64] {
        [Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec),
         Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec)]
    }

    /// Throws `io` when the open file's size or times differ from when it
    /// was opened: it was written to since, so what was read of it may
    /// mix two versions.
    package func checkUnchanged() throws(ConversionError) {
        guard let info = POSIXFile.status(descriptor), Self.stamp(info) == stamp else {
            throw .io("the file changed while it was being read")
        }
    }

    deinit { close(descriptor) }

    /// Refuses a file larger than `maxBytes` before anything is read.
    package func checkSize(maxBytes: Int) throws(ConversionError) {
        if size > maxBytes { throw .resourceLimit("input is \(size) bytes, over the \(maxBytes)-byte limit") }
    }

    /// Up to `count` bytes from `offset`, fewer only at the end of the file.
    package func read(at offset: Int, count: Int) throws(ConversionError) -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: ConversionError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let got = POSIXFile.fill(descriptor, UnsafeMutableRawBufferPointer(buffer), at: offset)
            if got < 0 { failure = .io("cannot read: \(String(cString: strerror(errno)))") }
            initialized = max(got, 0)
        }
        if let failure { throw failure }
        return bytes
    }

    /// Hands the file to `body` in blocks of `blockSize` bytes from the
    /// start, and throws `io` when the file changed while being read
    /// (see `checkEnd`).
    package func forEachBlock(
        size blockSize: Int = 1 << 20, _ body: ([UInt8]) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        _ = try firstBlock(size: blockSize) { block throws(ConversionError) in
            try body(block)
            return false
        }
    }

    /// Hands the file to `body` in blocks from the start until `body`
    /// says true, and returns whether it did; a file read to its end is
    /// checked as `forEachBlock` checks it.
    package func firstBlock(
        size blockSize: Int = 1 << 20, where body: ([UInt8]) throws(ConversionError) -> Bool
    ) throws(ConversionError) -> Bool {
        var offset = 0
        while offset < size {
            let block = try read(at: offset, count: min(blockSize, size - offset))
            guard !block.isEmpty else { break }
            if try body(block) { return true }
            offset += block.count
        }
        try checkEnd(at: offset)
        return false
    }

    /// Throws `io` unless a read from the start ended at `offset` where the
    /// file ends, and the file is as it was when opened: a file rewritten
    /// in place, even at the same size, would mix two versions, in one
    /// pass or between the passes of a format that reads it twice.
    package func checkEnd(at offset: Int) throws(ConversionError) {
        guard offset == size, try read(at: offset, count: 1).isEmpty else {
            throw .io("the file changed while it was being read")
        }
        try checkUnchanged()
    }

    /// The whole file, within `maxBytes`: for formats that need every
    /// byte at once, and for pipes and devices, which cannot be re-read.
    package func readAll(maxBytes: Int) throws(ConversionError) -> [UInt8] {
        try checkSize(maxBytes: maxBytes)
        guard isRegular else { return try FileReader.readAll(descriptor: descriptor, maxBytes: maxBytes) }
        let bytes = try read(at: 0, count: size)
        guard bytes.count == size, try read(at: size, count: 1).isEmpty else {
            // Grown or shrunk since the open: read what is there now.
            return try FileReader.readAll(descriptor: descriptor, maxBytes: maxBytes)
        }
        return bytes
    }
}
