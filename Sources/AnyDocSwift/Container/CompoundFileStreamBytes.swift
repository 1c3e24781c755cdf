/// The bytes of one compound-file stream: a window onto the file's own
/// bytes when the stream's sectors lie in one run (most writers lay a
/// stream out that way), else a copy gathered along its sector chain.
/// A window costs neither a copy nor fresh memory. Offsets are the
/// stream's own, from 0; every read is checked against the stream's
/// length, never just the file's.
struct CompoundFileStreamBytes: Sendable {
    private let storage: [UInt8]
    /// Where offset 0 of the stream lies in `storage`.
    private let start: Int
    /// The stream's length in bytes.
    let count: Int

    /// A stream held in an array of its own.
    init(_ bytes: [UInt8]) {
        storage = bytes
        start = 0
        count = bytes.count
    }

    /// The `count` bytes of `storage` from `start`; nil unless they all lie in it.
    init?(window storage: [UInt8], start: Int, count: Int) {
        guard start >= 0, count >= 0, count <= storage.count - start else { return nil }
        self.storage = storage
        self.start = start
        self.count = count
    }

    /// The byte at `offset`, which the caller has checked lies in `0..<count`.
    @inline(__always)
    subscript(offset: Int) -> UInt8 {
        storage[start + offset]
    }

    /// The bytes in `range` (cut to the stream) as little-endian UTF-16
    /// code units, a trailing odd byte dropped.
    func utf16Units(_ range: Range<Int>) -> [UInt16] {
        let range = clamped(range)
        let unitCount = range.count / 2
        let first = start + range.lowerBound
        return storage.withUnsafeBytes { raw in
            [UInt16](unsafeUninitializedCapacity: unitCount) { units, initialized in
                for index in 0..<unitCount {
                    units[index] = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: first + 2 * index, as: UInt16.self))
                }
                initialized = unitCount
            }
        }
    }

    /// The bytes in `range` (cut to the stream), each widened to a code
    /// unit (Latin-1 text).
    func widenedBytes(_ range: Range<Int>) -> [UInt16] {
        let range = clamped(range)
        let first = start + range.lowerBound
        return storage.withUnsafeBytes { raw in
            [UInt16](unsafeUninitializedCapacity: range.count) { units, initialized in
                for index in 0..<range.count { units[index] = UInt16(raw[first + index]) }
                initialized = range.count
            }
        }
    }

    private func clamped(_ range: Range<Int>) -> Range<Int> {
        let lower = min(max(range.lowerBound, 0), count)
        return lower..<min(max(range.upperBound, lower), count)
    }

    // The reads below check the offset against the stream; the stream
    // lies in the storage (checked when made), so one check covers the load.

    @inline(__always)
    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        return storage.withUnsafeBytes { UInt16(littleEndian: $0.loadUnaligned(fromByteOffset: start + offset, as: UInt16.self)) }
    }

    @inline(__always)
    func uint32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return storage.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: start + offset, as: UInt32.self)) }
    }

    @inline(__always)
    func uint64(at offset: Int) -> UInt64? {
        guard offset >= 0, offset <= count - 8 else { return nil }
        return storage.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: start + offset, as: UInt64.self)) }
    }
}
