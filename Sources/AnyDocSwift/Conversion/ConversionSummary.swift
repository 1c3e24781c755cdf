/// What a conversion written straight to an output reports: the format it
/// was read as and what it lost without failing.
public struct ConversionSummary: Sendable, Equatable {
    public var format: DocumentFormat
    /// Things a reader should know, such as that a document with content
    /// gave no text (`ConversionWarning.isNoText`).
    public var warnings: [String]

    public init(format: DocumentFormat, warnings: [String]) {
        self.format = format
        self.warnings = warnings
    }
}
