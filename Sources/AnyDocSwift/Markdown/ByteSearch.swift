#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte searches over a string's UTF-8 with `memchr`: walking `utf8`
/// one byte at a time costs several instructions a byte, and the writer
/// asks these questions of every paragraph.
extension String {
    /// True when the UTF-8 of the string holds `byte`.
    func containsByte(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ Self.firstOffset(of: byte, in: $0, from: 0) != nil }) {
            return found
        }
        return utf8.contains(byte)
    }

    /// How many times `byte` occurs in the UTF-8 of the string.
    func countOfByte(_ byte: UInt8) -> Int {
        let counted = utf8.withContiguousStorageIfAvailable { buffer -> Int in
            var count = 0
            var offset = 0
            while let found = Self.firstOffset(of: byte, in: buffer, from: offset) {
                count += 1
                offset = found + 1
            }
            return count
        }
        return counted ?? utf8.reduce(0) { $0 + ($1 == byte ? 1 : 0) }
    }

    /// Where `byte` occurs in the UTF-8 of the string, as byte offsets;
    /// nil when the string has no contiguous UTF-8 to search.
    func offsetsOfByte(_ byte: UInt8) -> [Int]? {
        utf8.withContiguousStorageIfAvailable { buffer -> [Int] in
            var offsets: [Int] = []
            var offset = 0
            while let found = Self.firstOffset(of: byte, in: buffer, from: offset) {
                offsets.append(found)
                offset = found + 1
            }
            return offsets
        }
    }

    private static func firstOffset(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        guard offset < buffer.count, let base = buffer.baseAddress,
              let found = memchr(base + offset, Int32(byte), buffer.count - offset)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
