/// Turns UTF-16 code units from the file into text a reader can see.
enum PPTCharacters {
    /// The scalar starting at `index` and how many units it takes; nil
    /// for an unpaired surrogate or a character that shows nothing
    /// (C0 and C1 controls other than tab, noncharacters).
    static func scalar(in units: [UInt16], at index: Int) -> (scalar: Unicode.Scalar?, width: Int) {
        let unit = units[index]
        if UTF16.isLeadSurrogate(unit) {
            guard index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) else { return (nil, 1) }
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
            return (Unicode.Scalar(value).flatMap(visible), 2)
        }
        return (Unicode.Scalar(UInt32(unit)).flatMap(visible), 1)
    }

    /// Text of units with no structure of their own (names, addresses).
    static func string(_ units: [UInt16]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(units.count)
        var index = 0
        while index < units.count {
            let (scalar, width) = scalar(in: units, at: index)
            if let scalar { appendUTF8(scalar, to: &text) }
            index += width
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends a scalar as UTF-8; ASCII, most of any text, as one byte.
    @inline(__always)
    static func appendUTF8(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
        if scalar.isASCII {
            text.append(UInt8(truncatingIfNeeded: scalar.value))
        } else {
            UTF8.encode(scalar) { text.append($0) }
        }
    }

    private static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x09: return scalar
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: return nil
        default: return scalar
        }
    }
}
