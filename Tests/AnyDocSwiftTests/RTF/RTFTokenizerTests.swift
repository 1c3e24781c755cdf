import Testing
@testable import AnyDocSwift

@Suite struct RTFTokenizerTests {
    static func tokens(_ text: String) -> [RTFToken] {
        var tokenizer = RTFTokenizer(bytes: Array(text.utf8))
        var result: [RTFToken] = []
        while true {
            let token = tokenizer.next()
            if token == .end { return result }
            result.append(token)
        }
    }

    @Test func controlWordsTakeSignedParametersAndOneDelimitingSpace() {
        #expect(Self.tokens(#"{\b\u-3913  x\li720\'e9}"#) == [
            .groupStart, .controlWord("b", nil), .controlWord("u", -3913), .text(11..<13),
            .controlWord("li", 720), .hexByte(0xE9), .groupEnd,
        ])
    }

    @Test func symbolsLineEndsAndBinaryData() {
        #expect(Self.tokens("\\*\\~a\r\nb\\\nc\\bin3 {}}d") == [
            .controlSymbol(UInt8(ascii: "*")), .controlSymbol(UInt8(ascii: "~")), .text(4..<5), .text(7..<8),
            .controlWord("par", nil), .text(10..<11), .text(20..<21),
        ])
    }

    @Test func hugeParametersAreClamped() {
        #expect(Self.tokens(#"\fs99999999999999"#) == [.controlWord("fs", Int(Int32.max))])
    }
}
