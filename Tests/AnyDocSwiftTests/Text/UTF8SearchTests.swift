import Testing
@testable import AnyDocSwift

@Suite("String byte search")
struct UTF8SearchTests {
    @Test("Finds needles at the start, middle and end, and nothing past the end")
    func positions() {
        #expect("arial-bolditalicmt".containsUTF8("arial"))
        #expect("arial-bolditalicmt".containsUTF8("bold"))
        #expect("arial-bolditalicmt".containsUTF8("italicmt"))
        #expect(!"arial-bolditalicmt".containsUTF8("italicmtx"))
        #expect(!"bol".containsUTF8("bold"))
        #expect("".containsUTF8(""))
        #expect(!"".containsUTF8("."))
    }

    @Test("Skips partial matches of the first byte")
    func partialMatches() {
        #expect("b bo bol bold".containsUTF8("bold"))
        #expect(!"b bo bol bolt".containsUTF8("bold"))
        #expect("Contents . . . . 7".containsUTF8(". . . ."))
        #expect(!"Contents . . . 7".containsUTF8(". . . ."))
    }

    @Test("Matches multi-byte needles byte for byte")
    func multiByte() {
        #expect("Kapitel 1……3".containsUTF8("……"))
        #expect(!"Kapitel 1…3".containsUTF8("……"))
        #expect("日本語テキスト".containsUTF8("テキ"))
    }
}
