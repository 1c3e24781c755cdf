#if canImport(Glibc)
import Glibc
#endif

/// The character encoding of an HTML document, and decoding it to UTF-8.
///
/// Decided as a browser does, in this order: a byte order mark; a
/// `<meta charset>` or `http-equiv` content type (or an XML declaration,
/// for XHTML) near the start; otherwise UTF-8 when the bytes are UTF-8,
/// else the legacy encoding `EncodingDetector` finds, else windows-1252,
/// the web's default for undeclared legacy pages.
/// Bytes that are valid UTF-8 with non-ASCII characters are read as UTF-8
/// even when a legacy encoding is declared: a page saved as UTF-8 often
/// keeps its old declaration, while legacy text is almost never valid UTF-8
/// by accident.
enum HTMLEncoding: Equatable, Sendable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian
    case windows1252
    /// Any other encoding, by a name iconv knows.
    case other(String)

    /// How far into the document a declaration is looked for.
    private static let prescanLength = 8192

    static func sniff(_ bytes: [UInt8]) -> (encoding: HTMLEncoding, bomLength: Int) {
        let sniffed = sniffChecking(bytes)
        return (sniffed.encoding, sniffed.bomLength)
    }

    /// `knownValidUTF8` tells that the whole of `bytes` was checked and is
    /// valid UTF-8, so decoding it as UTF-8 needs no second check.
    private static func sniffChecking(_ bytes: [UInt8]) -> (encoding: HTMLEncoding, bomLength: Int, knownValidUTF8: Bool) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8, 3, false) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LittleEndian, 2, false) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BigEndian, 2, false) }
        if let utf16 = bomlessUTF16(bytes) { return (utf16, 0, false) }
        let declared = declaredLabel(in: bytes).flatMap(encoding(forLabel:))
        let shape = utf8Shape(bytes)
        let valid = shape.invalid == 0
        if let declared, declared != .utf8 {
            if valid && shape.multibyte > 0 { return (.utf8, 0, true) }
            if valid, case .other(let name) = declared, !name.lowercased().hasPrefix("iso-2022") {
                return (.utf8, 0, true)  // plain ASCII reads the same either way, faster
            }
            return (declared, 0, false)
        }
        // Undeclared or declared UTF-8: UTF-8 unless the bytes say otherwise.
        // A few stray bytes in otherwise good UTF-8 are damage, not another encoding.
        if valid || shape.multibyte >= 4 * shape.invalid { return (.utf8, 0, valid) }
        return (legacyGuess(bytes), 0, false)
    }

    /// The legacy encoding of undeclared text, as the project's detector
    /// judges it; windows-1252 when nothing fits with confidence.
    private static func legacyGuess(_ bytes: [UInt8]) -> HTMLEncoding {
        switch EncodingDetector.rankedCandidates(bytes).first {
        case nil, .windows1252?, .iso8859_1?: return .windows1252
        case let encoding?: return .other(encoding.iconvName)
        }
    }

    /// The encoding a charset label names, or nil when unknown.
    static func encoding(forLabel label: String) -> HTMLEncoding? {
        let name = trimmed(label).lowercased()
        switch name {
        case "": return nil
        case "utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8":
            return .utf8
        // A declaration cannot be UTF-16 (it was read as ASCII): browsers read UTF-8.
        case "utf-16", "utf-16le", "utf-16be", "unicode", "ucs-2", "unicodefffe", "csunicode", "iso-10646-ucs-2":
            return .utf8
        case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1",
             "us-ascii", "ascii", "ansi_x3.4-1968", "cp819", "ibm819", "iso-ir-100", "csisolatin1":
            return .windows1252
        // Supersets, as browsers use them.
        case "gb2312", "gbk", "x-gbk", "csgb2312", "chinese": return .other("GBK")
        case "gb18030": return .other("GB18030")
        case "shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "csshiftjis", "windows-31j", "ms932":
            return .other("CP932")
        case "euc-kr", "ks_c_5601-1987", "ksc5601", "windows-949", "cseuckr": return .other("CP949")
        case "big5", "big5-hkscs", "x-x-big5", "cn-big5", "csbig5": return .other("BIG5-HKSCS")
        case "iso-8859-8-i", "iso-ir-138": return .other("ISO-8859-8")
        case "tis-620", "iso-8859-11": return .other("CP874")
        default:
            guard name.utf8.count <= 40, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
            guard Iconv(from: name) != nil else { return nil }
            return .other(name)
        }
    }

    /// The document as UTF-8, in the encoding `override` names or else the
    /// one `sniff` finds. Valid UTF-8 (most pages) is checked once, not once
    /// to sniff and again to decode.
    static func decodedDocument(_ bytes: [UInt8], override: HTMLEncoding?) -> [UInt8] {
        let sniffed = sniffChecking(bytes)
        let encoding = override ?? sniffed.encoding
        if encoding == .utf8, sniffed.bomLength == 0, sniffed.knownValidUTF8 {
            return withoutNUL(bytes)
        }
        return decode(bytes.dropFirst(sniffed.bomLength), as: encoding)
    }

    /// UTF-8 for `bytes` (without their byte order mark): invalid sequences
    /// become U+FFFD and NUL characters are dropped.
    static func decode(_ bytes: ArraySlice<UInt8>, as encoding: HTMLEncoding) -> [UInt8] {
        var result: [UInt8]
        switch encoding {
        case .utf8:
            if utf8Shape(bytes).invalid == 0 {
                result = Array(bytes)
            } else {
                result = Array(String(decoding: bytes, as: UTF8.self).utf8)
            }
        case .utf16LittleEndian, .utf16BigEndian:
            let little = encoding == .utf16LittleEndian
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = bytes.startIndex
            while index + 1 < bytes.endIndex {
                let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
                units.append(little ? first | second << 8 : first << 8 | second)
                index += 2
            }
            result = Array(String(decoding: units, as: UTF16.self).utf8)
        case .windows1252:
            result = decodeWindows1252(bytes)
        case .other(let name):
            result = iconvDecode(bytes, from: name) ?? decodeWindows1252(bytes)
        }
        return withoutNUL(result)
    }

    /// Drops NUL bytes, which libxml2 would take for the end of the text.
    private static func withoutNUL(_ bytes: [UInt8]) -> [UInt8] {
        let hasNUL = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, 0, buffer.count) != nil
        }
        guard hasNUL else { return bytes }
        var result = bytes
        result.removeAll(where: { $0 == 0 })
        return result
    }

    // MARK: Detection helpers

    /// Counts of well-formed multi-byte sequences and of invalid bytes.
    static func utf8Shape<C: Collection>(_ bytes: C) -> (multibyte: Int, invalid: Int) where C.Element == UInt8, C.Index == Int {
        if let shape = bytes.withContiguousStorageIfAvailable({ utf8Shape(buffer: $0) }) { return shape }
        return Array(bytes).withUnsafeBufferPointer { utf8Shape(buffer: $0) }
    }

    /// The check itself, over contiguous bytes: runs of ASCII (most of any
    /// page's markup) are skipped eight bytes at a time.
    private static func utf8Shape(buffer bytes: UnsafeBufferPointer<UInt8>) -> (multibyte: Int, invalid: Int) {
        var multibyte = 0, invalid = 0
        var index = 0
        let end = bytes.count
        let raw = UnsafeRawBufferPointer(bytes)
        while index < end {
            while index + 8 <= end, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < end else { break }
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: invalid += 1; index += 1; continue
            }
            var valid = index + length <= end
            if valid {
                for offset in 1..<length {
                    let byte = bytes[index + offset]
                    let (low, high) = offset == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
                    if byte < low || byte > high { valid = false; break }
                }
            }
            if valid {
                multibyte += 1
                index += length
            } else if index + length > end && index + 1 < end && (index + 1..<end).allSatisfy({ bytes[$0] & 0xC0 == 0x80 }) {
                // A sequence cut off at the very end: damage, not another encoding.
                invalid += 1
                index = end
            } else {
                invalid += 1
                index += 1
            }
        }
        return (multibyte, invalid)
    }

    /// UTF-16 without a byte order mark, recognised by the NUL bytes of
    /// its ASCII markup.
    private static func bomlessUTF16(_ bytes: [UInt8]) -> HTMLEncoding? {
        switch TextDecoder.unmarkedUTF16(bytes) {
        case .utf16LE?: return .utf16LittleEndian
        case .utf16BE?: return .utf16BigEndian
        default: return nil
        }
    }

    /// The charset named by an XML declaration or the first `<meta>` that
    /// declares one, looked for outside comments near the start.
    static func declaredLabel(in bytes: [UInt8]) -> String? {
        let end = min(bytes.count, prescanLength)
        var index = 0
        if end >= 5, matches(bytes, at: 0, "<?xml") {
            let close = firstIndex(of: Array("?>".utf8), in: bytes, from: 0, to: end) ?? end
            if let label = attributes(in: bytes, from: 5, to: close).first(where: { $0.name == "encoding" })?.value {
                return label
            }
        }
        while index < end {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if matches(bytes, at: index, "<!--") {
                guard let close = firstIndex(of: Array("-->".utf8), in: bytes, from: index + 4, to: end) else { return nil }
                index = close + 3
                continue
            }
            if matches(bytes, at: index, "<meta"), index + 5 < end, isSpaceOrSlash(bytes[index + 5]) {
                let close = firstIndex(of: [UInt8(ascii: ">")], in: bytes, from: index + 5, to: end) ?? end
                let attributes = attributes(in: bytes, from: index + 5, to: close)
                if let charset = attributes.first(where: { $0.name == "charset" })?.value, !charset.isEmpty {
                    return charset
                }
                let equiv = attributes.first(where: { $0.name == "http-equiv" })?.value.lowercased()
                if equiv == "content-type", let content = attributes.first(where: { $0.name == "content" })?.value,
                   let charset = charset(inContentType: content) {
                    return charset
                }
                index = close
                continue
            }
            index += 1
        }
        return nil
    }

    /// `text/html; charset=x` → `x`.
    static func charset(inContentType content: String) -> String? {
        let lower = content.lowercased()
        guard let offset = lower.utf8OffsetOf("charset") else { return nil }
        var rest = lower[lower.utf8.index(lower.startIndex, offsetBy: offset + 7)...].drop(while: { $0 == " " || $0 == "\t" })
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" })
        let value = rest.prefix(while: { $0 != ";" && $0 != "\"" && $0 != "'" && $0 != " " && $0 != "\t" })
        return value.isEmpty ? nil : String(value)
    }

    /// Name–value pairs of a tag's attributes between `start` and `end`,
    /// names in lower case.
    private static func attributes(in bytes: [UInt8], from start: Int, to end: Int) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var index = start
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        while index < end, result.count < 32 {
            while index < end, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?") {
                index += 1
            }
            let nameStart = index
            while index < end, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: "/") {
                index += 1
            }
            guard index > nameStart else { break }
            let name = String(decoding: bytes[nameStart..<index].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
            while index < end, isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < end, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < end, isSpace(bytes[index]) { index += 1 }
                if index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < end, bytes[index] != quote { index += 1 }
                    value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                    index += 1
                } else {
                    let valueStart = index
                    while index < end, !isSpace(bytes[index]) { index += 1 }
                    value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                }
            }
            result.append((name, value))
        }
        return result
    }

    private static func matches(_ bytes: [UInt8], at index: Int, _ ascii: StaticString) -> Bool {
        let count = ascii.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pattern = UnsafeBufferPointer(start: ascii.utf8Start, count: count)
        for offset in 0..<count {
            var byte = bytes[index + offset]
            if byte >= 0x41 && byte <= 0x5A { byte += 32 }
            if byte != pattern[offset] { return false }
        }
        return true
    }

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        guard !pattern.isEmpty, start <= end - pattern.count else { return nil }
        var index = start
        while index <= end - pattern.count {
            if bytes[index] == pattern[0] && bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    private static func isSpaceOrSlash(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == UInt8(ascii: "/")
    }

    private static func trimmed(_ text: String) -> String {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !($0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D)) }) else { return "" }
        let last = bytes.lastIndex(where: { !($0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D)) }) ?? first
        return String(text[first...last])
    }

    // MARK: Decoders

    /// windows-1252 differs from Latin-1 only in 0x80–0x9F.
    private static let windows1252High: [UInt16] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    private static func decodeWindows1252(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                result.append(byte)
                continue
            }
            let scalar = byte < 0xA0 ? UInt32(windows1252High[Int(byte) - 0x80]) : UInt32(byte)
            // Every value here is below U+2200: two or three bytes.
            if scalar < 0x800 {
                result.append(UInt8(0xC0 | scalar >> 6))
                result.append(UInt8(0x80 | scalar & 0x3F))
            } else {
                result.append(UInt8(0xE0 | scalar >> 12))
                result.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                result.append(UInt8(0x80 | scalar & 0x3F))
            }
        }
        return result
    }

    /// Decodes through iconv; an undecodable byte becomes U+FFFD and
    /// decoding goes on after it. Nil when iconv does not know `name`.
    private static func iconvDecode(_ bytes: ArraySlice<UInt8>, from name: String) -> [UInt8]? {
        guard let iconv = Iconv(from: name) else { return nil }
        return iconv.withDescriptor { converter in decode(bytes, with: converter) }
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, with converter: iconv_t) -> [UInt8] {
        var input = Array(bytes)
        var result: [UInt8] = []
        result.reserveCapacity(input.count * 2)
        var output = [UInt8](repeating: 0, count: 1 << 16)
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                guard let inputBase = inputBuffer.baseAddress, let outputBase = outputBuffer.baseAddress else { return }
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inputBase).assumingMemoryBound(to: CChar.self)
                var inLeft = inputBuffer.count
                while inLeft > 0 {
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outputBase).assumingMemoryBound(to: CChar.self)
                    var outLeft = outputBuffer.count
                    let status = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                    result.append(contentsOf: UnsafeBufferPointer(start: outputBase, count: outputBuffer.count - outLeft))
                    if status != -1 { continue }
                    switch errno {
                    case E2BIG:
                        continue
                    case EILSEQ:
                        result.append(contentsOf: replacement)
                        inPointer = inPointer.map { $0 + 1 }
                        inLeft -= 1
                    default:  // EINVAL: a sequence cut off at the end
                        result.append(contentsOf: replacement)
                        inLeft = 0
                    }
                }
                // Flush any shift state (ISO-2022 and the like).
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outputBase).assumingMemoryBound(to: CChar.self)
                var outLeft = outputBuffer.count
                _ = iconv(converter, nil, nil, &outPointer, &outLeft)
                result.append(contentsOf: UnsafeBufferPointer(start: outputBase, count: outputBuffer.count - outLeft))
            }
        }
        return result
    }
}

