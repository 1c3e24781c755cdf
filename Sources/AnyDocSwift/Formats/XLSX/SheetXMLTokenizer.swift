/// Why the byte-level worksheet scan stopped early: the part uses
/// something it leaves to libxml2, or a real error.
enum SheetScanStop: Error {
    /// A DTD, another encoding, a CDATA section, an unknown entity,
    /// malformed markup, a limit reached: the libxml2 reader takes over.
    case unsupported
    case failed(ConversionError)
}

/// Tokenises the plain XML of a worksheet part straight from its bytes:
/// start and end tags with their attributes, text, comments and processing
/// instructions skipped. It accepts only what it can read exactly as
/// libxml2 would (UTF-8 without a DTD, the five predefined entities and
/// character references, well-formed tags) and stops with `.unsupported`
/// at anything else, so that the caller can hand the part to `XMLReader`.
///
/// Bytes inflate into one buffer; a token never spans a refill, so the
/// ranges of the current token stay valid until the next `next()`.
final class SheetXMLTokenizer {
    enum Token {
        case start, end, text, endOfInput
        /// A comment or processing instruction, passed over.
        case skipped
    }

    struct Attribute {
        var name: Range<Int>
        var value: Range<Int>
        /// The value holds an entity or a tab or line break to rewrite.
        var needsDecoding: Bool
    }

