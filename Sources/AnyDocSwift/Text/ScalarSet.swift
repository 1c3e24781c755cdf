/// A set of Basic Multilingual Plane characters as a 64 Kibit bitmap:
/// membership costs one load, whatever the set's size.
struct ScalarSet: Sendable {
    private var words = [UInt64](repeating: 0, count: 1024)

    init() {}

    init(_ characters: String) {
        for scalar in characters.unicodeScalars { insert(scalar.value) }
    }

    init(_ range: ClosedRange<UInt32>) {
        insert(range)
    }

    mutating func insert(_ value: UInt32) {
        guard value < 0x10000 else { return }
        words[Int(value >> 6)] |= 1 << UInt64(value & 63)
    }

    mutating func insert(_ range: ClosedRange<UInt32>) {
        for value in range { insert(value) }
    }

    func union(_ other: ScalarSet) -> ScalarSet {
        var result = self
        for index in words.indices { result.words[index] |= other.words[index] }
        return result
    }

    func contains(_ value: UInt32) -> Bool {
        value < 0x10000 && words[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
    }

    /// The characters a double-byte encoding assigns to `leads` × `trails`,
    /// as iconv decodes them; unassigned positions are skipped.
    static func decoding(_ encoding: String, leads: ClosedRange<UInt8>, trails: [ClosedRange<UInt8>]) -> ScalarSet {
        var set = ScalarSet()
        guard let converter = Iconv(from: encoding, to: "UTF-32LE") else { return set }
        for lead in leads {
            for range in trails {
                for trail in range {
                    let pair = [lead, trail]
                    guard let decoded = pair.withUnsafeBufferPointer(converter.convert), decoded.count == 4 else { continue }
                    set.insert(UInt32(decoded[0]) | UInt32(decoded[1]) << 8 | UInt32(decoded[2]) << 16 | UInt32(decoded[3]) << 24)
                }
            }
        }
        return set
    }
}
