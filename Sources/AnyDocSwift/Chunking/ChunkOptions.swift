/// How `Chunker` cuts a document: the hard maximum every chunk keeps to,
/// the unit it is counted in, and how much of the chunk before a chunk
/// repeats at its start.
public struct ChunkOptions: Sendable, Equatable {
    /// What `maxSize` and `overlap` count; raw values are `--chunk-unit`'s names.
    public enum Unit: String, Sendable, CaseIterable {
        /// Unicode scalars, the unit of offsets and of `resource_read`.
        case characters = "chars"
        /// Approximate tokens (`ChunkSize.tokens`): what embedding models count.
        case tokens
    }

    /// No chunk's text is longer than this, in `unit`.
    public var maxSize: Int
    /// The unit of `maxSize` and `overlap`.
    public var unit: Unit
    /// Text from the end of the previous chunk of the same section that
    /// starts a chunk again, in `unit`; at most half of `maxSize`.
    public var overlap: Int

    /// The smallest maximum: room for a word and a repeated table header.
    public static let smallestSize = 16

    /// Clamps `maxSize` to at least `smallestSize` and `overlap` to `0...maxSize / 2`.
    public init(maxSize: Int = 8_000, unit: Unit = .characters, overlap: Int = 0) {
        self.maxSize = max(maxSize, Self.smallestSize)
        self.unit = unit
        self.overlap = min(max(overlap, 0), self.maxSize / 2)
    }

    /// 8,000 characters and no overlap, the cut of the project store's sections.
    public static let `default` = ChunkOptions()
}
