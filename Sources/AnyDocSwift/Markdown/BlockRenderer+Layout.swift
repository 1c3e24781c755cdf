/// What the writer records of each top-level block when asked for the
/// document's layout (`MarkdownWriter.recordsLayout`).
extension BlockRenderer {
    /// The text of a top-level block and its kind, or nil when it renders to nothing.
    func renderLaidOut(_ block: Block, markers: inout ListMarkers) throws(ConversionError) -> (text: String, kind: MarkdownBlockSpan.Kind)? {
        if case .list(let list) = block {
            guard !list.items.isEmpty else { return nil }
            let rendered = try renderListLines(list, alternate: markers.next(for: list), depth: 0)
            return (rendered.text, .list(itemStarts: Self.byteOffsets(ofLines: rendered.itemLines, in: rendered.text)))
        }
        guard let text = try render(block, markers: &markers) else { return nil }
        return (text, Self.layoutKind(of: block, text: text))
    }

    private static func layoutKind(of block: Block, text: String) -> MarkdownBlockSpan.Kind {
        switch block {
        case .heading(let heading): return .heading(level: min(max(heading.level, 1), 6))
        case .boundary(let provenance): return .boundary(provenance)
        case .codeBlock: return .code
        case .markdown: return .verbatim
        case .table(let table):
            let bytes = Array(text.utf8)
            if fitsPipeTable(table) {
                // A caption is its own paragraph, a blank line above the header row.
                guard table.caption.map({ !$0.isEmpty }) ?? false else { return .pipeTable(headerStart: 0) }
                return .pipeTable(headerStart: end(of: Array("\n\n".utf8), in: bytes, occurrence: 1) ?? 0)
            }
            // The first row heads the table, and the rows of header cells after it.
            let headerRows = 1 + table.rows.dropFirst().prefix { row in row.isHeader || row.cells.allSatisfy(\.isHeader) }.count
            return .htmlTable(headerEnd: end(of: Array("</tr>\n".utf8), in: bytes, occurrence: headerRows) ?? bytes.count)
        default: return .text
        }
    }

    /// Where the `occurrence`-th `needle` in `bytes` ends.
    private static func end(of needle: [UInt8], in bytes: [UInt8], occurrence: Int) -> Int? {
        var found = 0
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
                found += 1
                if found == occurrence { return index + needle.count }
                index += needle.count
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The byte offsets at which the given lines (from 0) of `text` start.
    private static func byteOffsets(ofLines lines: [Int], in text: String) -> [Int] {
        var starts = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return lines.compactMap { $0 < starts.count ? starts[$0] : nil }
    }
}
