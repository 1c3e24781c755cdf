/// What a file name's extension suggests. Detection trusts content first;
/// the hint only settles what content cannot: CSV, TSV, Markdown or plain
/// text, and the format inside an encrypted OOXML package.
enum FileNameHint {
    static func format(for fileName: String?) -> DocumentFormat? {
        guard let fileName else { return nil }
        let base = fileName.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? Substring(fileName)
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return nil }
        return DocumentFormat(fileExtension: String(base[base.index(after: dot)...]))
    }

    /// The format of content that looks like text.
    ///
    /// The hint picks Markdown, CSV or TSV. A `.xls` name on text is the
    /// delimited export many web applications write, so it reads as CSV
    /// (the CSV reader sniffs the delimiter). Any other name promising a
    /// binary format (`.docx`, `.odt`, `.pdf`, …) on text means a damaged
    /// or mislabelled file: nil, rather than passing it off as the
    /// document. Everything else is plain text.
    static func textFormat(hint: DocumentFormat?) -> DocumentFormat? {
        guard let hint else { return .txt }
        switch hint {
        case .md, .csv, .tsv, .txt: return hint
        case .xls: return .csv
        case .html: return .txt
        default: return nil
        }
    }
}