    private let source: ByteSource
    /// Tokens longer than this are left to libxml2.
    private static let capacity = 1 << 20
    private static let readSize = 1 << 16
    private let buffer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked)
    private var end = 0
    @exclusivity(unchecked)
    private var position = 0
    @exclusivity(unchecked)
    private var validated = 0
    @exclusivity(unchecked)
    private var sourceEnded = false
    @exclusivity(unchecked)
    private var started = false

    /// The current token: the element's qualified name (start and end)...
    @exclusivity(unchecked)
    private(set) var name: Range<Int> = 0..<0
    /// ... the colon in it, if any ...
    @exclusivity(unchecked)
    private(set) var colon: Int?
    /// ... whether a start tag closed itself ...
    @exclusivity(unchecked)
    private(set) var isEmptyElement = false
    /// ... its attributes, and for text its bytes.
    @exclusivity(unchecked)
    private(set) var attributes: [Attribute] = []
    @exclusivity(unchecked)
    private(set) var text: Range<Int> = 0..<0
    @exclusivity(unchecked)
    private(set) var textNeedsDecoding = false

    init(source: ByteSource) {
        self.source = source
        buffer = .allocate(capacity: Self.capacity)
    }

    deinit { buffer.deallocate() }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: buffer, count: end) }

    subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: buffer + range.lowerBound, count: range.count)
    }

    /// True when `range` holds exactly `literal` (ASCII).
    func matches(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        for offset in 0..<range.count where buffer[range.lowerBound + offset] != expected[offset] { return false }
        return true
    }

    // MARK: - Tokens

    /// Reads the next token. Comments and processing instructions are
    /// passed over; the XML declaration is checked once at the start.
    func next() throws(SheetScanStop) -> Token {
        if !started { try readProlog() }
        while true {
            if position >= end {
                guard try refill() else { return .endOfInput }
                continue
            }
            let mark = position
            if let token = try token(at: mark) {
                if case .skipped = token { continue }
                return token
            }
            // The token runs past the buffered bytes: read more and retry.
            position = mark
            guard try refill() else { throw .unsupported }
        }
    }

    /// The token at `start`, or nil when more bytes are needed.
    private func token(at start: Int) throws(SheetScanStop) -> Token? {
        guard buffer[start] == UInt8(ascii: "<") else { return try readText(from: start) }
        guard start + 1 < end else { return nil }
        switch buffer[start + 1] {
        case UInt8(ascii: "/"): return try readEndTag(from: start + 2)
        case UInt8(ascii: "?"):
            guard try skipPast("?>", from: start + 2) else { return nil }
            // The target must be a name without a colon, then a space.
            var targetColon: Int?
            guard let targetEnd = try readName(from: start + 2, colon: &targetColon), targetColon == nil,
                  Self.isSpace(buffer[targetEnd]) else { throw .unsupported }
            // Only the declaration may be named `xml`, and only at the start.
            if start + 5 < end, buffer[start + 2] | 0x20 == UInt8(ascii: "x"), buffer[start + 3] | 0x20 == UInt8(ascii: "m"),
               buffer[start + 4] | 0x20 == UInt8(ascii: "l"), Self.isSpace(buffer[start + 5]) || buffer[start + 5] == UInt8(ascii: "?") {
                throw .unsupported
            }
            return .skipped
        case UInt8(ascii: "!"):
            guard start + 4 <= end else { return nil }
            guard buffer[start + 2] == UInt8(ascii: "-"), buffer[start + 3] == UInt8(ascii: "-") else { throw .unsupported }
            guard try skipPast("-->", from: start + 4) else { return nil }
            // `--` may not appear inside a comment.
            let body = self[(start + 4)..<(position - 2)]
            if body.indices.contains(where: { $0 + 1 < body.endIndex && body[$0] == UInt8(ascii: "-") && body[$0 + 1] == UInt8(ascii: "-") }) {
                throw .unsupported
            }
            return .skipped
        default:
            return try readStartTag(from: start + 1)
        }
    }

    /// Moves past the next `terminator`; false when it is not buffered yet.
    private func skipPast(_ terminator: StaticString, from start: Int) throws(SheetScanStop) -> Bool {
        let first = terminator.utf8Start[0]
        let count = terminator.utf8CodeUnitCount
        var index = start
        while true {
            index = ByteSetSearch.firstIndex(in: bytes, from: index, of: first, first)
            guard index + count <= end else { return false }
            if matches(index..<(index + count), terminator) {
                position = index + count
                return true
            }
            index += 1
        }
    }

    private func readText(from start: Int) throws(SheetScanStop) -> Token? {
        var index = start
        var needsDecoding = false
        while true {
            index = ByteSetSearch.firstIndex(in: bytes, from: index, of: UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "]"))
            guard index < end else {
                // Text at the very end (after the root) is complete.
                guard sourceEnded else { return nil }
                break
            }
            let byte = buffer[index]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "&") {
                guard let length = try entityLength(at: index) else { return nil }
                needsDecoding = true
                index += length
                continue
            }
            // `]]>` may not appear in text.
            guard index + 2 < end else { if sourceEnded { index += 1; continue } else { return nil } }
            if buffer[index + 1] == UInt8(ascii: "]"), buffer[index + 2] == UInt8(ascii: ">") { throw .unsupported }
            index += 1
        }
        text = start..<index
        textNeedsDecoding = needsDecoding || self[text].contains(UInt8(ascii: "\r"))
        position = index
        return .text
    }

    private func readEndTag(from start: Int) throws(SheetScanStop) -> Token? {
        var colonAt: Int?
        guard let nameEnd = try readName(from: start, colon: &colonAt) else { return nil }
        var index = nameEnd
        while index < end, Self.isSpace(buffer[index]) { index += 1 }
        guard index < end else { return nil }
        guard buffer[index] == UInt8(ascii: ">") else { throw .unsupported }
        name = start..<nameEnd
        colon = colonAt
        position = index + 1
        return .end
    }

    private func readStartTag(from start: Int) throws(SheetScanStop) -> Token? {
        var colonAt: Int?
        guard let nameEnd = try readName(from: start, colon: &colonAt) else { return nil }
        attributes.removeAll(keepingCapacity: true)
        var index = nameEnd
        while true {
            let afterSpace = skipSpaces(from: index)
            guard afterSpace < end else { return nil }
            let byte = buffer[afterSpace]
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") {
                if byte == UInt8(ascii: "/") {
                    guard afterSpace + 1 < end else { return nil }
                    guard buffer[afterSpace + 1] == UInt8(ascii: ">") else { throw .unsupported }
                }
                name = start..<nameEnd
                colon = colonAt
                isEmptyElement = byte == UInt8(ascii: "/")
                position = afterSpace + (isEmptyElement ? 2 : 1)
                return .start
            }
            // Attributes are separated from the name and each other by space.
            guard afterSpace > index else { throw .unsupported }
            guard let attribute = try readAttribute(from: afterSpace) else { return nil }
            for other in attributes where self[other.name].elementsEqual(self[attribute.name]) { throw .unsupported }
            attributes.append(attribute)
            index = attribute.value.upperBound + 1
        }
    }

    private func readAttribute(from start: Int) throws(SheetScanStop) -> Attribute? {
        guard let nameEnd = try readName(from: start) else { return nil }
        var index = skipSpaces(from: nameEnd)
        guard index < end else { return nil }
        guard buffer[index] == UInt8(ascii: "=") else { throw .unsupported }
        index = skipSpaces(from: index + 1)
        guard index < end else { return nil }
        let quote = buffer[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw .unsupported }
        let valueStart = index + 1
        var needsDecoding = false
        index = valueStart
        while true {
            index = ByteSetSearch.firstIndex(in: bytes, from: index, of: quote, UInt8(ascii: "<"), UInt8(ascii: "&"))
            guard index < end else { return nil }
            let byte = buffer[index]
            if byte == quote { break }
            if byte == UInt8(ascii: "<") { throw .unsupported }
            guard let length = try entityLength(at: index) else { return nil }
            needsDecoding = true
            index += length
        }
        let value = valueStart..<index
        if !needsDecoding {
            needsDecoding = self[value].contains { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
        return Attribute(name: start..<nameEnd, value: value, needsDecoding: needsDecoding)
    }

    /// The end of the XML name at `start`; nil when more bytes are needed.
    /// Names here are ASCII, with at most one colon, inside.
    private func readName(from start: Int) throws(SheetScanStop) -> Int? {
        try readName(from: start, colon: nil)
    }

    /// `readName`, noting where the colon is in `colon` when given.
    private func readName(from start: Int, colon found: UnsafeMutablePointer<Int?>?) throws(SheetScanStop) -> Int? {
        var index = start
        var colonAt: Int?
        while index < end {
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                break
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard index > start, colonAt != index - 1 else { throw .unsupported }
            case UInt8(ascii: ":"):
                guard index > start, colonAt == nil else { throw .unsupported }
                colonAt = index
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "="):
                guard index > start, colonAt != index - 1 else { throw .unsupported }
                found?.pointee = colonAt
                return index
            default:
                throw .unsupported
            }
            index += 1
        }
        return nil
    }

    private func skipSpaces(from start: Int) -> Int {
        var index = start
        while index < end, Self.isSpace(buffer[index]) { index += 1 }
        return index
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    // MARK: - Entities and decoding

    /// The length of the entity or character reference at `start`; nil
    /// when more bytes are needed. Anything but the five predefined
    /// entities and references to XML characters is unsupported.
    private func entityLength(at start: Int) throws(SheetScanStop) -> Int? {
        var index = start + 1
        while index < end, buffer[index] != UInt8(ascii: ";") {
            guard index - start < 12 else { throw .unsupported }
            index += 1
        }
        guard index < end else { return nil }
        guard Self.entityValue(self[(start + 1)..<index]) != nil else { throw .unsupported }
        return index + 1 - start
    }

    /// The character an entity body (between `&` and `;`) stands for.
    private static func entityValue(_ body: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard let first = body.first else { return nil }
        if first != UInt8(ascii: "#") {
            switch String(decoding: body, as: UTF8.self) {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default: return nil
            }
        }
        let hex = body.count > 1 && body[1] == UInt8(ascii: "x")
        let digits = body.dropFirst(hex ? 2 : 1)
        let isDigit: (UInt8) -> Bool = { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (hex && (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20))
        }
        guard !digits.isEmpty, digits.count <= 8, digits.allSatisfy(isDigit), let value = UInt32(String(decoding: digits, as: UTF8.self), radix: hex ? 16 : 10),
              isXMLCharacter(value) else { return nil }
        return Unicode.Scalar(value)
    }

    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The text of `range` as XML means it: references replaced, line
    /// breaks normalised to LF (in attribute values, tabs and line breaks
    /// become spaces).
    func decoded(_ range: Range<Int>, needsDecoding: Bool, isAttribute: Bool) -> String {
        let raw = self[range]
        guard needsDecoding else { return String(decoding: raw, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            index += 1
            switch byte {
            case UInt8(ascii: "&"):
                var semicolon = index
                while raw[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
                let scalar = Self.entityValue(UnsafeBufferPointer(rebasing: raw[index..<semicolon])) ?? "\u{FFFD}"
                result.append(contentsOf: String(Character(scalar)).utf8)
                index = semicolon + 1
            case 0x0D:
                if index < raw.count, raw[index] == 0x0A { index += 1 }
                result.append(isAttribute ? 0x20 : 0x0A)
            case 0x09, 0x0A:
                result.append(isAttribute ? 0x20 : byte)
            default:
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: - Input

    /// Checks the start of the part: a UTF-8 byte order mark and an XML
    /// declaration are fine (the declaration naming UTF-8 if any
    /// encoding); other encodings are left to libxml2.
    private func readProlog() throws(SheetScanStop) {
        started = true
        while end < 512, try refill() {}
        if end >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { position = 3 }
        guard end - position >= 6, matches(position..<(position + 5), "<?xml"), Self.isSpace(buffer[position + 5]) else { return }
        var index = position + 5
        while index + 1 < end, !(buffer[index] == UInt8(ascii: "?") && buffer[index + 1] == UInt8(ascii: ">")) { index += 1 }
        guard index + 1 < end else { throw .unsupported }
        let declaration = String(decoding: self[(position + 5)..<index], as: UTF8.self)
        guard Self.isPlainDeclaration(declaration) else { throw .unsupported }
        position = index + 2
    }

    /// True for `version="1.0"`, optionally with a UTF-8 `encoding` and a
    /// `standalone`, in that order.
    private static func isPlainDeclaration(_ text: String) -> Bool {
        var pairs: [(String, String)] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            if rest.isEmpty { break }
            guard let equals = rest.firstIndex(of: "=") else { return false }
            var name = Substring(rest[..<equals])
            while let last = name.last, last == " " || last == "\t" || last == "\n" || last == "\r" { name.removeLast() }
            guard !name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return false }
            var value = rest[rest.index(after: equals)...].drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            guard let quote = value.first, quote == "\"" || quote == "'" else { return false }
            value = value.dropFirst()
            guard let close = value.firstIndex(of: quote) else { return false }
            pairs.append((String(name), String(value[..<close])))
            rest = value[value.index(after: close)...]
        }
        guard let version = pairs.first, version == ("version", "1.0") else { return false }
        var expected = ["encoding", "standalone"]
        for (name, value) in pairs.dropFirst() {
            guard let at = expected.firstIndex(of: name) else { return false }
            expected.removeFirst(at + 1)
            if name == "encoding", value.lowercased() != "utf-8" { return false }
            if name == "standalone", value != "yes" && value != "no" { return false }
        }
        return true
    }

    /// Keeps the bytes from `position` on and appends more; false at the
    /// end of the source. New bytes are checked to be UTF-8 XML may hold.
    private func refill() throws(SheetScanStop) -> Bool {
        guard !sourceEnded else { return false }
        if position > 0 {
            let kept = end - position
            if kept > 0 { buffer.update(from: buffer + position, count: kept) }
            validated -= position
            end = kept
            position = 0
        }
        guard end + Self.readSize <= Self.capacity else { throw .unsupported }
        let count: Int
        do {
            count = try source.read(into: UnsafeMutableRawBufferPointer(start: buffer + end, count: Self.readSize))
        } catch {
            throw .failed(error)
        }
        if count == 0 {
            sourceEnded = true
            guard validated == end else { throw .unsupported }
            return end > position
        }
        end += count
        validated = try XMLCharacterCheck.validate(bytes, from: validated)
        return true
    }
}
