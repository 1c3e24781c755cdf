/// The size of a run of text in both units a chunk can be counted in.
///
/// Tokens are estimated so that the estimate of a whole is never more
/// than the sum of its parts' (a word cut in two counts at least as much
/// as the word), which is what lets pieces be measured one by one and a
/// chunk still keep to its limit: a run of ASCII letters and digits
/// counts a token per four, other ASCII punctuation one each, white space
/// nothing, and every other scalar (CJK, accented letters) one.
public struct ChunkSize: Sendable, Equatable {
    /// Length in Unicode scalars.
    public var characters = 0
    /// Estimated tokens, counted as described above.
    public var tokens = 0

    /// A size of the given counts; zero, the size of no text, by default.
    public init(characters: Int = 0, tokens: Int = 0) {
        self.characters = characters
        self.tokens = tokens
    }

    /// The count in `unit`: `characters` or `tokens`.
    public func measure(_ unit: ChunkOptions.Unit) -> Int {
        unit == .characters ? characters : tokens
    }

    /// Two runs' sizes added unit by unit: never fewer tokens than the joined run's estimate.
    public static func + (lhs: ChunkSize, rhs: ChunkSize) -> ChunkSize {
        ChunkSize(characters: lhs.characters + rhs.characters, tokens: lhs.tokens + rhs.tokens)
    }

    /// What is left of `lhs` without a part of it, unit by unit.
    public static func - (lhs: ChunkSize, rhs: ChunkSize) -> ChunkSize {
        ChunkSize(characters: lhs.characters - rhs.characters, tokens: lhs.tokens - rhs.tokens)
    }

    /// The size of UTF-8 text.
    public static func of<Bytes: Collection>(_ bytes: Bytes) -> ChunkSize where Bytes.Element == UInt8 {
        var counter = Counter()
        for byte in bytes { counter.add(byte) }
        return counter.size
    }

    /// The size of a string, counted over its UTF-8.
    public static func of(_ text: String) -> ChunkSize { of(text.utf8) }

    /// Counts bytes one at a time, so a caller can stop at a limit.
    struct Counter {
        private(set) var characters = 0
        private var wordTokens = 0
        private var wordLength = 0

        var size: ChunkSize {
            ChunkSize(characters: characters, tokens: wordTokens + (wordLength + 3) / 4)
        }

        mutating func add(_ byte: UInt8) {
            guard byte & 0xC0 != 0x80 else { return }
            characters += 1
            if byte < 0x80, Self.isWordByte[Int(byte)] {
                wordLength += 1
                return
            }
            wordTokens += (wordLength + 3) / 4
            wordLength = 0
            if byte >= 0x80 || !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) { wordTokens += 1 }
        }

        private static let isWordByte: [Bool] = (0..<128).map { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }
}
