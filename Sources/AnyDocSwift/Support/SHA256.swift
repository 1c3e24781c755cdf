/// SHA-256 (FIPS 180-4), incremental: the object store names every object
/// by it, so it runs over every ingested byte and stays allocation-free.
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    private var pending = [UInt8](repeating: 0, count: 64)
    private var pendingCount = 0
    private var totalBytes: UInt64 = 0

    package init() {}

    /// The lowercase hex digest of `bytes`.
    package static func hex(_ bytes: some Collection<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalizeHex()
    }

    package mutating func update(_ bytes: some Collection<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(buffer: $0) }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { update(buffer: $0) }
        }
    }

    package mutating func update(buffer: UnsafeBufferPointer<UInt8>) {
        guard var base = buffer.baseAddress else { return }
        var remaining = buffer.count
        totalBytes &+= UInt64(remaining)
        if pendingCount > 0 {
            let take = min(64 - pendingCount, remaining)
            for index in 0..<take { pending[pendingCount + index] = base[index] }
            pendingCount += take
            base += take
            remaining -= take
            guard pendingCount == 64 else { return }
            let block = pending
            block.withUnsafeBufferPointer { compress($0.baseAddress!) }
            pendingCount = 0
        }
        while remaining >= 64 {
            compress(base)
            base += 64
            remaining -= 64
        }
        for index in 0..<remaining { pending[index] = base[index] }
        pendingCount = remaining
    }

    package mutating func finalize() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var tail = Array(pending[0..<pendingCount])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        tail.withUnsafeBufferPointer { buffer in
            for offset in stride(from: 0, to: buffer.count, by: 64) { compress(buffer.baseAddress! + offset) }
        }
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
    }

    package mutating func finalizeHex() -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in finalize() {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func compress(_ block: UnsafePointer<UInt8>) {
        var w = (UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0),
                 UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0))
        withUnsafeMutableBytes(of: &w) { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for index in 0..<16 {
                let offset = index * 4
                words[index] = UInt32(block[offset]) << 24 | UInt32(block[offset + 1]) << 16
                    | UInt32(block[offset + 2]) << 8 | UInt32(block[offset + 3])
            }
        }
        // A 16-word ring keeps the message schedule on the stack.
        var (a, b, c, d, e, f, g, h) = state
        withUnsafeMutableBytes(of: &w) { raw in
            let schedule = raw.bindMemory(to: UInt32.self)
            Self.roundConstants.withUnsafeBufferPointer { constants in
                for index in 0..<64 {
                    let word: UInt32
                    if index < 16 {
                        word = schedule[index]
                    } else {
                        let w15 = schedule[(index - 15) & 15], w2 = schedule[(index - 2) & 15]
                        let s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >> 3)
                        let s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >> 10)
                        word = schedule[index & 15] &+ s0 &+ schedule[(index - 7) & 15] &+ s1
                        schedule[index & 15] = word
                    }
                    let t1 = h &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ constants[index] &+ word
                    let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                }
            }
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }

    @inline(__always) private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { value >> count | value << (32 - count) }

    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}
