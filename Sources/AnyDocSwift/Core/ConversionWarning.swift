/// Warnings the library adds to a conversion of its own accord, worded
/// so that callers (the CLI, the store, reports) can recognise them in
/// `Document.warnings` and `MarkdownWriter.warnings`.
public enum ConversionWarning {
    /// How every warning that says a document gave no text begins.
    public static let noTextPrefix = "no text was"

    /// Whether `warning` says that the document's text is missing.
    public static func isNoText(_ warning: String) -> Bool {
        warning.hasPrefix(noTextPrefix)
    }

    /// How every warning about a damaged part begins: one whose text was
    /// recovered by a tolerant parse, or an auxiliary part (styles,
    /// numbering, comments) skipped so that the rest converts.
    public static let damagedPartPrefix = "damaged part "

    /// Whether `warning` says that a damaged part was recovered or skipped.
    public static func isDamagedPart(_ warning: String) -> Bool {
        warning.hasPrefix(damagedPartPrefix)
    }

    /// The warning for a part read past its damage: its text is what a
    /// tolerant parse made of it.
    static func recoveredPart(_ part: String, error: ConversionError) -> String {
        "\(damagedPartPrefix)\(part): \(error.reason); its text was recovered and some of it may be missing"
    }

    /// The warning for an auxiliary part left out; `consequence` says what
    /// the document lacks for it ("default formatting is used").
    static func skippedPart(_ part: String, error: ConversionError, consequence: String) -> String {
        "\(damagedPartPrefix)\(part): \(error.reason); skipped, \(consequence)"
    }

    /// The warning for a document that converted to no text although it
    /// has content; nil when there was nothing to convert (an empty or
    /// blank text file), where an empty result is the right one.
    static func noText(format: DocumentFormat, bytes: [UInt8], pageCount: Int?) -> String? {
        noText(format: format, byteCount: bytes.count, hasContent: hasContent(bytes, format: format), pageCount: pageCount)
    }

    /// `noText(format:bytes:pageCount:)` for an input judged elsewhere
    /// (a file read in blocks): `hasContent` as `hasContent(_:format:)` says.
    static func noText(format: DocumentFormat, byteCount: Int, hasContent: Bool, pageCount: Int?) -> String? {
        guard hasContent else { return nil }
        var parts = ["\(byteCount) bytes"]
        if let pageCount, pageCount > 0 {
            let unit = format.family.unitName
            parts.append("\(pageCount) \(unit)\(pageCount == 1 ? "" : "s")")
        }
        return "\(noTextPrefix) found in this \(format.rawValue.uppercased()) document (\(parts.joined(separator: ", "))): "
            + "its content may be images, or in a form that was not read"
    }

    /// Text formats have content when they hold more than white space;
    /// every other format's bytes are content.
    static func hasContent(_ bytes: [UInt8], format: DocumentFormat) -> Bool {
        guard FormatRegistry.entry(for: format).evidence == .plainText else { return !bytes.isEmpty }
        // White space, byte-order marks and NULs (UTF-16 padding) say nothing.
        let blank: Set<UInt8> = [0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xEF, 0xBB, 0xBF, 0xFE, 0xFF]
        return bytes.contains { !blank.contains($0) }
    }
}

extension Document {
    /// The conversion found no text in a document that has content; a
    /// warning in `warnings` says so.
    public var foundNoText: Bool { warnings.contains(where: ConversionWarning.isNoText) }

    /// Some part of the document was damaged: its text was recovered by a
    /// tolerant parse, or an auxiliary part was skipped; a warning in
    /// `warnings` names each.
    public var hasDamagedParts: Bool { warnings.contains(where: ConversionWarning.isDamagedPart) }
}
