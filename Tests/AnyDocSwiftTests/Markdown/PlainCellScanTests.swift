import Testing
@testable import AnyDocSwift

/// The word-at-a-time test for bytes a plain table cell cannot hold,
/// against the byte set it stands for, with stoppers at every offset of
/// an eight-byte word.
@Suite struct PlainCellScanTests {
    /// The bytes escaping, line handling or pipes would change.
    static let stoppers: Set<UInt8> = Set(Array("\\`*_~[]<&!$|".utf8)).union(0..<32).union([127])

    @Test func everyByteIsClassifiedAsTheSetSays() {
        for byte in UInt8.min...UInt8.max {
            #expect(PlainCellScan.isStopper(byte) == Self.stoppers.contains(byte), "byte \(byte)")
            for position in 0..<8 {
                var word: UInt64 = 0x6161_6161_6161_6161
                word = word & ~(0xFF << UInt64(8 * position)) | UInt64(byte) << UInt64(8 * position)
                // Only `^` and `}` are let through besides the stoppers.
                let flagged = Self.stoppers.contains(byte) || byte == UInt8(ascii: "^") || byte == UInt8(ascii: "}")
                #expect(PlainCellScan.mayHoldStopper(word) == flagged, "byte \(byte) at \(position)")
            }
        }
    }

    @Test func aWordOfPlainBytesIsRuledOut() {
        for text in ["abcdefgh", "City 123", "2024-01-", "0.1234,5", "héllo wö", "(a)\"#%'+"] {
            var bytes = Array(text.utf8.prefix(8))
            #expect(bytes.count == 8)
            let word = bytes.withUnsafeMutableBytes { $0.loadUnaligned(as: UInt64.self) }
            #expect(!PlainCellScan.mayHoldStopper(UInt64(littleEndian: word)), "\(text)")
        }
    }

    @Test func cellsWithStoppersAnywhereAreFound() {
        let alphabet: [UInt8] = Array("abc 09.,-\"#%()^}".utf8) + [0xC3, 0xA9, 0x80, 0xFF] + Array(Self.stoppers)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let plainOnly = Bool.random(using: &generator)
            let bytes = (0..<count).map { _ in
                var byte = alphabet.randomElement(using: &generator)!
                while plainOnly, Self.stoppers.contains(byte) { byte = alphabet.randomElement(using: &generator)! }
                return byte
            }
            let expected = !bytes.contains(where: Self.stoppers.contains)
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...count {
                    let slice = UnsafeBufferPointer(rebasing: buffer[start...])
                    #expect(PlainCellScan.hasNoStopper(slice) == !slice.contains(where: Self.stoppers.contains))
                }
                #expect(PlainCellScan.hasNoStopper(buffer) == expected)
            }
        }
    }

    @Test func plainCellBytesTrimSpacesAndRefuseStoppers() {
        func plain(_ text: String) -> String? {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { BlockRenderer.plainCellBytes($0).map { String(decoding: $0, as: UTF8.self) } }
        }
        #expect(plain("  plain text here  ") == "plain text here")
        #expect(plain("    ") == "")
        #expect(plain("twelve chars|") == nil)
        #expect(plain("a long cell with a * inside") == nil)
        #expect(plain("a long cell ending in é") == nil)
        #expect(plain("a long cell with é and ^ and }") == "a long cell with é and ^ and }")
    }
}
