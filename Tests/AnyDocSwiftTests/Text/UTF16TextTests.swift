import Testing
@testable import AnyDocSwift

@Suite struct UTF16TextTests {
    @Test(arguments: [
        [UInt16](),
        Array("plain ASCII".utf16),
        Array("Grüße, Ελληνικά, 数据转换 and 😀 emoji".utf16),
        [0x41, 0xD800, 0x42],          // lone high surrogate
        [0x41, 0xDC00, 0x42],          // lone low surrogate
        [0xD83D],                      // high surrogate at the end
        [0xDE00, 0xD83D, 0xDE00],      // low before a valid pair
        [0x7F, 0x80, 0x7FF, 0x800, 0xFFFF],
    ])
    func matchesTheStandardLibrary(_ units: [UInt16]) {
        #expect(UTF16Text.string(units) == String(decoding: units, as: UTF16.self))
    }

    @Test func decodesAPairToOneScalar() {
        #expect(UTF16Text.string([0xD83D, 0xDE00]).unicodeScalars.map(\.value) == [0x1F600])
        #expect(UTF16Text.string([0xD800]) == "\u{FFFD}")
    }
}
