/// Warnings for damaged documents read in part: one wording, so the CLI,
/// reports and the store can tell them from other warnings.
extension ConversionWarning {
    /// How every warning that says a damaged document was recovered begins.
    public static let recoveredPrefix = "the document is damaged and was recovered"

    /// Whether `warning` says the document was recovered from damage.
    public static func isRecovered(_ warning: String) -> Bool {
        warning.hasPrefix(recoveredPrefix)
    }

    /// The warning for a document read around damage; `detail` says what
    /// was damaged and how the rest was found.
    static func recovered(_ detail: String) -> String {
        "\(recoveredPrefix): \(detail)"
    }
}

extension Document {
    /// The document was damaged and read in part; a warning in
    /// `warnings` says what was recovered.
    public var wasRecovered: Bool { warnings.contains(where: ConversionWarning.isRecovered) }
}
