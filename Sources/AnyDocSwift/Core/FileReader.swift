#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files with POSIX calls, refusing anything larger than the
/// input limit before reading it. `InputFile` reads them in pieces.
enum FileReader {
    static func read(path: String, maxBytes: Int) throws(ConversionError) -> [UInt8] {
        try InputFile(path: path).readAll(maxBytes: maxBytes)
    }

    /// Reads `path` only if it is a regular file. It is opened without
    /// blocking, so a FIFO or device swapped in after a directory walk
    /// saw a file is refused instead of hanging the reader.
    static func readRegular(path: String, maxBytes: Int, expected: FileIdentity? = nil) throws(ConversionError) -> [UInt8] {
        try InputFile(path: path, regularOnly: true, expected: expected).readAll(maxBytes: maxBytes)
    }

    /// Reads until end of file: works for pipes and for files whose size
    /// changes while being read.
    static func readAll(descriptor: Int32, expected: Int = 0, maxBytes: Int) throws(ConversionError) -> [UInt8] {
        // The buffer is never zero-filled first: read(2) writes every byte
        // that ends up counted, and a fill cost as much as the read.
        var capacity = max(expected, 0) + 1
        var bytes: [UInt8] = []
        var failure: ConversionError?
        while failure == nil {
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                let count = previous.count
                if count > 0 {
                    previous.withUnsafeBufferPointer { buffer.baseAddress!.initialize(from: $0.baseAddress!, count: count) }
                }
                let got = POSIXFile.fill(descriptor, UnsafeMutableRawBufferPointer(start: buffer.baseAddress! + count, count: capacity - count))
                if got < 0 { failure = .io("cannot read: \(String(cString: strerror(errno)))") }
                initialized = count + max(got, 0)
            }
            if bytes.count > maxBytes { throw .resourceLimit("input is over the \(maxBytes)-byte limit") }
            // Short of the buffer: the end of the file was reached.
            if bytes.count < capacity { break }
            capacity = bytes.count + max(bytes.count, 1 << 16)
        }
        if let failure { throw failure }
        return bytes
    }
}
