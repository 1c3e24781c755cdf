#if canImport(Glibc)
import Glibc
#endif

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
    ///
    /// Each lead byte's pairs go to iconv in one call, stepping over the
    /// pair it stops at: a call per pair cost milliseconds per profile.
    static func decoding(_ encoding: String, leads: ClosedRange<UInt8>, trails: [ClosedRange<UInt8>]) -> ScalarSet {
        var set = ScalarSet()
        guard let converter = Iconv(from: encoding, to: "UTF-32LE") else { return set }
        let trailBytes = trails.flatMap { Array($0) }
        var input = [UInt8](repeating: 0, count: trailBytes.count * 2)
        var output = [UInt32](repeating: 0, count: trailBytes.count + 4)
        converter.withDescriptor { descriptor in
            for lead in leads {
                for (index, trail) in trailBytes.enumerated() {
                    input[2 * index] = lead
                    input[2 * index + 1] = trail
                }
                input.withUnsafeMutableBytes { inputBytes in
                    output.withUnsafeMutableBytes { outputBytes in
                        var inPointer = inputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                        var inLeft = inputBytes.count
                        while inLeft >= 2 {
                            var outPointer = outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                            var outLeft = outputBytes.count
                            let status = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                            let produced = (outputBytes.count - outLeft) / 4
                            for scalar in outputBytes.bindMemory(to: UInt32.self).prefix(produced) {
                                insert(UInt32(littleEndian: scalar), into: &set)
                            }
                            guard status == -1, errno != EINVAL else { break }
                            if errno == E2BIG { continue }
                            // An unassigned pair: skip it (leads are never
                            // ASCII, so the input stays in step).
                            let skip = min(2, inLeft)
                            inPointer = inPointer.map { $0 + skip }
                            inLeft -= skip
                            iconv(descriptor, nil, nil, nil, nil)
                        }
                    }
                }
            }
        }
        return set
    }

    private static func insert(_ value: UInt32, into set: inout ScalarSet) {
        set.insert(value)
    }
}
