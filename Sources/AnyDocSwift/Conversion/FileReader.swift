#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files with POSIX calls, refusing anything larger than the
/// input limit before reading it.
enum FileReader {
    static func read(path: String, maxBytes: Int) throws(ConversionError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("cannot open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io("cannot stat: \(String(cString: strerror(errno)))") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .io("is a directory") }
        let declared = Int(info.st_size)
        if declared > maxBytes { throw .resourceLimit("input is \(declared) bytes, over the \(maxBytes)-byte limit") }
        return try readAll(descriptor: descriptor, expected: declared, maxBytes: maxBytes)
    }

    /// Reads until end of file: works for pipes and for files whose size
    /// changes while being read.
    static func readAll(descriptor: Int32, expected: Int = 0, maxBytes: Int) throws(ConversionError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(expected, 0) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > maxBytes { throw .resourceLimit("input is over the \(maxBytes)-byte limit") }
                bytes.append(contentsOf: repeatElement(0, count: max(count, 1 << 16)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .io("cannot read: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            count += got
        }
        if count > maxBytes { throw .resourceLimit("input is over the \(maxBytes)-byte limit") }
        bytes.removeSubrange(count...)
        return bytes
    }
}
