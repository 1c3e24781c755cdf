/// A character encoding that text input can arrive in.
///
/// Some cases name a subset of another case's repertoire (`gbk` of
/// `gb18030`, `eucKR` of `cp949`, `iso8859_1` of `windows1252`): they
/// decode the same way and are only reported when the bytes use nothing
/// beyond the subset.
enum TextEncoding: Sendable, Equatable {
    case utf8
    case utf16LE, utf16BE, utf32LE, utf32BE
    case iso2022JP, shiftJIS, eucJP
    case gb18030, gbk, big5
    case eucKR, cp949
    case windows1252, iso8859_1, windows1250
    case windows1251, koi8R, ibm866
    case iso8859_7, windows1253
    case windows1255, windows1256
    case ibm037

    /// The name reported to callers, as IANA registers it.
    var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LE: "UTF-16LE"
        case .utf16BE: "UTF-16BE"
        case .utf32LE: "UTF-32LE"
        case .utf32BE: "UTF-32BE"
        case .iso2022JP: "ISO-2022-JP"
        case .shiftJIS: "Shift_JIS"
        case .eucJP: "EUC-JP"
        case .gb18030: "GB18030"
        case .gbk: "GBK"
        case .big5: "Big5"
        case .eucKR: "EUC-KR"
        case .cp949: "CP949"
        case .windows1252: "windows-1252"
        case .iso8859_1: "ISO-8859-1"
        case .windows1250: "windows-1250"
        case .windows1251: "windows-1251"
        case .koi8R: "KOI8-R"
        case .ibm866: "IBM866"
        case .iso8859_7: "ISO-8859-7"
        case .windows1253: "windows-1253"
        case .windows1255: "windows-1255"
        case .windows1256: "windows-1256"
        case .ibm037: "IBM037"
        }
    }

    /// The glibc iconv name that decodes it. Shift_JIS is read as CP932
    /// (Windows-31J), the variant Windows writes, which adds NEC and IBM
    /// extensions such as circled digits.
    var iconvName: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LE: "UTF-16LE"
        case .utf16BE: "UTF-16BE"
        case .utf32LE: "UTF-32LE"
        case .utf32BE: "UTF-32BE"
        case .iso2022JP: "ISO-2022-JP"
        case .shiftJIS: "CP932"
        case .eucJP: "EUC-JP"
        case .gb18030, .gbk: "GB18030"
        case .big5: "BIG5"
        case .eucKR, .cp949: "CP949"
        case .windows1252, .iso8859_1: "CP1252"
        case .windows1250: "CP1250"
        case .windows1251: "CP1251"
        case .koi8R: "KOI8-R"
        case .ibm866: "IBM866"
        case .iso8859_7: "ISO-8859-7"
        case .windows1253: "CP1253"
        case .windows1255: "CP1255"
        case .windows1256: "CP1256"
        case .ibm037: "IBM037"
        }
    }
}
