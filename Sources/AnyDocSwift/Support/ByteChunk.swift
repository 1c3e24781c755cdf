/// Sixty-four bytes compared at once, sixteen to a vector compare (SSE2
/// on x86-64, NEON on arm64), each compare gathered into one bit per
/// byte: bit `i` of a mask stands for byte `i` of the chunk.
///
/// Swift has no movemask, so a compare's bytes (all ones or zero) keep
/// one weight each (1, 2, 4 … 128 per eight bytes), and each eight are
/// summed into a byte by one multiplication; the weights are distinct
/// bits, so nothing carries.
enum ByteChunk {
    static let size = 64

    /// The 16 bytes at `offset` of `base`.
    @inline(__always)
    static func lanes(_ base: UnsafeRawPointer, _ offset: Int) -> SIMD16<UInt8> {
        base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
    }

    /// Bits 0 to 15 set where `mask` is true.
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
        let weights = SIMD16<UInt8>(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
        let weighted = unsafeBitCast(mask, to: SIMD16<UInt8>.self) & weights
        let halves = unsafeBitCast(weighted, to: SIMD2<UInt64>.self)
        let low = (halves[0] &* ByteWord.ones) >> 56
        let high = (halves[1] &* ByteWord.ones) >> 56
        return low | high << 8
    }
}
