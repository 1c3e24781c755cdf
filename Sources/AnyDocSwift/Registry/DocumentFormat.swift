/// A file format the library knows, named by its short lowercase name
/// (`docx`, `pdf`, `csv`, …) as `anydoc detect` prints it.
///
/// Everything else about a format (extensions, media types, signature,
/// family, converter) is in its `FormatEntry` in `FormatTable`.
public enum DocumentFormat: String, Sendable, CaseIterable, Codable {
    case docx, docm, dotx, dotm
    case pptx, pptm, ppsx, ppsm, potx, potm
    case xlsx, xlsm, xltx, xltm, xlsb
    case odt, ods, odp
    case epub
    case rtf
    case pdf
    case html
    case csv, tsv
    case txt, md
    case vtt, srt
    case doc, xls, ppt
    case png, jpeg, tiff, webp, gif, bmp

    /// The family of converter that reads it.
    public enum Family: Sendable {
        case wordprocessing, presentation, spreadsheet, ebook, web, table, text, pdf, image

        /// What one page marker of the family counts: sheets, slides, or pages.
        public var unitName: String {
            switch self {
            case .presentation: "slide"
            case .spreadsheet: "sheet"
            case .wordprocessing, .ebook, .web, .table, .text, .pdf, .image: "page"
            }
        }
    }

    /// The family of converter that reads this format.
    public var family: Family { FormatRegistry.entry(for: self).family }

    /// The format a file extension suggests (without the dot, any case).
    public init?(fileExtension: String) {
        guard let entry = FormatRegistry.entry(forExtension: fileExtension) else { return nil }
        self = entry.format
    }
}
