#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte and byte-string searches with `memchr`, the one place they are
/// written: walking bytes one at a time, or comparing characters, costs
/// many times more, and these questions are asked of every paragraph,
/// tag, font name and class attribute.
package enum ByteSearch {
    /// Where `byte` first occurs in `buffer` from `start`.
    static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard start >= 0, start < buffer.count, let base = buffer.baseAddress,
            let found = memchr(base + start, Int32(byte), buffer.count - start)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Where `pattern` first occurs in `buffer`: candidates are where its
    /// first byte is, compared with memcmp.
    static func firstOffset(of pattern: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = pattern.first else { return 0 }
        guard buffer.count >= pattern.count, let base = buffer.baseAddress, let patternBase = pattern.baseAddress else {
            return nil
        }
        let last = buffer.count - pattern.count
        var index = 0
        while index <= last, let found = memchr(base + index, Int32(first), last - index + 1) {
            let position = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if memcmp(base + position, patternBase, pattern.count) == 0 { return position }
            index = position + 1
        }
        return nil
    }

    /// Where the literal `pattern` next occurs in `buffer` at or after
    /// `start`.
    package static func firstOffset(of pattern: StaticString, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start >= 0, start <= buffer.count else { return nil }
        let needle = UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount)
        return firstOffset(of: needle, in: UnsafeBufferPointer(rebasing: buffer[start...])).map { start + $0 }
    }

    /// Whether `buffer` holds the literal `prefix` at `index`.
    static func hasPrefix(_ prefix: StaticString, in buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index >= 0, buffer.count - index >= count, let base = buffer.baseAddress else { return count == 0 }
        return memcmp(base + index, prefix.utf8Start, count) == 0
    }

    /// Whether `pattern` occurs in `buffer`.
    static func contains(_ pattern: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        firstOffset(of: pattern, in: buffer) != nil
    }

    /// Whether `pattern` occurs in `bytes`, searched in place when they
    /// are contiguous.
    static func contains(_ pattern: [UInt8], in bytes: some Collection<UInt8>) -> Bool {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            pattern.withUnsafeBufferPointer { contains($0, in: buffer) }
        }
        if let contiguous { return contiguous }
        return contains(pattern, in: Array(bytes))
    }
}

extension String {
    /// Whether `needle`'s UTF-8 bytes occur in this string's. A byte
    /// search, for ASCII needles: `contains(_:)` on strings compares
    /// characters through the generic string-processing algorithms and
    /// costs a hundred times more. (For ASCII needles the two differ only
    /// where a combining mark follows the match, which schemes, font names,
    /// style properties and leader dots never have.)
    package func containsUTF8(_ needle: String) -> Bool {
        utf8OffsetOf(needle) != nil
    }

    /// The byte offset where `needle`'s UTF-8 first occurs in this string's.
    func utf8OffsetOf(_ needle: String) -> Int? {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { hay in needle.withUTF8 { ByteSearch.firstOffset(of: $0, in: hay) } }
    }

    /// True when the UTF-8 of the string holds `byte`.
    func containsByte(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ ByteSearch.firstIndex(of: byte, in: $0) != nil }) {
            return found
        }
        return utf8.contains(byte)
    }

    /// How many times `byte` occurs in the UTF-8 of the string.
    func countOfByte(_ byte: UInt8) -> Int {
        let counted = utf8.withContiguousStorageIfAvailable { buffer -> Int in
            var count = 0
            var offset = 0
            while let found = ByteSearch.firstIndex(of: byte, in: buffer, from: offset) {
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
            while let found = ByteSearch.firstIndex(of: byte, in: buffer, from: offset) {
                offsets.append(found)
                offset = found + 1
            }
            return offsets
        }
    }
}

extension Substring {
    /// Whether `needle`'s UTF-8 bytes occur in this substring's; see
    /// `String.containsUTF8`.
    package func containsUTF8(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { hay in needle.withUTF8 { ByteSearch.contains($0, in: hay) } }
    }
}
