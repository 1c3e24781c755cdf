/// What a file name's extension suggests. Detection trusts content first;
/// the hint only settles what content cannot: CSV, TSV, Markdown or plain
/// text, and the format inside an encrypted OOXML package.
enum FileNameHint {
    static func format(for fileName: String?) -> DocumentFormat? {
        guard let fileName else { return nil }
        // The extension of the last non-empty path component, found on the
        // UTF-8 bytes: separators and the dot are ASCII.
        func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }
        var utf8 = Substring(fileName).utf8
        while let last = utf8.last, isSeparator(last) { utf8 = utf8.dropLast() }
        let base = utf8.lastIndex(where: isSeparator).map { utf8[utf8.index(after: $0)...] } ?? utf8
        guard let dot = base.lastIndex(of: UInt8(ascii: ".")), dot != base.startIndex else { return nil }
        return DocumentFormat(fileExtension: String(Substring(base[base.index(after: dot)...])))
    }

    /// The format of content that looks like text.
    ///
    /// The hint picks Markdown, CSV or TSV. A `.xls` name on text is the
    /// delimited export many web applications write, so it reads as CSV
    /// (the CSV reader sniffs the delimiter). Any other name promising a
    /// binary format (`.docx`, `.odt`, `.pdf`, …) on text means a damaged
    /// or mislabelled file: nil, rather than passing it off as the
    /// document. Everything else is plain text. Each entry's `readsTextAs`
    /// in `FormatTable` says which.
    static func textFormat(hint: DocumentFormat?) -> DocumentFormat? {
        guard let hint else { return .txt }
        return FormatRegistry.entry(for: hint).readsTextAs
    }
}
