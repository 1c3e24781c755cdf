/// What one pass over a text's bytes found out: whether they are valid
/// UTF-8 and how many of them are control bytes that text does not use.
///
/// Validation is strict RFC 3629: no overlong forms, no surrogates,
/// nothing above U+10FFFF. Runs of eight ASCII bytes without controls,
/// the bulk of most text, are checked a word at a time.
struct ByteCensus {
    private(set) var isValidUTF8 = true
    private(set) var isASCII = true
    private(set) var nulCount = 0
    /// Controls other than NUL, tab, line feed, vertical tab, form feed,
    /// carriage return, SUB (DOS end of file) and ESC (ISO-2022 and
    /// terminal colours).
    private(set) var strayControlCount = 0
    private(set) var escapeCount = 0
    private(set) var byteCount: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        byteCount = bytes.count
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count {
                // The ASCII bytes of a word (all eight, or those before
                // its first other byte) need no validation, only their
                // controls counted: a line break costs one word, not a
                // byte-by-byte walk past it.
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let high = word & Self.highBits
                if high == 0 {
                    if Self.hasControl(asciiWord: word) { countControls(base + index, count: 8) }
                    index += 8
                    continue
                }
                let ascii = high.trailingZeroBitCount >> 3
                countControls(base + index, count: ascii)
                index += ascii
            }
            let byte = base[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F { countControl(byte) }
                index += 1
                continue
            }
            isASCII = false
            guard isValidUTF8 else {
                index += 1
                continue
            }
            let length = Self.sequenceLength(base, at: index, count: count)
            if length == 0 {
                isValidUTF8 = false
                index += 1
            } else {
                index += length
            }
        }
    }

    /// The census of this text followed by `next`, when `next` starts on
    /// a character boundary: how a file read in pieces is judged whole.
    mutating func add(_ next: ByteCensus) {
        isValidUTF8 = isValidUTF8 && next.isValidUTF8
        isASCII = isASCII && next.isASCII
        nulCount += next.nulCount
        strayControlCount += next.strayControlCount
        escapeCount += next.escapeCount
        byteCount += next.byteCount
    }

    /// More stray controls than 2 plus one in 50 bytes: binary, not text.
    var hasTooManyStrayControls: Bool {
        strayControlCount > 2 + byteCount / 50
    }

    /// Counts the controls among `count` ASCII bytes.
    private mutating func countControls(_ bytes: UnsafePointer<UInt8>, count: Int) {
        for offset in 0..<count where bytes[offset] < 0x20 || bytes[offset] == 0x7F { countControl(bytes[offset]) }
    }

    private mutating func countControl(_ byte: UInt8) {
        switch byte {
        case 0x00: nulCount += 1
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1A: break
        case 0x1B: escapeCount += 1
        default: strayControlCount += 1
        }
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Whether a word of ASCII bytes holds a byte below 0x20 or a DEL.
    private static func hasControl(asciiWord word: UInt64) -> Bool {
        let belowSpace = (word &- ones &* 0x20) & ~word & highBits
        let delete = word ^ (ones &* 0x7F)
        let isDelete = (delete &- ones) & ~delete & highBits
        return belowSpace | isDelete != 0
    }

    /// The length of the well-formed sequence starting at `index`, or 0.
    private static func sequenceLength(_ bytes: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xED: length = 3; high = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; low = 0x90
        case 0xF4: length = 4; high = 0x8F
        case 0xF1...0xF3: length = 4
        default: return 0
        }
        guard index + length <= count else { return 0 }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return 0 }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
        return length
    }
}
