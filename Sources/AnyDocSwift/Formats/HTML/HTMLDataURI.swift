/// A `data:` URI taken apart: an embedded image's media type and bytes.
struct HTMLDataURI: Equatable {
    var mediaType: String
    var bytes: [UInt8]

    /// Parses `data:[type][;params][;base64],payload`; nil when `uri` is
    /// not a data URI or its payload does not decode.
    init?(_ uri: String) {
        let utf8 = Array(uri.utf8)
        guard utf8.count >= 5,
              utf8[0] | 0x20 == UInt8(ascii: "d"), utf8[1] | 0x20 == UInt8(ascii: "a"),
              utf8[2] | 0x20 == UInt8(ascii: "t"), utf8[3] | 0x20 == UInt8(ascii: "a"), utf8[4] == UInt8(ascii: ":"),
              let comma = utf8.firstIndex(of: UInt8(ascii: ","))
        else { return nil }
        let header = String(decoding: utf8[5..<comma], as: UTF8.self).lowercased()
        let parameters: [String] = header.split(separator: ";").map { String($0.filter { $0 != " " }) }
        let isBase64 = parameters.contains("base64")
        let type = parameters.first ?? ""
        mediaType = type.containsByte(UInt8(ascii: "/")) ? type : "text/plain"
        let payload = Self.percentDecoded(utf8[(comma + 1)...])
        if isBase64 {
            guard let decoded = Self.base64Decoded(payload) else { return nil }
            bytes = decoded
        } else {
            bytes = payload
        }
    }

    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "%")) else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Standard or URL-safe base64; whitespace is skipped and padding is
    /// optional. Nil on any other character.
    static func base64Decoded(_ bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="): return result
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C: continue
            default: return nil
            }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                result.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        return result
    }
}
