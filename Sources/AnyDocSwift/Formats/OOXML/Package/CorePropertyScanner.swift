#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the properties of a `docProps/core.xml` with a byte scan.
///
/// Every OOXML document carries this small, flat part, and setting up an
/// XML parser for it cost more than most of an XLSB workbook's cells. The
/// scan handles what well-formed core parts contain (UTF-8 or UTF-16,
/// namespaces declared anywhere, character references, CDATA, comments);
/// anything else (a DOCTYPE, another declared encoding, a named entity,
/// tags that do not balance, bytes that are not UTF-8) returns nil, and the
/// caller reads the part with the parser, so both paths give the same
/// values.
enum CorePropertyScanner {
    /// One property element: its local name and text.
    struct Property: Equatable {
        var localName: String
        var text: String
    }

    /// The elements below the root whose namespace is in `namespaces`,
    /// each with its concatenated text as the parser would report it (line
    /// ends normalised, references decoded), in document order; nil when
    /// the part needs the parser.
    static func properties(in input: [UInt8], namespaces: [String], maxTags: Int) -> [Property]? {
        let namespaces = namespaces.map { Array($0.utf8) }
        let isUTF16 = input.starts(with: [0xFE, 0xFF]) || input.starts(with: [0xFF, 0xFE])
        let bytes = TagScanner.utf8(input)
        return bytes.withUnsafeBufferPointer { buffer in
            guard isUTF16 || isValidUTF8(buffer) else { return nil }
            return scan(buffer, namespaces: namespaces, maxTags: maxTags, declaredUTF16: isUTF16)
        }
    }

