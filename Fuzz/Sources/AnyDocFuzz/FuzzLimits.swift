import AnyDocSwift

/// Limits far below the defaults, so that a fuzzer spends its time on
/// crashes rather than on legitimately large work, and a runaway loop
/// ends at the deadline well inside libFuzzer's per-input timeout.
enum FuzzLimits {
    static let limits: Limits = {
        var limits = Limits()
        limits.maxInputBytes = 4 << 20
        limits.maxEntryBytes = 8 << 20
        limits.maxTotalDecompressedBytes = 32 << 20
        limits.maxArchiveEntries = 2_000
        limits.maxXMLNodes = 200_000
        limits.maxTableCells = 200_000
        limits.maxOutputBytes = 8 << 20
        limits.outputRatioGraceBytes = 1 << 20
        limits.timeLimitSeconds = 1
        return limits
    }()

    /// Options for a conversion forced to `format`; OCR is off because
    /// rendering and recognising pages is slow and outside the parsers.
    static func options(format: DocumentFormat?) -> ConversionOptions {
        var options = ConversionOptions()
        options.limits = limits
        options.format = format
        options.ocrMode = .never
        options.includeHiddenSheets = true
        options.includeHeadersAndFooters = true
        options.showTrackedDeletions = true
        return options
    }
}
