/// Checks that bytes are UTF-8 holding only characters XML allows, as
/// libxml2 would before parsing them: no C0 controls but tab and line
/// breaks, no surrogates, overlong forms, U+FFFE or U+FFFF. Plain ASCII
/// goes eight bytes at a time.
enum XMLCharacterCheck {
    /// The offset up to which `bytes` from `start` are valid; a sequence
    /// cut off by the end of the buffer is left for the next call.
    /// Throws `.unsupported` at the first invalid byte.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(SheetScanStop) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        var index = start
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // No high bit and no byte below 0x20: plain printable ASCII.
                let low = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                if (word | low) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte < 0x80 {
                guard byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { throw .unsupported }
                index += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            switch byte {
            case 0xC2...0xDF: length = 2; scalar = UInt32(byte & 0x1F)
            case 0xE0...0xEF: length = 3; scalar = UInt32(byte & 0x0F)
            case 0xF0...0xF4: length = 4; scalar = UInt32(byte & 0x07)
            default: throw .unsupported
            }
            guard index + length <= count else { return index }
            for offset in 1..<length {
                let next = base[index + offset]
                guard next & 0xC0 == 0x80 else { throw .unsupported }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            switch length {
            case 3: guard scalar >= 0x800, !(0xD800...0xDFFF).contains(scalar), scalar != 0xFFFE, scalar != 0xFFFF else { throw .unsupported }
            case 4: guard scalar >= 0x10000, scalar <= 0x10FFFF else { throw .unsupported }
            default: break
            }
            index += length
        }
        return index
    }
}
