#if canImport(Glibc)
import Glibc
#endif

/// Writing a whole buffer to a file descriptor: `write(2)` may take only
/// part of it, or be interrupted by a signal before taking any.
package enum DescriptorWrite {
    /// Writes every byte of `buffer`; the `errno` of the failure, if any.
    package static func all(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
