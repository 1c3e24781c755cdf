import Testing
@testable import AnyDocSwift

@Suite struct UTF8ValidationTests {
    private func census(_ bytes: [UInt8]) -> ByteCensus {
        bytes.withUnsafeBufferPointer(ByteCensus.init)
    }

    @Test(arguments: [
        [0x41], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xEF, 0xBF, 0xBF],
        [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ] as [[UInt8]])
    func acceptsWellFormedSequences(_ sequence: [UInt8]) {
        let padded = Array("ascii before ".utf8) + sequence + Array(" and after".utf8)
        #expect(census(padded).isValidUTF8)
        #expect(census(sequence).isValidUTF8)
    }

    @Test(arguments: [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE4, 0xB8], [0xF0, 0x9F, 0x98], [0xC3, 0x41],
    ] as [[UInt8]])
    func rejectsIllFormedSequences(_ sequence: [UInt8]) {
        #expect(!census(sequence).isValidUTF8)
        #expect(!census(Array("0123456789abcdef".utf8) + sequence + Array("0123456789abcdef".utf8)).isValidUTF8)
    }

    @Test func findsAnInvalidByteAtEveryOffsetOfTheWordLoop() {
        for offset in 0..<24 {
            var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 24)
            bytes[offset] = 0xFF
            #expect(!census(bytes).isValidUTF8, "offset \(offset)")
            bytes.replaceSubrange(offset...offset, with: [0xC3, 0xA9])
            let valid = census(bytes)
            #expect(valid.isValidUTF8 && !valid.isASCII, "offset \(offset)")
        }
    }

    @Test func countsControlBytesAtEveryOffsetOfTheWordLoop() {
        for control: UInt8 in [0x00, 0x01, 0x08, 0x1B, 0x1F, 0x7F] {
            for offset in 0..<24 {
                var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 24)
                bytes[offset] = control
                let result = census(bytes)
                #expect(result.nulCount == (control == 0 ? 1 : 0))
                #expect(result.escapeCount == (control == 0x1B ? 1 : 0))
                #expect(result.strayControlCount == (control == 0 || control == 0x1B ? 0 : 1), "byte \(control) at \(offset)")
            }
        }
    }

    @Test func textControlsAreNotStray() {
        let result = census(Array("tab\there\r\nform\u{0C}feed\u{0B}\u{1A}".utf8))
        #expect(result.strayControlCount == 0)
        #expect(result.isASCII && result.isValidUTF8)
        #expect(!result.hasTooManyStrayControls)
    }

    @Test func manyStrayControlsMeanBinary() {
        let text = [UInt8](repeating: UInt8(ascii: "a"), count: 100)
        var binary = text
        for index in stride(from: 0, to: 100, by: 25) { binary[index] = 0x01 }
        #expect(!census(binary).hasTooManyStrayControls)
        binary[1] = 0x02
        #expect(census(binary).hasTooManyStrayControls)
    }
}
