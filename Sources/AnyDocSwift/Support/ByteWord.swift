/// Eight bytes tested at once (SWAR), each byte decided by itself: the
/// test adds within the low seven bits, where nothing carries into the
/// next byte, so every mark is exact, not only the first
/// (`ByteSetSearch`'s marks are exact only up to the first).
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// A word with `byte` in each of its bytes.
    @inline(__always)
    static func repeating(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

    /// High bits on the bytes of `word` equal to the same bytes of `pattern`.
    @inline(__always)
    static func equalMarks(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let x = word ^ pattern
        return ~(((x & lows) &+ lows) | x) & highs
    }
}
