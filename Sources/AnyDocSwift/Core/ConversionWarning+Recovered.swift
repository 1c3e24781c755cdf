/// Damaged legacy documents read around their damage say so in the same
/// `damaged part` form as OOXML parts recovered or skipped, so the CLI,
/// reports, the store and library callers tell them apart from other
/// warnings one way (`ConversionWarning.isDamagedPart`).
extension ConversionWarning {
    /// The warning for a presentation whose index (user edits, persist
    /// directory) was damaged and whose slides were found by scanning;
    /// `detail` names the stream, the damage and how the slides were found.
    static func recovered(_ detail: String) -> String {
        "\(damagedPartPrefix)\(detail)"
    }
}
