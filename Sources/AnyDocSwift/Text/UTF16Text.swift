/// UTF-16 code units to a `String`, through UTF-8.
///
/// `String(decoding:as: UTF16.self)` takes the standard library's slow
/// generic path (a scalar at a time); binary formats hand over most of
/// their text as UTF-16, so transcoding to UTF-8 bytes first and letting
/// `String` validate those is several times faster. Lone surrogates
/// become U+FFFD, as with `String(decoding:as:)`.
enum UTF16Text {
    static func string<Units: Collection>(_ units: Units) -> String where Units.Element == UInt16 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(units.count * 3)
        var index = units.startIndex
        while index != units.endIndex {
            let unit = units[index]
            units.formIndex(after: &index)
            if unit < 0x80 {
                bytes.append(UInt8(unit))
                continue
            }
            var scalar = UInt32(unit)
            if unit & 0xFC00 == 0xD800 {
                if index != units.endIndex, units[index] & 0xFC00 == 0xDC00 {
                    scalar = 0x10000 + ((UInt32(unit) & 0x3FF) << 10) + (UInt32(units[index]) & 0x3FF)
                    units.formIndex(after: &index)
                } else {
                    scalar = 0xFFFD
                }
            } else if unit & 0xFC00 == 0xDC00 {
                scalar = 0xFFFD
            }
            switch scalar {
            case ..<0x800:
                bytes.append(UInt8(0xC0 | (scalar >> 6)))
                bytes.append(UInt8(0x80 | (scalar & 0x3F)))
            case ..<0x10000:
                bytes.append(UInt8(0xE0 | (scalar >> 12)))
                bytes.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
                bytes.append(UInt8(0x80 | (scalar & 0x3F)))
            default:
                bytes.append(UInt8(0xF0 | (scalar >> 18)))
                bytes.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
                bytes.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
                bytes.append(UInt8(0x80 | (scalar & 0x3F)))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
