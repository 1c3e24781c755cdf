/// Entries of a table of contents or other index. Markdown has no pages,
/// so the page number after an entry's last tab is dropped; the entry's
/// text (and its link to the heading) stays.
enum ODFIndexEntry {
    static func withoutPageNumber(_ content: [Inline]) -> [Inline] {
        let scalars = Array(content.plainText.unicodeScalars)
        guard let tab = scalars.lastIndex(of: "\t") else { return content }
        let tail = String(String.UnicodeScalarView(scalars[(tab + 1)...]))
        let number = ODFText.trimmed(tail)
        guard number.count <= 12, number.unicodeScalars.allSatisfy(isPageNumberScalar) else { return content }
        var remaining = tab
        return ODFText.trimmedParagraph(truncated(content, keeping: &remaining))
    }

    /// Digits and the letters of roman numerals.
    private static func isPageNumberScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || "ivxlcdmIVXLCDM-".unicodeScalars.contains(scalar)
    }

    /// The first `count` scalars of plain text, formatting kept.
    private static func truncated(_ inlines: [Inline], keeping count: inout Int) -> [Inline] {
        var result: [Inline] = []
        for inline in inlines {
            guard count > 0 else { break }
            switch inline {
            case .text(let text):
                let scalars = text.unicodeScalars
                if scalars.count <= count {
                    result.append(inline)
                    count -= scalars.count
                } else {
                    result.append(.text(String(String.UnicodeScalarView(scalars.prefix(count)))))
                    count = 0
                }
            case .strong(let inner): append(truncated(inner, keeping: &count), as: Inline.strong, to: &result)
            case .emphasis(let inner): append(truncated(inner, keeping: &count), as: Inline.emphasis, to: &result)
            case .strikethrough(let inner): append(truncated(inner, keeping: &count), as: Inline.strikethrough, to: &result)
            case .superscript(let inner): append(truncated(inner, keeping: &count), as: Inline.superscript, to: &result)
            case .subscript(let inner): append(truncated(inner, keeping: &count), as: Inline.subscript, to: &result)
            case .link(var link):
                link.content = truncated(link.content, keeping: &count)
                if !link.content.isEmpty { result.append(.link(link)) }
            default:
                let length = inline.plainText.unicodeScalars.count
                result.append(inline)
                count -= min(length, count)
            }
        }
        return result
    }

    private static func append(_ inner: [Inline], as wrap: ([Inline]) -> Inline, to result: inout [Inline]) {
        if !inner.isEmpty { result.append(wrap(inner)) }
    }
}
