/// What a conversion written straight to an output reports: the format it
/// was read as and what it lost without failing.
public struct ConversionSummary: Sendable, Equatable {
    /// The format the input was read as, detected or forced by `ConversionOptions.format`.
    public var format: DocumentFormat
    /// Things a reader should know, such as that a document with content
    /// gave no text (`ConversionWarning.isNoText`).
    public var warnings: [String]

    /// A summary of a conversion read as `format` that reported `warnings`.
    public init(format: DocumentFormat, warnings: [String]) {
        self.format = format
        self.warnings = warnings
    }
}
