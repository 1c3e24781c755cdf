/// Turns the bytes of `\'hh` escapes and literal text into Unicode, in
/// the code page that was current when they were read.
///
/// Bytes are gathered until something else happens so that the two bytes
/// of a CJK character, often written as two escapes, decode together.
final class RTFTextDecoder {
    @exclusivity(unchecked)
    private var pending: [UInt8] = []
    @exclusivity(unchecked)
    private var pendingCodePage = 1252
    @exclusivity(unchecked)
    private var converters: [Int: Iconv?] = [:]

    var isEmpty: Bool { pending.isEmpty }

    func append(_ byte: UInt8, codePage: Int) -> String? {
        var flushed: String?
        if !pending.isEmpty, codePage != pendingCodePage { flushed = flush() }
        pendingCodePage = codePage
        pending.append(byte)
        return flushed
    }

    func append(_ bytes: ArraySlice<UInt8>, codePage: Int) -> String? {
        var flushed: String?
        if !pending.isEmpty, codePage != pendingCodePage { flushed = flush() }
        pendingCodePage = codePage
        pending.append(contentsOf: bytes)
        return flushed
    }

    /// Everything gathered so far, decoded.
    func flush() -> String? {
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll(keepingCapacity: true) }
        if pending.allSatisfy({ $0 < 0x80 }) { return String(decoding: pending, as: UTF8.self) }
        let converter = converter(for: pendingCodePage)
        if let converter, let utf8 = converter.convert(pending[...]) {
            return String(decoding: utf8, as: UTF8.self)
        }
        return decodePiecewise(converter)
    }

    /// Decodes character by character, dropping bytes the code page does
    /// not define, when the whole run is not valid.
    private func decodePiecewise(_ converter: Iconv?) -> String {
        var result = ""
        var index = 0
        let doubleByte = Self.isDoubleByte(pendingCodePage)
        while index < pending.count {
            let byte = pending[index]
            if byte < 0x80 {
                result.unicodeScalars.append(Unicode.Scalar(byte))
                index += 1
                continue
            }
            let width = doubleByte && Self.isLeadByte(byte, codePage: pendingCodePage) && index + 1 < pending.count ? 2 : 1
            if let converter, let utf8 = converter.convert(pending[index..<(index + width)]) {
                result += String(decoding: utf8, as: UTF8.self)
            }
            index += width
        }
        return result
    }

    private func converter(for codePage: Int) -> Iconv? {
        if let cached = converters[codePage] { return cached }
        let made = Iconv(from: Self.iconvName(codePage)) ?? Iconv(from: "CP1252")
        converters[codePage] = made
        return made
    }

    static func iconvName(_ codePage: Int) -> String {
        switch codePage {
        case 10000: "MACINTOSH"
        case 65001: "UTF-8"
        case 54936: "GB18030"
        case 20866: "KOI8-R"
        case 28591...28599: "ISO-8859-\(codePage - 28590)"
        default: "CP\(codePage)"
        }
    }

    static func isDoubleByte(_ codePage: Int) -> Bool {
        codePage == 932 || codePage == 936 || codePage == 949 || codePage == 950
    }

    static func isLeadByte(_ byte: UInt8, codePage: Int) -> Bool {
        switch codePage {
        case 932: (0x81...0x9F).contains(byte) || (0xE0...0xFC).contains(byte)
        case 936, 949, 950: (0x81...0xFE).contains(byte)
        default: false
        }
    }
}
