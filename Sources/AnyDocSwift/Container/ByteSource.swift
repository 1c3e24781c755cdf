/// Bytes produced on demand: a buffer in memory, or an archive entry
/// inflating as it is read. Parsers pull from it so that a large part is
/// never held whole.
protocol ByteSource: AnyObject {
    /// Fills up to `buffer.count` bytes and returns how many; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ConversionError) -> Int
    /// Stops any work the source does ahead of its reader (see
    /// `ReadAheadByteSource`) and waits until it has; nothing by default.
    func stop()
}

extension ByteSource {
    func stop() {}
}

/// A `ByteSource` over bytes already in memory.
final class MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    @exclusivity(unchecked)
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ConversionError) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        guard count > 0, let target = buffer.baseAddress else { return 0 }
        bytes.withUnsafeBytes { source in
            if let start = source.baseAddress { target.copyMemory(from: start + offset, byteCount: count) }
        }
        offset += count
        return count
    }
}
