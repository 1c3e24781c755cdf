/// Parses untrusted JSON (an MCP message) into a `JSONValue` in one pass
/// over its UTF-8 bytes, with nesting bounded.
///
/// `JSONDecoder` reached `JSONValue` by trying each type in turn at every
/// value, building an error for every miss: a message of deeply nested
/// arrays cost about a millisecond a byte and held the server that long.
/// Here the cost is linear in the bytes. It reads values as `JSONDecoder`
/// did: an integral number that fits is an `int`, a repeated key keeps
/// its first value, a trailing comma is allowed, and lone surrogates and
/// numbers past `Double` are errors.
struct JSONParser {
    struct Failure: Error {
        let message: String
    }

    /// Arrays and objects nested deeper than this are refused.
    static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The one JSON value `text` holds, with whitespace around it.
    static func parse(_ text: String) throws(Failure) -> JSONValue {
        var parser = JSONParser(Array(text.utf8))
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.failure("text after the value") }
        return value
    }

    private func failure(_ what: String) -> Failure {
        Failure(message: "\(what) at byte \(index)")
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("a value expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { (parser: inout JSONParser) throws(Failure) in try parser.object() }
        case UInt8(ascii: "["): return try nested { (parser: inout JSONParser) throws(Failure) in try parser.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func nested(_ body: (inout JSONParser) throws(Failure) -> JSONValue) throws(Failure) -> JSONValue {
        depth += 1
        guard depth <= Self.maxDepth else { throw failure("nesting deeper than \(Self.maxDepth) levels") }
        defer { depth -= 1 }
        index += 1
        return try body(&self)
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) }) else { throw failure("not a JSON value") }
        index += count
        return value
    }

    private mutating func array() throws(Failure) -> JSONValue {
        var elements: [JSONValue] = []
        skipSpace()
        if closes(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            skipSpace()
            elements.append(try value())
            if try endsAfterElement(UInt8(ascii: "]"), of: "array") { return .array(elements) }
        }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        var members: [String: JSONValue] = [:]
        skipSpace()
        if closes(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("a member name expected") }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("':' expected") }
            index += 1
            skipSpace()
            let member = try value()
            if members[key] == nil { members[key] = member }
            if try endsAfterElement(UInt8(ascii: "}"), of: "object") { return .object(members) }
        }
    }

    /// After an element of an array or object: true when `bracket` closes
    /// it (also after a trailing comma, which `JSONDecoder` allows), false
    /// after a comma another element follows.
    private mutating func endsAfterElement(_ bracket: UInt8, of container: String) throws(Failure) -> Bool {
        skipSpace()
        guard index < bytes.count else { throw failure("an unclosed \(container)") }
        let byte = bytes[index]
        index += 1
        if byte == bracket { return true }
        guard byte == UInt8(ascii: ",") else { throw failure("',' or '\(Character(Unicode.Scalar(bracket)))' expected") }
        skipSpace()
        return closes(bracket)
    }

    /// Takes `bracket` when it is next.
    private mutating func closes(_ bracket: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == bracket else { return false }
        index += 1
        return true
    }

    /// A string; the reader is on its opening quote.
    private mutating func string() throws(Failure) -> String {
        index += 1
        var start = index
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                text += bytes[start..<index]
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw failure("a control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            text += bytes[start..<index]
            index += 1
            try escape(into: &text)
            start = index
        }
        throw failure("an unclosed string")
    }

    /// The escape after a backslash, appended as UTF-8.
    private mutating func escape(into text: inout [UInt8]) throws(Failure) {
        guard index < bytes.count else { throw failure("an unclosed string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("a lone surrogate")
                }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("a lone surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("not a Unicode scalar") }
            text += Array(String(Character(unicode)).utf8)
        default:
            throw failure("an unknown escape")
        }
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a short \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// A number as JSON writes it; integral values that fit are `int`.
    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("not a JSON value") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a digit expected") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a digit expected") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite else { throw failure("a number out of range") }
        // Whole by `Double` and within Int's range: the integer its digits
        // write, exactly (`9007199254740993.0`), as JSONDecoder reads it.
        if double == double.rounded(), double >= -0x1p63, double < 0x1p63,
           let integer = Self.integerPart(of: bytes[start..<index]) {
            return .int(integer)
        }
        return .double(double)
    }

    /// The integer a number's digits write, its fraction dropped, exponent
    /// applied; nil past Int.
    private static func integerPart(of number: ArraySlice<UInt8>) -> Int? {
        var digits: [UInt8] = []
        var exponent = 0
        var index = number.startIndex
        let negative = number[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var afterPoint = false
        while index < number.endIndex, number[index] != UInt8(ascii: "e"), number[index] != UInt8(ascii: "E") {
            if number[index] == UInt8(ascii: ".") {
                afterPoint = true
            } else {
                digits.append(number[index] - UInt8(ascii: "0"))
                if afterPoint { exponent -= 1 }
            }
            index += 1
        }
        if index < number.endIndex {
            let text = number[(index + 1)...]
            // An exponent past Int only says "very large" or "very small".
            let written = Int(String(decoding: text, as: UTF8.self)) ?? (text.first == UInt8(ascii: "-") ? -100_000 : 100_000)
            exponent += max(-100_000, min(written, 100_000))
        }
        if exponent < 0 { digits.removeLast(min(-exponent, digits.count)) }
        var magnitude = 0
        for digit in digits + Array(repeating: 0, count: max(exponent, 0)) {
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(digit))
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        return negative ? -magnitude : magnitude
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
}
