import Testing
@testable import AnyDocSwift

/// The stop search that remembers its last word's marks, against a byte
/// by byte search, from starts in any order (forward, repeated, back to a
/// record's start), with stops at every offset of a word.
@Suite struct CSVStopScanTests {
    @Test func findsTheFirstStopFromAnyStartInAnyOrder() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x61, 0x61, 0x61, 0x2C, 0x3B, 0x09, 0x0A, 0x0D, 0x22, 0x00, 0x80, 0xAC, 0x8A, 0x8D, 0xFF]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...50, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let delimiter = CSVDelimiter.candidates.randomElement(using: &generator)!
            var scan = CSVStopScan(delimiter: delimiter)
            bytes.withUnsafeBufferPointer { buffer in
                for _ in 0..<40 {
                    let start = Int.random(in: 0...bytes.count, using: &generator)
                    let expected = bytes[start...].firstIndex { $0 == delimiter || $0 == 0x0A || $0 == 0x0D } ?? bytes.count
                    #expect(scan.firstStop(in: buffer, from: start) == expected, "\(bytes) from \(start)")
                }
            }
        }
    }
}
