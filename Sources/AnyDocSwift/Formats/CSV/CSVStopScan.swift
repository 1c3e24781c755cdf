/// Finds where unquoted fields stop (the next delimiter, LF or CR) in a
/// reader's bytes, eight bytes at a time, remembering the marks of the
/// last word it loaded: fields are short, so the next stop is often in
/// the word where the last one was found, and is then read off its marks
/// without loading or testing the word again.
///
/// The marks are exact for every byte (`ByteWord`), which is what lets
/// later bytes of a word be read off them.
struct CSVStopScan {
    private let delimiters: UInt64
    /// Where the word whose marks are kept starts; -1 for none.
    private var wordStart = -1
    private var marks: UInt64 = 0

    /// A scan for `delimiter`, LF and CR.
    init(delimiter: UInt8) {
        delimiters = ByteWord.repeating(delimiter)
    }

    @inline(__always)
    private func marks(of word: UInt64) -> UInt64 {
        ByteWord.equalMarks(word, delimiters) | ByteWord.equalMarks(word, ByteWord.repeating(0x0A))
            | ByteWord.equalMarks(word, ByteWord.repeating(0x0D))
    }

    /// The index of the first stop at or after `start` in `bytes`;
    /// `bytes.count` when there is none.
    @inline(__always)
    mutating func firstStop(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let count = bytes.count
        var word = start & ~7
        if word + 8 <= count {
            if word != wordStart {
                wordStart = word
                marks = marks(of: UInt64(littleEndian: UnsafeRawPointer(base + word).loadUnaligned(as: UInt64.self)))
            }
            let ahead = marks & (~0 << UInt64(8 * (start - word)))
            if ahead != 0 { return word + ahead.trailingZeroBitCount >> 3 }
            word += 8
            while word + 8 <= count {
                let found = marks(of: UInt64(littleEndian: UnsafeRawPointer(base + word).loadUnaligned(as: UInt64.self)))
                if found != 0 {
                    wordStart = word
                    marks = found
                    return word + found.trailingZeroBitCount >> 3
                }
                word += 8
            }
        }
        var index = max(start, word)
        let delimiter = UInt8(truncatingIfNeeded: delimiters)
        while index < count {
            let byte = base[index]
            if byte == delimiter || byte == 0x0A || byte == 0x0D { return index }
            index += 1
        }
        return count
    }
}
