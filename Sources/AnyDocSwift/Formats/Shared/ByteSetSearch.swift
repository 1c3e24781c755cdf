/// Finds the next of two or three byte values eight bytes at a time (SWAR), so
/// scanners skip plain runs of text without looking at each byte.
///
/// For each wanted byte the word is XORed with it, turning matches into
/// zero bytes, and the classic "has a zero byte" test marks them. Borrows
/// can mark bytes above a real match, never below one, so the lowest mark
/// of all the tests is the first match.
enum ByteSetSearch {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Marks (high bit set) on the bytes of `word` that equal `byte`;
    /// exact up to the first mark.
    @inline(__always)
    private static func marks(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// The index of the first byte at or after `start` that is `a`, `b`
    /// or `c`; `bytes.count` when there is none.
    @inline(__always)
    static func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, of a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let count = bytes.count
        var index = start
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let found = marks(word, a) | marks(word, b) | marks(word, c)
            if found != 0 { return index + found.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte == a || byte == b || byte == c { return index }
            index += 1
        }
        return count
    }

    /// The index of the first byte at or after `start` that is `a` or `b`.
    @inline(__always)
    static func firstIndex(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, of a: UInt8, _ b: UInt8) -> Int {
        firstIndex(in: bytes, from: start, of: a, b, b)
    }
}
