#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the properties of a `docProps/core.xml` with a byte scan.
///
/// Every OOXML document carries this small, flat part, and setting up an
/// XML parser for it cost more than most of an XLSB workbook's cells. The
/// scan handles what well-formed core parts contain (UTF-8, namespaces
/// declared anywhere, character references, CDATA, comments); anything else
/// (UTF-16, a DOCTYPE, another declared encoding, a named entity, tags that
/// do not balance, unbound prefixes, characters XML forbids) returns nil, and
/// the caller reads the part with the parser: a test checks on thousands of
/// damaged parts that whenever the scan answers, the parser reads the same.
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
        // UTF-16 parts (rare) are left to the parser, which checks them.
        guard !input.starts(with: [0xFE, 0xFF]), !input.starts(with: [0xFF, 0xFE]) else { return nil }
        let namespaces = namespaces.map { Array($0.utf8) }
        let bytes = TagScanner.utf8(input)
        return bytes.withUnsafeBufferPointer { buffer in
            guard holdsOnlyXMLCharacters(buffer) else { return nil }
            return scan(buffer, namespaces: namespaces, maxTags: maxTags)
        }
    }

    /// Valid UTF-8 of characters XML allows (no control characters but
    /// tab and line ends, no surrogates or U+FFFE/U+FFFF).
    private static func holdsOnlyXMLCharacters(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var ascii = true
        for byte in buffer {
            if byte >= 0x80 { ascii = false } else if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return false }
        }
        if ascii { return true }
        var iterator = buffer.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if !isXMLCharacter(scalar.value) { return false }
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

    /// What the scan has read so far.
    private struct ScanState {
        var properties: [Property] = []
        var open: [OpenElement] = []
        /// In-scope declarations, innermost last: prefix (empty for the
        /// default namespace) and whether the URI is one of `namespaces`.
        var declarations: [Declaration] = []
        /// The property being read: its depth, name and text.
        var capture: (depth: Int, localName: String, text: [UInt8])?
        var seenRoot = false
    }

    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, namespaces: [[UInt8]], maxTags: Int
    ) -> [Property]? {
        var state = ScanState()
        var index = 0
        var tags = 0
        let count = bytes.count
        while index < count {
            let bracket = ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: index) ?? count
            if bracket > index {
                guard readText(UnsafeBufferPointer(rebasing: bytes[index..<bracket]), into: &state) else { return nil }
            }
            index = bracket
            guard index < count else { break }
            tags += 1
            guard tags <= maxTags else { return nil }
            let next: Int?
            if ByteSearch.hasPrefix("</", in: bytes, at: index) {
                next = readEndTag(bytes, at: index, into: &state)
            } else if ByteSearch.hasPrefix("<?", in: bytes, at: index) || ByteSearch.hasPrefix("<!", in: bytes, at: index) {
                next = readMarkup(bytes, at: index, into: &state)
            } else {
                next = readStartTag(bytes, at: index, namespaces: namespaces, into: &state)
            }
            guard let next else { return nil }
            index = next
        }
        guard state.seenRoot, state.open.isEmpty else { return nil }
        return state.properties
    }

    /// Text between tags: kept when a property is being read; false when
    /// the part needs the parser.
    private static func readText(_ text: UnsafeBufferPointer<UInt8>, into state: inout ScanState) -> Bool {
        // `]]>` may only end a CDATA section.
        guard ByteSearch.firstOffset(of: "]]>", in: text, from: 0) == nil else { return false }
        if state.open.isEmpty {
            // Only white space may sit outside the root.
            return text.allSatisfy(isSpace)
        } else if ByteSearch.firstIndex(of: 0x0D, in: text) != nil {
            // Carriage returns inside the root (rare) are left to the
            // parser, whose line-end handling varies with the markup.
            return false
        } else if state.capture != nil {
            guard let decoded = decodedText(text) else { return false }
            state.capture!.text += decoded
        } else if ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: text) != nil {
            return decodedText(text) != nil
        }
        return true
    }

    /// The XML declaration, a comment or a CDATA section at `index`: the
    /// index after it; nil for any other `<?` or `<!`.
    private static func readMarkup(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, into state: inout ScanState) -> Int? {
        if ByteSearch.hasPrefix("<?", in: bytes, at: index) {
            // Only the XML declaration, and only first: core parts hold
            // no other processing instruction.
            guard index == 0, ByteSearch.hasPrefix("<?xml", in: bytes, at: index),
                let end = ByteSearch.firstOffset(of: "?>", in: bytes, from: index + 5),
                acceptsDeclaration(bytes[(index + 5)..<end])
            else { return nil }
            return end + 2
        }
        if ByteSearch.hasPrefix("<!--", in: bytes, at: index) {
            // `--` may only end a comment.
            guard let end = ByteSearch.firstOffset(of: "-->", in: bytes, from: index + 4),
                ByteSearch.firstOffset(of: "--", in: bytes, from: index + 4) == end
            else { return nil }
            return end + 3
        }
        if ByteSearch.hasPrefix("<![CDATA[", in: bytes, at: index) {
            guard !state.open.isEmpty, let end = ByteSearch.firstOffset(of: "]]>", in: bytes, from: index + 9) else { return nil }
            let content = UnsafeBufferPointer(rebasing: bytes[(index + 9)..<end])
            guard ByteSearch.firstIndex(of: 0x0D, in: content) == nil else { return nil }
            if state.capture != nil { state.capture!.text += content }
            return end + 3
        }
        return nil
    }

    /// An end tag at `index`: closes the open element it names, finishing
    /// a property that ends there; the index after it.
    private static func readEndTag(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, into state: inout ScanState) -> Int? {
        guard let close = ByteSearch.firstIndex(of: UInt8(ascii: ">"), in: bytes, from: index),
            let element = state.open.popLast()
        else { return nil }
        var nameEnd = close
        while nameEnd > index + 2, isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
        guard equal(bytes, (index + 2)..<nameEnd, element.name) else { return nil }
        state.declarations.removeLast(element.declarations)
        if let finished = state.capture, finished.depth == state.open.count {
            state.properties.append(Property(
                localName: finished.localName,
                text: String(decoding: finished.text, as: UTF8.self)))
            state.capture = nil
        }
        return close + 1
    }

    /// A start tag at `index`: its namespace declarations come into scope,
    /// and a wanted element below the root starts a property; the index
    /// after it.
    private static func readStartTag(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, namespaces: [[UInt8]], into state: inout ScanState
    ) -> Int? {
        guard state.open.isEmpty ? !state.seenRoot : true,
            let tag = startTag(bytes, at: index, namespaces: namespaces)
        else { return nil }
        state.seenRoot = true
        state.declarations += tag.declarations
        // Every prefix must be bound: the parser reports an unbound one.
        for prefix in tag.attributePrefixes
        where !bytes[prefix].elementsEqual("xml".utf8) && !state.declarations.contains(where: { equal(bytes, $0.prefix, prefix) }) {
            return nil
        }
        let (prefix, localName) = split(bytes, tag.name)
        let declaration = state.declarations.last { equal(bytes, $0.prefix, prefix) }
        guard declaration != nil || prefix.isEmpty else { return nil }
        if state.capture == nil, !state.open.isEmpty, let declaration, declaration.isWanted, !tag.isEmpty {
            state.capture = (state.open.count, String(decoding: bytes[localName], as: UTF8.self), [])
        }
        if tag.isEmpty {
            state.declarations.removeLast(tag.declarations.count)
        } else {
            state.open.append(OpenElement(name: tag.name, declarations: tag.declarations.count))
        }
        return tag.end
    }

    private struct Declaration {
        /// Where the declared prefix is in the bytes; empty for the default.
        var prefix: Range<Int>
        var isWanted: Bool
    }

    private struct StartTag {
        var name: Range<Int>
        var declarations: [Declaration]
        /// The prefixes of its attributes other than declarations.
        var attributePrefixes: [Range<Int>] = []
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
        guard isQualifiedName(bytes, nameStart..<index) else { return nil }
        var tag = StartTag(name: nameStart..<index, declarations: [], isEmpty: false, end: 0)
        var attributeNames: [Range<Int>] = []
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
            let attributeName = attributeStart..<index
            // A name twice in one tag is an error to the parser.
            guard isQualifiedName(bytes, attributeName), !attributeNames.contains(where: { equal(bytes, $0, attributeName) })
            else { return nil }
            attributeNames.append(attributeName)
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[index]
            guard let valueEnd = ByteSearch.firstIndex(of: quote, in: bytes, from: index + 1) else { return nil }
            let value = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<valueEnd])
            guard ByteSearch.firstIndex(of: UInt8(ascii: "<"), in: value) == nil else { return nil }
            guard ByteSearch.firstIndex(of: 0x0D, in: value) == nil else { return nil }
            // Plain values (nearly all) are compared in place.
            let plain = ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: value) == nil
            let decoded = plain ? nil : decodedText(value)
            guard plain || decoded != nil else { return nil }
            index = valueEnd + 1
            let (prefix, local) = split(bytes, attributeName)
            let declared: Range<Int>
            if prefix.isEmpty, bytes[local].elementsEqual("xmlns".utf8) {
                declared = prefix
            } else if bytes[prefix].elementsEqual("xmlns".utf8) {
                // A prefix cannot be bound to no namespace.
                guard !value.isEmpty else { return nil }
                declared = local
            } else {
                if !prefix.isEmpty { tag.attributePrefixes.append(prefix) }
                continue
            }
            let isWanted = namespaces.contains { namespace in decoded.map { $0 == namespace } ?? value.elementsEqual(namespace) }
            tag.declarations.append(Declaration(prefix: declared, isWanted: isWanted))
        }
    }

    /// The XML declaration's pseudo-attributes, between `<?xml` and `?>`,
    /// when they are what the parser takes without complaint: version 1.0,
    /// then optionally UTF-8 as the encoding (the parser would transcode any
    /// other), then optionally standalone yes or no.
    private static func acceptsDeclaration(_ declaration: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var pairs: [(name: String, value: String)] = []
        var rest = declaration[...]
        while true {
            let trimmed = rest.drop(while: isSpace)
            if trimmed.isEmpty { break }
            // Each pseudo-attribute follows white space.
            guard trimmed.startIndex > rest.startIndex else { return false }
            let name = trimmed.prefix { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
            var after = trimmed[name.endIndex...].drop(while: isSpace)
            guard after.first == UInt8(ascii: "=") else { return false }
            after = after.dropFirst().drop(while: isSpace)
            guard let quote = after.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
                let close = after.dropFirst().firstIndex(of: quote)
            else { return false }
            pairs.append((String(decoding: name, as: UTF8.self), String(decoding: after[after.index(after: after.startIndex)..<close], as: UTF8.self)))
            rest = after[(close + 1)...]
        }
        guard let version = pairs.first, version.name == "version", version.value == "1.0" else { return false }
        var remaining = pairs.dropFirst()
        if let encoding = remaining.first, encoding.name == "encoding" {
            let name = encoding.value.lowercased()
            guard name == "utf-8" || name == "utf8" else { return false }
            remaining = remaining.dropFirst()
        }
        if let standalone = remaining.first, standalone.name == "standalone" {
            guard standalone.value == "yes" || standalone.value == "no" else { return false }
            remaining = remaining.dropFirst()
        }
        return remaining.isEmpty
    }

    /// Text as the parser reports it, the predefined and numeric
    /// references decoded; nil for any other reference or a stray `&`.
    private static func decodedText(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let text = Array(raw)
        guard ByteSearch.firstIndex(of: UInt8(ascii: "&"), in: raw) != nil else { return text }
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

    /// A qualified name's prefix (empty when there is none) and local part.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> (prefix: Range<Int>, local: Range<Int>) {
        guard let colon = bytes[name].firstIndex(of: UInt8(ascii: ":")) else {
            return (name.lowerBound..<name.lowerBound, name)
        }
        return (name.lowerBound..<colon, (colon + 1)..<name.upperBound)
    }

    /// `name` or `prefix:name`, each part an ASCII XML name; anything else
    /// is left to the parser.
    private static func isQualifiedName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var partStart = true
        var colons = 0
        for index in range {
            let byte = bytes[index]
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            if byte == UInt8(ascii: ":") {
                colons += 1
                guard !partStart, colons == 1 else { return false }
                partStart = true
            } else if partStart {
                guard isLetter || byte == UInt8(ascii: "_") else { return false }
                partStart = false
            } else {
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                guard isLetter || isDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                else { return false }
            }
        }
        return !partStart
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
