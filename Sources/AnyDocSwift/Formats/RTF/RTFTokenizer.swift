/// One lexical element of RTF.
enum RTFToken: Equatable {
    case groupStart
    case groupEnd
    /// `\name` with its optional signed parameter.
    case controlWord(String, Int?)
    /// `\` followed by one character that is not a letter (`\~`, `\*`, `\{` …).
    case controlSymbol(UInt8)
    /// `\'hh`: one byte in the current code page.
    case hexByte(UInt8)
    /// Literal bytes, without line ends, braces or backslashes.
    case text(Range<Int>)
    case end
}

/// Splits RTF bytes into tokens. Flat by design: groups are only
/// reported, never descended into, so nesting costs no stack.
struct RTFTokenizer {
    private let bytes: [UInt8]
    private var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> RTFToken {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"):
                position += 1
                return .groupStart
            case UInt8(ascii: "}"):
                position += 1
                return .groupEnd
            case UInt8(ascii: "\\"):
                if let token = control() { return token }
            case 0x0D, 0x0A:
                // Line ends in RTF source are not text.
                position += 1
            default:
                let start = position
                while position < bytes.count {
                    let b = bytes[position]
                    if b == UInt8(ascii: "{") || b == UInt8(ascii: "}") || b == UInt8(ascii: "\\") || b == 0x0D || b == 0x0A { break }
                    position += 1
                }
                return .text(start..<position)
            }
        }
        return .end
    }

    /// The control word or symbol at a backslash; nil when it produced
    /// nothing (a skipped `\bin` payload, a broken hex escape).
    private mutating func control() -> RTFToken? {
        position += 1
        guard position < bytes.count else { return nil }
        let first = bytes[position]
        if Self.isLetter(first) {
            let start = position
            while position < bytes.count, Self.isLetter(bytes[position]) { position += 1 }
            // Real control words are short; a longer run names nothing known.
            let name = String(decoding: bytes[start..<min(position, start + 32)], as: UTF8.self)
            let parameter = readParameter()
            if position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
            if name == "bin" {
                // Raw binary data follows; its bytes are not RTF.
                let count = max(0, parameter ?? 0)
                position = min(bytes.count, position + count)
                return nil
            }
            return .controlWord(name, parameter)
        }
        position += 1
        switch first {
        case 0x0D, 0x0A:
            return .controlWord("par", nil)
        case UInt8(ascii: "'"):
            guard position + 1 < bytes.count, let high = Self.hexValue(bytes[position]), let low = Self.hexValue(bytes[position + 1]) else {
                return nil
            }
            position += 2
            return .hexByte(high << 4 | low)
        default:
            return .controlSymbol(first)
        }
    }

    /// An optional `-` and up to ten digits, clamped to 32 bits.
    private mutating func readParameter() -> Int? {
        var cursor = position
        var negative = false
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") {
            negative = true
            cursor += 1
        }
        guard cursor < bytes.count, Self.isDigit(bytes[cursor]) else { return nil }
        var value = 0
        var digits = 0
        while cursor < bytes.count, Self.isDigit(bytes[cursor]) {
            if digits < 10 { value = value * 10 + Int(bytes[cursor] - UInt8(ascii: "0")) }
            digits += 1
            cursor += 1
        }
        position = cursor
        value = min(value, Int(Int32.max))
        return negative ? -value : value
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
