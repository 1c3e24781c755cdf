/// Choices a caller makes about a conversion.
public struct ConversionOptions: Sendable {
    public var limits: Limits = .default
    /// Read the input as this format instead of detecting it.
    public var format: DocumentFormat?
    /// Include sheets a workbook marks hidden.
    public var includeHiddenSheets = false
    /// Include page headers and footers (DOCX, ODT).
    public var includeHeadersAndFooters = false
    /// Render comments as footnotes.
    public var includeComments = true
    /// Tracked changes: keep insertions and drop deletions, or show both.
    public var showTrackedDeletions = false
    /// PDF password, for encrypted PDFs.
    public var password: String?

    public init() {}
}
