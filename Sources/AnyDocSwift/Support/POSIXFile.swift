#if canImport(Glibc)
import Glibc
#endif

/// The POSIX calls every file reader and writer here shares: reads and
/// writes retried when a signal interrupts them, and opens that never
/// block on a FIFO or device and, when asked, never follow a final link.
package enum POSIXFile {
    /// Opens `path` read-only without blocking, so a FIFO or device put
    /// where a file was expected is refused by a later `isRegular` check
    /// instead of hanging; with `followLinks` false a final link is refused.
    package static func openForReading(_ path: String, followLinks: Bool = true) -> Int32 {
        open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (followLinks ? 0 : O_NOFOLLOW))
    }

    /// The status of an open descriptor; nil (with `errno` set) when it cannot be read.
    package static func status(_ descriptor: Int32) -> stat? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? info : nil
    }

    /// Whether `info` describes a regular file.
    package static func isRegular(_ info: stat) -> Bool {
        (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Makes reads on a descriptor opened by `openForReading` wait again,
    /// once it is known to be a regular file.
    package static func makeBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }

    /// Reads until `buffer` is full or the file ends, from the current
    /// position or, given `offset`, from there (`pread`): the count read,
    /// or -1 with `errno` set.
    package static func fill(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil) -> Int {
        var count = 0
        while count < buffer.count {
            let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[count...])
            let got = offset.map { read(descriptor, into: rest, at: $0 + count) } ?? read(descriptor, into: rest)
            if got < 0 { return -1 }
            if got == 0 { break }
            count += got
        }
        return count
    }

    /// One `pread(2)` into `buffer` at `offset`, retried when interrupted:
    /// the count read, 0 at the end of the file, or -1 with `errno` set.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let got = Glibc.pread(descriptor, base, buffer.count, off_t(offset))
            if got < 0, errno == EINTR { continue }
            return got
        }
    }

    /// One `read(2)` into `buffer`, retried when interrupted: the count
    /// read, 0 at the end of the file, or -1 with `errno` set.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let got = Glibc.read(descriptor, base, buffer.count)
            if got < 0, errno == EINTR { continue }
            return got
        }
    }

    /// Reads to the end of the file in chunks of `chunkSize` bytes, giving
    /// each to `body`, which returns false to stop early; the `errno` of a
    /// failed read, if any.
    package static func readChunks<E: Error>(
        _ descriptor: Int32, chunkSize: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Bool
    ) throws(E) -> Int32? {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: max(chunkSize, 1), alignment: 1)
        defer { chunk.deallocate() }
        let bytes = chunk.bindMemory(to: UInt8.self)
        while true {
            let count = read(descriptor, into: chunk)
            if count < 0 { return errno }
            if count == 0 { return nil }
            guard try body(UnsafeBufferPointer(rebasing: bytes[0..<count])) else { return nil }
        }
    }

    /// Writes every byte of `buffer` (`write(2)` may take only part of it,
    /// or be interrupted before taking any); the `errno` of the failure,
    /// if any. A write that takes nothing fails rather than spinning.
    package static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        writeAll(buffer) { base, count in write(descriptor, base, count) }
    }

    /// `writeAll` at `position` of the file (`pwrite(2)`): the file's own
    /// offset is left alone, so a write that fails half-way does not move
    /// where the next one lands.
    package static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, at position: Int) -> Int32? {
        var done = 0
        return writeAll(buffer) { base, count in
            let written = pwrite(descriptor, base, count, off_t(position + done))
            if written > 0 { done += written }
            return written
        }
    }

    private static func writeAll(_ buffer: UnsafeRawBufferPointer, _ write: (UnsafeRawPointer, Int) -> Int) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = write(base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }
}
