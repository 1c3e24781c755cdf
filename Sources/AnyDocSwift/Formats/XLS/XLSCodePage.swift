/// Decodes the 8-bit strings of BIFF2-5 workbooks, which are in the code
/// page the CODEPAGE record names (Windows-1252 when there is none).
/// Bytes the code page cannot decode fall back to Windows-1252, then to
/// Latin-1, so a string is never lost.
final class XLSCodePage {
    private let converter: Iconv?
    @exclusivity(unchecked)
    private var fallback: Iconv?

    /// `identifier` as the CODEPAGE record stores it.
    init(identifier: UInt16?) {
        converter = Iconv(from: Self.iconvName(for: identifier))
    }

    static func iconvName(for identifier: UInt16?) -> String {
        switch identifier {
        case 367: "ASCII"
        case 437, 720, 737, 775, 850, 852, 855, 857, 858, 860, 861, 862, 863, 864, 865, 866, 869, 874:
            "CP\(identifier ?? 1252)"
        case 932: "CP932"
        case 936: "GBK"
        case 949: "CP949"
        case 950: "BIG5"
        case 1250, 1251, 1252, 1253, 1254, 1255, 1256, 1257, 1258: "CP\(identifier ?? 1252)"
        case 1361: "JOHAB"
        case 10000, 32768: "MACINTOSH"
        case 10006: "MACGREEK"
        case 10007: "MAC-CYRILLIC"
        case 10029: "MAC-CENTRALEUROPE"
        default: "CP1252"
        }
    }

    func decode(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let converted = converter?.convert(bytes) { return String(decoding: converted, as: UTF8.self) }
        if fallback == nil { fallback = Iconv(from: "CP1252") }
        if let converted = fallback?.convert(bytes) { return String(decoding: converted, as: UTF8.self) }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
