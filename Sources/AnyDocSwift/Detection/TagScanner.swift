#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A start or end tag found by `TagScanner`.
struct ScannedTag {
    /// The name without its namespace prefix (`Override`, `file-entry`).
    let localName: String
    let isEnd: Bool
    let isSelfClosing: Bool
    /// The scanned bytes, and where each attribute's local name and value
    /// sit in them: values become strings only when asked for.
    fileprivate let bytes: [UInt8]
    fileprivate let attributeRanges: [(name: Range<Int>, value: Range<Int>)]

    /// The value of the first attribute with this local name, with the
    /// predefined and numeric character references decoded.
    func attribute(_ localName: String) -> String? {
        let wanted = localName.utf8
        for (name, value) in attributeRanges where name.count == wanted.count && bytes[name].elementsEqual(wanted) {
            return TagScanner.decodeReferences(bytes[value])
        }
        return nil
    }
}

/// A forgiving byte scan over the tags of a small XML part.
///
/// Detection reads a handful of tiny parts (`[Content_Types].xml`,
/// `_rels/.rels`, `META-INF/manifest.xml`) and needs only element names
/// and attributes, so it uses this scan instead of a parser: no DTD, no
/// entity expansion, no nesting state, and every step moves forward, so
/// any input ends in linear time.
enum TagScanner {
    /// Calls `visit` for each tag until it returns false or the input ends.
    static func scan(_ input: [UInt8], maxTags: Int = 100_000, _ visit: (ScannedTag) -> Bool) {
        let bytes = utf8(input)
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            var tags = 0
            let count = buffer.count
            while tags < maxTags, let open = ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: buffer, from: index) {
                index = open + 1
                guard index < count else { return }
                switch buffer[index] {
                case UInt8(ascii: "?"):
                    index = skip(past: "?>", in: buffer, from: index)
                case UInt8(ascii: "!"):
                    if ByteSearch.hasPrefix("!--", in: buffer, at: index) {
                        index = skip(past: "-->", in: buffer, from: index + 3)
                    } else if ByteSearch.hasPrefix("![CDATA[", in: buffer, at: index) {
                        index = skip(past: "]]>", in: buffer, from: index)
                    } else {
                        index = skipDeclaration(buffer, from: index)
                    }
                default:
                    let (tag, next) = readTag(buffer, from: index, of: bytes)
                    index = max(next, index + 1)
                    tags += 1
                    if let tag, !visit(tag) { return }
                }
            }
        }
    }

    /// UTF-8 bytes for the scan: a UTF-8 byte-order mark dropped, UTF-16
    /// (which OPC allows for these parts) transcoded.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        let littleEndian: Bool
        if bytes.starts(with: [0xFF, 0xFE]) {
            littleEndian = true
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            littleEndian = false
        } else {
            return bytes
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// The tag whose name starts at `start` in `buffer` (the bytes of
    /// `bytes`), and where scanning resumes.
    private static func readTag(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, of bytes: [UInt8]) -> (ScannedTag?, Int) {
        let count = buffer.count
        var index = start
        let isEnd = buffer[index] == UInt8(ascii: "/")
        if isEnd { index += 1 }
        let nameStart = index
        while index < count, !isNameEnd(buffer[index]) { index += 1 }
        let name = localName(UnsafeBufferPointer(rebasing: buffer[nameStart..<index]))
        guard !name.isEmpty else { return (nil, index) }
        var attributes: [(name: Range<Int>, value: Range<Int>)] = []
        var selfClosing = false
        while index < count {
            let byte = buffer[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                selfClosing = true
                index += 1
                continue
            }
            if isSpace(byte) {
                index += 1
                continue
            }
            selfClosing = false
            let attributeStart = index
            while index < count, !isNameEnd(buffer[index]), buffer[index] != UInt8(ascii: "=") { index += 1 }
            let attributeName = localNameRange(buffer, attributeStart..<index)
            while index < count, isSpace(buffer[index]) { index += 1 }
            guard index < count, buffer[index] == UInt8(ascii: "=") else {
                if index == attributeStart { index += 1 }
                continue
            }
            index += 1
            while index < count, isSpace(buffer[index]) { index += 1 }
            guard index < count else { break }
            let quote = buffer[index]
            let valueStart: Int
            let valueEnd: Int
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                valueStart = index + 1
                valueEnd = ByteSearch.firstIndex(of: quote, in: buffer, from: valueStart) ?? count
                index = min(valueEnd + 1, count)
            } else {
                valueStart = index
                while index < count, !isSpace(buffer[index]), buffer[index] != UInt8(ascii: ">") { index += 1 }
                valueEnd = index
            }
            attributes.append((attributeName, valueStart..<valueEnd))
        }
        let tag = ScannedTag(localName: name, isEnd: isEnd, isSelfClosing: selfClosing, bytes: bytes, attributeRanges: attributes)
        return (tag, index)
    }

    /// `<!DOCTYPE …>` and friends, including an internal subset in brackets.
    private static func skipDeclaration(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        var bracketDepth = 0
        while index < buffer.count {
            switch buffer[index] {
            case UInt8(ascii: "["): bracketDepth += 1
            case UInt8(ascii: "]"): bracketDepth = max(0, bracketDepth - 1)
            case UInt8(ascii: ">") where bracketDepth == 0: return index + 1
            default: break
            }
            index += 1
        }
        return index
    }

    /// Just past the first `terminator` at or after `start`, or the end.
    private static func skip(past terminator: StaticString, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let found = ByteSearch.firstOffset(of: terminator, in: buffer, from: start) else { return buffer.count }
        return found + terminator.utf8CodeUnitCount
    }

    /// The part of `range` after its last colon.
    private static func localNameRange(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        guard let colon = buffer[range].lastIndex(of: UInt8(ascii: ":")) else { return range }
        return (colon + 1)..<range.upperBound
    }

    private static func localName(_ name: UnsafeBufferPointer<UInt8>) -> String {
        if let colon = name.lastIndex(of: UInt8(ascii: ":")) {
            return String(decoding: UnsafeBufferPointer(rebasing: name[(colon + 1)...]), as: UTF8.self)
        }
        return String(decoding: name, as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and `&#…;`; anything else
    /// is left as written (there is no DTD to define it).
    static func decodeReferences(_ value: ArraySlice<UInt8>) -> String {
        guard value.contains(UInt8(ascii: "&")) else { return String(decoding: value, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(value.count)
        var index = value.startIndex
        while index < value.endIndex {
            let byte = value[index]
            guard byte == UInt8(ascii: "&"),
                let semicolon = value[index...].prefix(12).firstIndex(of: UInt8(ascii: ";"))
            else {
                result.append(byte)
                index += 1
                continue
            }
            let name = String(decoding: value[(index + 1)..<semicolon], as: UTF8.self)
            var replacement: [UInt8]?
            switch name {
            case "amp": replacement = [UInt8(ascii: "&")]
            case "lt": replacement = [UInt8(ascii: "<")]
            case "gt": replacement = [UInt8(ascii: ">")]
            case "quot": replacement = [UInt8(ascii: "\"")]
            case "apos": replacement = [UInt8(ascii: "'")]
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16),
                    let scalar = Unicode.Scalar(code)
                {
                    replacement = Array(String(Character(scalar)).utf8)
                } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst(), radix: 10), let scalar = Unicode.Scalar(code) {
                    replacement = Array(String(Character(scalar)).utf8)
                }
            }
            if let replacement {
                result.append(contentsOf: replacement)
                index = semicolon + 1
            } else {
                result.append(byte)
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
