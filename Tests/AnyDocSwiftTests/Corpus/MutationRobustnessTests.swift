import Foundation
import Testing
@testable import AnyDocSwift

/// Damaged copies of every corpus document — flipped bytes, truncations,
/// spliced chunks, corrupted ZIP entries — each convert or fail with a
/// typed error, inside the time limit. A crash here fails the whole run.
@Suite struct MutationRobustnessTests {
    /// xorshift64*: a fixed seed gives the same mutations on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
    }

    static let mutationsPerFile = 6
    /// Larger files are mutated too, but only their first bytes matter
    /// for most parsers and the sweep must stay within minutes.
    static let maxFileBytes = 3 << 20

    static var documents: [Corpus.Entry] {
        Corpus.entries.filter { !$0.path.hasSuffix(".truth.txt") && $0.bytes <= maxFileBytes }
    }

    static func mutate(_ original: [UInt8], seed: UInt64, round: Int) -> [UInt8] {
        var random = Random(state: seed &+ UInt64(round) &* 0x9E37_79B9_7F4A_7C15 | 1)
        var bytes = original
        guard !bytes.isEmpty else { return [0] }
        switch round % 4 {
        case 0:  // flip a handful of bytes anywhere
            for _ in 0..<(1 + random.below(8)) { bytes[random.below(bytes.count)] ^= UInt8(truncatingIfNeeded: random.next() | 1) }
        case 1:  // truncate
            bytes.removeSubrange(random.below(bytes.count)...)
        case 2:  // splice a chunk of the file into another place
            let start = random.below(bytes.count)
            let length = min(bytes.count - start, 1 + random.below(512))
            let chunk = bytes[start..<(start + length)]
            bytes.insert(contentsOf: chunk, at: random.below(bytes.count))
        default:  // damage the middle third, where compressed ZIP entries live
            let third = bytes.count / 3
            for _ in 0..<(4 + random.below(16)) {
                bytes[third + random.below(max(third, 1))] = UInt8(truncatingIfNeeded: random.next())
            }
        }
        return bytes
    }

    @Test(arguments: documents)
    func damagedCopiesFailCleanly(_ entry: Corpus.Entry) throws {
        let original = try entry.read()
        var options = ConversionOptions()
        options.limits.timeLimitSeconds = 10
        options.limits.maxOutputBytes = 64 << 20
        let converter = AnyDocConverter(options: options)
        let seed = entry.path.utf8.reduce(UInt64(1469598103934665603)) { ($0 ^ UInt64($1)) &* 1099511628211 }
        for round in 0..<Self.mutationsPerFile {
            let damaged = Self.mutate(original, seed: seed, round: round)
            let started = Date()
            do throws(ConversionError) {
                _ = try converter.markdown(damaged, fileName: entry.path)
            } catch {
                #expect(!error.reason.isEmpty)
            }
            #expect(Date().timeIntervalSince(started) < 30, "\(entry.path) mutation \(round) ran too long")
        }
    }
}