    private static func isValidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        // ASCII, the usual case, needs no decoding.
        if !buffer.contains(where: { $0 >= 0x80 }) { return true }
        var iterator = buffer.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private struct OpenElement {
        var name: Range<Int>
        /// How many namespace declarations this element added.
        var declarations: Int
    }

    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, namespaces: [[UInt8]], maxTags: Int, declaredUTF16: Bool
    ) -> [Property]? {
        var properties: [Property] = []
        var open: [OpenElement] = []
        /// In-scope declarations, innermost last: prefix (empty for the
        /// default namespace) and whether the URI is one of `namespaces`.
        var declarations: [Declaration] = []
        /// The property being read: its depth, name and text.
        var capture: (depth: Int, localName: String, text: [UInt8])?
        var index = 0
        var tags = 0
        var seenRoot = false
        let count = bytes.count
        while index < count {
            let bracket = ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: index) ?? count
            if bracket > index {
                let text = UnsafeBufferPointer(rebasing: bytes[index..<bracket])
                if open.isEmpty {
                    // Only white space may sit outside the root.
                    guard text.allSatisfy(isSpace) else { return nil }
                } else if capture != nil {
                    guard let decoded = decodedText(text) else { return nil }
                    capture!.text += decoded
                } else if ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: text) != nil {
                    guard decodedText(text) != nil else { return nil }
                }
            }
            index = bracket
            guard index < count else { break }
            tags += 1
            guard tags <= maxTags else { return nil }
            if ByteSearch.hasPrefix("<?", in: bytes, at: index) {
                guard let end = ByteSearch.firstOffset(of: "?>", in: bytes, from: index + 2) else { return nil }
                if !seenRoot && ByteSearch.hasPrefix("<?xml", in: bytes, at: index) {
                    guard acceptsDeclaration(bytes[(index + 5)..<end], declaredUTF16: declaredUTF16) else { return nil }
                }
                index = end + 2
            } else if ByteSearch.hasPrefix("<!--", in: bytes, at: index) {
                guard let end = ByteSearch.firstOffset(of: "-->", in: bytes, from: index + 4) else { return nil }
                index = end + 3
            } else if ByteSearch.hasPrefix("<![CDATA[", in: bytes, at: index) {
                guard !open.isEmpty, let end = ByteSearch.firstOffset(of: "]]>", in: bytes, from: index + 9) else { return nil }
                if capture != nil { capture!.text += normalizedLineEnds(UnsafeBufferPointer(rebasing: bytes[(index + 9)..<end])) }
                index = end + 3
            } else if ByteSearch.hasPrefix("<!", in: bytes, at: index) {
                return nil
            } else if ByteSearch.hasPrefix("</", in: bytes, at: index) {
                guard let close = ByteSearch.firstIndex(of: UInt8(ascii: ">"), in: bytes, from: index),
                    let element = open.popLast()
                else { return nil }
                var nameEnd = close
                while nameEnd > index + 2, isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
                guard equal(bytes, (index + 2)..<nameEnd, element.name) else { return nil }
                declarations.removeLast(element.declarations)
                if let finished = capture, finished.depth == open.count {
                    properties.append(Property(
                        localName: finished.localName,
                        text: String(decoding: finished.text, as: UTF8.self)))
                    capture = nil
                }
                index = close + 1
            } else {
                guard open.isEmpty ? !seenRoot : true,
                    let tag = startTag(bytes, at: index, namespaces: namespaces)
                else { return nil }
                seenRoot = true
                declarations += tag.declarations
                if capture == nil, !open.isEmpty {
                    let (prefix, localName) = split(bytes, tag.name)
                    let declaration = declarations.last { equal(bytes, $0.prefix, prefix) }
                    if let declaration, declaration.isWanted, !tag.isEmpty {
                        capture = (open.count, String(decoding: bytes[localName], as: UTF8.self), [])
                    }
                }
                if tag.isEmpty {
                    declarations.removeLast(tag.declarations.count)
                } else {
                    open.append(OpenElement(name: tag.name, declarations: tag.declarations.count))
                }
                index = tag.end
            }
        }
        guard seenRoot, open.isEmpty else { return nil }
        return properties
    }

    private struct Declaration {
        /// Where the declared prefix is in the bytes; empty for the default.
        var prefix: Range<Int>
        var isWanted: Bool
    }

    private struct StartTag {
        var name: Range<Int>
        var declarations: [Declaration]
        var isEmpty: Bool
        /// Just past the closing `>`.
        var end: Int
    }

    /// The start tag at `start` (its `<`), with its namespace
    /// declarations; nil when it is not well formed.
    private static func startTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, namespaces: [[UInt8]]) -> StartTag? {
        let count = bytes.count
        var index = start + 1
        let nameStart = index
        while index < count, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart else { return nil }
        var tag = StartTag(name: nameStart..<index, declarations: [], isEmpty: false, end: 0)
        while true {
            let afterName = index
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count else { return nil }
            if bytes[index] == UInt8(ascii: ">") {
                tag.end = index + 1
                return tag
            }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < count, bytes[index + 1] == UInt8(ascii: ">") else { return nil }
                tag.isEmpty = true
                tag.end = index + 2
                return tag
            }
            // Attributes are separated from the name and each other by space.
            guard index > afterName else { return nil }
            let attributeStart = index
            while index < count, isNameByte(bytes[index]) { index += 1 }
            guard index > attributeStart else { return nil }
            let attributeName = attributeStart..<index
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[index]
            guard let valueEnd = ByteSearch.firstIndex(of: quote, in: bytes, from: index + 1) else { return nil }
            let value = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<valueEnd])
            guard ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: value) == nil else { return nil }
            // Plain values (nearly all) are compared in place.
            let plain = ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: value) == nil
                && ByteSearch.firstIndex(of: 0x0D, in: value) == nil
            let decoded = plain ? nil : decodedText(value)
            guard plain || decoded != nil else { return nil }
            index = valueEnd + 1
            let (prefix, local) = split(bytes, attributeName)
            let declared: Range<Int>
            if prefix.isEmpty, bytes[local].elementsEqual("xmlns".utf8) {
                declared = prefix
            } else if bytes[prefix].elementsEqual("xmlns".utf8) {
                declared = local
            } else {
                continue
            }
            let isWanted = namespaces.contains { namespace in decoded.map { $0 == namespace } ?? value.elementsEqual(namespace) }
            tag.declarations.append(Declaration(prefix: declared, isWanted: isWanted))
        }
    }

    /// Only UTF-8 (or UTF-16 when the bytes are UTF-16) may be declared:
    /// the parser would transcode any other encoding.
    private static func acceptsDeclaration(_ declaration: Slice<UnsafeBufferPointer<UInt8>>, declaredUTF16: Bool) -> Bool {
        let lowered = declaration.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        guard let found = lowered.withUnsafeBufferPointer({ ByteSearch.firstOffset(of: "encoding", in: $0, from: 0) }) else { return true }
        let rest = lowered[(found + 8)...].drop { isSpace($0) || $0 == UInt8(ascii: "=") }
        guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
        let name = rest.dropFirst().prefix { $0 != quote }
        if name.elementsEqual("utf-8".utf8) || name.elementsEqual("utf8".utf8) { return !declaredUTF16 }
        return declaredUTF16 && (name.elementsEqual("utf-16".utf8) || name.elementsEqual("utf-16le".utf8)
            || name.elementsEqual("utf-16be".utf8))
    }

    /// Text as the parser reports it: line ends normalised, then the
    /// predefined and numeric references decoded; nil for any other
    /// reference or a stray `&` or `>`-less markup the parser would reject.
    private static func decodedText(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let text = normalizedLineEnds(raw)
        guard text.contains(UInt8(ascii: "&")) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "&") else {
                result.append(byte)
                index += 1
                continue
            }
            guard let semicolon = text[index...].prefix(16).firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let name = text[(index + 1)..<semicolon]
            switch String(decoding: name, as: UTF8.self) {
            case "amp": result.append(UInt8(ascii: "&"))
            case "lt": result.append(UInt8(ascii: "<"))
            case "gt": result.append(UInt8(ascii: ">"))
            case "quot": result.append(UInt8(ascii: "\""))
            case "apos": result.append(UInt8(ascii: "'"))
            case let reference where reference.hasPrefix("#"):
                let digits = reference.dropFirst()
                let code = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let code, let scalar = Unicode.Scalar(code), isXMLCharacter(code) else { return nil }
                result.append(contentsOf: String(Character(scalar)).utf8)
            default:
                return nil
            }
            index = semicolon + 1
        }
        return result
    }

    /// Characters XML 1.0 allows (a reference to anything else is an error).
    private static func isXMLCharacter(_ code: UInt32) -> Bool {
        code == 0x9 || code == 0xA || code == 0xD || (0x20...0xD7FF).contains(code)
            || (0xE000...0xFFFD).contains(code) || (0x10000...0x10FFFF).contains(code)
    }

    /// `\r\n` and a lone `\r` become `\n`, as XML parsers report them.
    private static func normalizedLineEnds(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard ByteSearch.firstIndex(of: 0x0D, in: raw) != nil else { return Array(raw) }
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            if raw[index] == 0x0D {
                result.append(0x0A)
                if index + 1 < raw.endIndex, raw[index + 1] == 0x0A { index += 1 }
            } else {
                result.append(raw[index])
            }
            index += 1
        }
        return result
    }

    /// A qualified name's prefix (empty when there is none) and local part.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> (prefix: Range<Int>, local: Range<Int>) {
        guard let colon = bytes[name].firstIndex(of: UInt8(ascii: ":")) else {
            return (name.lowerBound..<name.lowerBound, name)
        }
        return (name.lowerBound..<colon, (colon + 1)..<name.upperBound)
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(bytes.baseAddress! + a.lowerBound, bytes.baseAddress! + b.lowerBound, a.count) == 0)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Bytes that may appear in a name: anything but space, markup and
    /// quote characters (names are checked loosely; the values are what
    /// matter here).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        !isSpace(byte) && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "=")
            && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
            && byte != UInt8(ascii: "&")
    }
}
