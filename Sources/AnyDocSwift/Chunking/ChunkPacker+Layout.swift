/// Packing by the model: the writer's record of its blocks says what each
/// line is, so lists are cut between the items the model has, tables
/// between the rows it has with the header rows it marks, code between
/// its lines, and only verbatim Markdown is read as text.
extension ChunkPacker {
    /// Packs the whole text, each line's role taken from the block it is in.
    mutating func run(layout: [MarkdownBlockSpan]) {
        var reader = LayoutReader(layout: layout)
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            let range = lineStart..<min(lineEnd + 1, bytes.count)
            let role = reader.span(at: lineStart).flatMap { lineRole(in: $0, line: range, reader: &reader) } ?? classify(range)
            reader.previous = role
            take(range, as: role)
            lineStart = lineEnd + 1
        }
        finishPiece()
    }

    /// Walks the spans alongside the lines, which come in order.
    struct LayoutReader {
        let layout: [MarkdownBlockSpan]
        var index = 0
        /// The next item start of the current list to pass.
        var itemCursor = 0
        var previous: ChunkLine?

        /// The span a line starting at `offset` is in, if any.
        mutating func span(at offset: Int) -> MarkdownBlockSpan? {
            while index < layout.count, layout[index].bytes.upperBound <= offset {
                index += 1
                itemCursor = 0
            }
            guard index < layout.count, layout[index].bytes.contains(offset) else { return nil }
            return layout[index]
        }

        /// Whether a list item starts at `offset` (increasing from call to call).
        mutating func startsItem(_ starts: [Int], at offset: Int) -> Bool {
            while itemCursor < starts.count, starts[itemCursor] < offset { itemCursor += 1 }
            return itemCursor < starts.count && starts[itemCursor] == offset
        }
    }

    /// What a line of `span` is; nil for verbatim Markdown, read as text.
    private func lineRole(in span: MarkdownBlockSpan, line range: Range<Int>, reader: inout LayoutReader) -> ChunkLine? {
        let offset = range.lowerBound - span.bytes.lowerBound
        let line = content(range)
        let isLast = range.upperBound >= span.bytes.upperBound
        let blankOrText: ChunkLine = MarkdownLines.isBlank(line) ? .blank : .text
        switch span.kind {
        case .heading(let level):
            return .heading(level: level, text: headingText(MarkdownLines.atxHeading(line)?.text ?? line), location: nil)
        case .boundary(.page(let number)):
            return .pageMarker(number)
        case .boundary(let provenance):
            return .heading(level: 2, text: headingText(MarkdownLines.atxHeading(line)?.text ?? line), location: provenance)
        case .list(let starts):
            if blankOrText == .blank { return .blank }
            return reader.startsItem(starts, at: offset) ? .listItem : .text
        case .pipeTable(let headerStart):
            if offset < headerStart { return blankOrText }
            if offset == headerStart { return .tableFirstRow }
            return reader.previous == .tableFirstRow ? .tableDelimiter : .tableRow
        case .htmlTable(let headerEnd):
            if offset < headerEnd { return .htmlTableHead(last: offset + range.count >= headerEnd) }
            return isLast ? .htmlTableEnd : .htmlTableRow
        case .code:
            if offset == 0 { return MarkdownLines.opensFence(line).map { .fenceOpen($0) } ?? .text }
            return isLast ? .fenceClose : .code
        case .verbatim:
            return nil
        case .text:
            return blankOrText
        }
    }
}
