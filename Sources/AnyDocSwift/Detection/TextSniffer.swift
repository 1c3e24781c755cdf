/// Tells text from binary with a cheap look at the first bytes.
///
/// Text is anything with a Unicode byte-order mark, UTF-16 or UTF-32
/// without one (recognised by where its zero bytes fall), or bytes with
/// almost no control characters. Legacy encodings (Shift_JIS, GBK, Big5,
/// KOI8, Windows code pages) never use bytes below 0x20 for letters, so
/// this holds for them too; ESC (ISO-2022) and SUB (DOS end of file)
/// count as text. Binary files are rich in NULs and other controls.
enum TextSniffer {
    /// How the text's code units are laid out.
    enum Layout: Equatable {
        case bytes
        case utf16(littleEndian: Bool)
        case utf32(littleEndian: Bool)
    }

    /// The sample size: enough to judge, cheap for any file.
    static let sampleSize = 64 << 10

    static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        if byteOrderMark(bytes) != nil { return true }
        if unicodeLayout(bytes) != .bytes { return true }
        let sample = bytes.prefix(sampleSize)
        var suspicious = 0
        for byte in sample where byte < 0x20 || byte == 0x7F {
            switch byte {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1A, 0x1B: continue
            default: suspicious += 1
            }
        }
        // A stray NUL in a short CSV is still text; a binary header has
        // several controls in any few dozen bytes.
        return suspicious <= 2 + sample.count / 50
    }

    /// The byte-order mark at the start and the layout it announces.
    static func byteOrderMark(_ bytes: [UInt8]) -> (layout: Layout, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.bytes, 3) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32(littleEndian: true), 4) }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32(littleEndian: false), 4) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16(littleEndian: true), 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16(littleEndian: false), 2) }
        return nil
    }

    /// The layout of text without a byte-order mark: UTF-16 and UTF-32
    /// of mostly Latin text put their zero bytes in fixed lanes.
    static func unicodeLayout(_ bytes: [UInt8]) -> Layout {
        if let mark = byteOrderMark(bytes) { return mark.layout }
        let sample = bytes.prefix(sampleSize)
        guard sample.count >= 4 else { return .bytes }
        var zeros = [0, 0, 0, 0]
        for (offset, byte) in sample.enumerated() where byte == 0 { zeros[offset & 3] += 1 }
        let lane = sample.count / 4
        let total = zeros.reduce(0, +)
        guard total > 0 else { return .bytes }
        func mostly(_ count: Int) -> Bool { count * 10 >= lane * 9 }
        func rarely(_ count: Int) -> Bool { count * 10 <= lane }
        var candidate = Layout.bytes
        let even = zeros[0] + zeros[2], odd = zeros[1] + zeros[3]
        let pairs = sample.count / 2
        if mostly(zeros[1]) && mostly(zeros[2]) && mostly(zeros[3]) && rarely(zeros[0]) {
            candidate = .utf32(littleEndian: true)
        } else if mostly(zeros[0]) && mostly(zeros[1]) && mostly(zeros[2]) && rarely(zeros[3]) {
            candidate = .utf32(littleEndian: false)
        } else if odd * 10 >= pairs * 4 && even * 20 <= pairs {
            // At least 40% of one lane zero and the other nearly free of them.
            candidate = .utf16(littleEndian: true)
        } else if even * 10 >= pairs * 4 && odd * 20 <= pairs {
            candidate = .utf16(littleEndian: false)
        }
        guard candidate != .bytes else { return .bytes }
        // Tables of small binary integers share the zero pattern; text
        // decodes to almost no control characters.
        let units = asciiView(sample, layout: candidate, skip: 0, limit: sampleSize)
        let controls = units.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0C && $0 != 0x0D }.count
        return controls <= 2 + units.count / 50 ? candidate : .bytes
    }

    /// The first `limit` characters as bytes, non-ASCII characters as
    /// 0x80: enough to look for ASCII markup in any Unicode layout.
    static func asciiView(_ bytes: [UInt8], limit: Int) -> [UInt8] {
        asciiView(bytes[...], layout: unicodeLayout(bytes), skip: byteOrderMark(bytes)?.length ?? 0, limit: limit)
    }

    private static func asciiView(_ bytes: ArraySlice<UInt8>, layout: Layout, skip: Int, limit: Int) -> [UInt8] {
        let width: Int
        switch layout {
        case .bytes: width = 1
        case .utf16: width = 2
        case .utf32: width = 4
        }
        // Only the prefix that can matter is copied, whatever the input size.
        let start = bytes.startIndex + min(skip, bytes.count)
        let units = Array(bytes[start..<(start + min(bytes.count - (start - bytes.startIndex), limit * width))])
        switch layout {
        case .bytes:
            return units
        case .utf16(let little):
            return stride(from: 0, to: units.count - 1, by: 2).map { index in
                let unit = little ? UInt16(units[index]) | UInt16(units[index + 1]) << 8 : UInt16(units[index]) << 8 | UInt16(units[index + 1])
                return unit < 0x80 ? UInt8(unit) : 0x80
            }
        case .utf32(let little):
            return stride(from: 0, to: units.count - 3, by: 4).map { index in
                let ordered = little ? Array(units[index..<(index + 4)].reversed()) : Array(units[index..<(index + 4)])
                let unit = ordered.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                return unit < 0x80 ? UInt8(unit) : 0x80
            }
        }
    }
}
