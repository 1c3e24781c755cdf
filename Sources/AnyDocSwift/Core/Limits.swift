/// The safety limits every converter enforces on untrusted input.
///
/// Declared sizes in a file are never trusted: archive and XML readers
/// count what they actually produce and stop at these numbers with a
/// `resource limit` error.
public struct Limits: Sendable, Equatable {
    /// Largest input file read, in bytes.
    public var maxInputBytes: Int = 512 << 20
    /// Largest single entry of a ZIP container once inflated.
    public var maxEntryBytes: Int = 256 << 20
    /// All entries of one container together, once inflated.
    public var maxTotalDecompressedBytes: Int = 1 << 30
    /// Inflated size over compressed size above which an entry is a bomb.
    public var maxCompressionRatio: Int = 1_000
    /// Entries smaller than this are exempt from the ratio check: tiny,
    /// highly repetitive parts are normal.
    public var compressionRatioGraceBytes: Int = 1 << 20
    /// Entries in one ZIP container.
    public var maxArchiveEntries: Int = 100_000
    /// Element nesting depth in XML and HTML; group depth in RTF; list
    /// and table nesting in the model.
    public var maxNestingDepth: Int = 256
    /// XML nodes read from one part.
    public var maxXMLNodes: Int = 4_000_000
    /// Table cells (grid slots) in one document.
    public var maxTableCells: Int = 4_000_000
    /// Markdown written for one document, in bytes.
    public var maxOutputBytes: Int = 256 << 20
    /// Markdown written over input bytes above which a document is an
    /// expansion bomb (a few cells repeating one huge string, say).
    public var maxOutputRatio: Int = 100
    /// Output below this size is exempt from the ratio check.
    public var outputRatioGraceBytes: Int = 16 << 20
    /// Wall-clock time for one document, in seconds.
    public var timeLimitSeconds: Double = 120

    /// The default limits; change single fields afterwards.
    public init() {}

    /// The defaults: generous for real documents, fatal for bombs.
    public static let `default` = Limits()
}
