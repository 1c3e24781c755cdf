/// The one GFM serializer: renders a document, block by block, to an
/// output as the blocks arrive.
///
/// As a `DocumentSink` it lets converters stream (a huge sheet is written
/// row by row); `render(_:)` serializes a finished `Document` the same way.
/// Output is deterministic and ends with exactly one newline, except that
/// a document made of one verbatim Markdown block (`.md`/`.txt`
/// pass-through) comes out byte for byte.
public final class MarkdownWriter: DocumentSink {
    private let output: MarkdownOutput
    private let options: MarkdownOptions
    private let limits: Limits
    private let footnotes = FootnoteNumbering()
    @exclusivity(unchecked)
    private var metadata = Metadata()
    @exclusivity(unchecked)
    private var definitions: [String: FootnoteDefinition] = [:]
    @exclusivity(unchecked)
    private var definitionOrder: [String] = []
    @exclusivity(unchecked)
    private var assetNames: Set<String> = []
    @exclusivity(unchecked)
    private var renderer: BlockRenderer
    @exclusivity(unchecked)
    private var markers = BlockRenderer.ListMarkers()

    /// Rendered Markdown not yet handed to the output, as UTF-8.
    private let buffer = MarkdownBytes()
    @exclusivity(unchecked)
    private var bytesWritten = 0
    @exclusivity(unchecked)
    private var startedOutput = false
    @exclusivity(unchecked)
    private var blockCount = 0
    /// The newlines held back after a verbatim block.
    @exclusivity(unchecked)
    private var verbatimTail: String?
    @exclusivity(unchecked)
    private var stream: TableStream?
    @exclusivity(unchecked)
    private var finished = false
    /// The front matter at the start of `buffer`, while nothing has been
    /// flushed, so warnings that arrive later can still be added to it.
    @exclusivity(unchecked)
    private var pendingFrontMatter: (text: String, metadata: Metadata)?

    /// What the conversion lost without failing, in the order reported.
    @exclusivity(unchecked)
    public private(set) var warnings: [String] = []
    /// Embedded files the document references, for a caller to write out.
    @exclusivity(unchecked)
    public private(set) var assets: [Asset] = []
    /// Whether to record where each top-level block's Markdown lies, in
    /// `layout`; set before the first block. Off by default: it costs a
    /// little time per block that plain conversion does not need.
    public var recordsLayout = false
    /// With `recordsLayout`, the top-level blocks written, in order.
    public private(set) var layout: [MarkdownBlockSpan] = []

    /// The conversion found no text in a document that has content; a
    /// warning in `warnings` says so.
    public var foundNoText: Bool { warnings.contains(where: ConversionWarning.isNoText) }

    private struct TableStream {
        var grid = TableGrid()
        var columnCount: Int
        var rowsWritten = 0
    }

    /// A writer to `output`; `limits` caps output size, nesting and table cells; call `finish()` at the end.
    public init(output: MarkdownOutput, options: MarkdownOptions = .default, limits: Limits = .default) {
        self.output = output
        self.options = options
        self.limits = limits
        renderer = BlockRenderer(options: options, limits: limits, assetNames: [], footnotes: footnotes)
    }

    /// Serializes a whole document to a string.
    public static func render(_ document: Document, options: MarkdownOptions = .default, limits: Limits = .default) throws(ConversionError) -> String {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output, options: options, limits: limits)
        try writer.append(contentsOf: document)
        try writer.finish()
        return output.text
    }

    // MARK: - DocumentSink

    public func setMetadata(_ metadata: Metadata) { self.metadata = metadata }

    /// Markdown shows the properties only as front matter.
    public var needsMetadata: Bool { options.frontMatter }

    public func append(_ block: Block) throws(ConversionError) {
        try closeStream()
        if case .markdown(let raw) = block {
            try appendVerbatim(raw)
            return
        }
        if recordsLayout {
            guard let (text, kind) = try renderer.renderLaidOut(block, markers: &markers) else { return }
            try startBlock()
            try emitSpan(text, kind: kind)
            verbatimTail = nil
            return
        }
        guard let text = try renderer.render(block, markers: &markers) else { return }
        try startBlock()
        try emit(text)
        verbatimTail = nil
    }

    /// Emits a block's text, recording its span when `recordsLayout` is on.
    private func emitSpan(_ text: String, kind: MarkdownBlockSpan.Kind) throws(ConversionError) {
        let start = bytesWritten
        try emit(text)
        if recordsLayout { layout.append(MarkdownBlockSpan(kind: kind, bytes: start..<bytesWritten)) }
    }

    /// A streamed table's span grows with each row.
    private func extendStreamedTable(first: Bool, from start: Int) {
        guard recordsLayout else { return }
        if first {
            layout.append(MarkdownBlockSpan(kind: .pipeTable(headerStart: 0), bytes: start..<bytesWritten))
        } else if !layout.isEmpty {
            layout[layout.count - 1].bytes = layout[layout.count - 1].bytes.lowerBound..<bytesWritten
        }
    }

    /// Verbatim Markdown goes out as given, but its final line endings are
    /// held back: they end the output only when this block is all there is.
    private func appendVerbatim(_ raw: String) throws(ConversionError) {
        guard !raw.isEmpty else { return }
        var body = raw
        let tail = body.removeTrailingLineEnds()
        markers = BlockRenderer.ListMarkers()
        try startBlock()
        try emitSpan(body, kind: .verbatim)
        verbatimTail = tail
    }

    /// Pieces of one verbatim block join exactly: the line endings held
    /// back from the last piece go out before the next one.
    public var acceptsMarkdownPieces: Bool { true }

    /// Continues the verbatim block written last with `piece`; starts one
    /// when the block before was not verbatim.
    public func appendMarkdownPiece(_ piece: String) throws(ConversionError) {
        guard stream == nil, let held = verbatimTail else {
            try append(.markdown(piece))
            return
        }
        guard !piece.isEmpty else { return }
        var body = piece
        let tail = body.removeTrailingLineEnds()
        try emit(held)
        try emit(body)
        verbatimTail = tail
    }

    public func beginTable(columnCount: Int) throws(ConversionError) {
        try closeStream()
        stream = TableStream(columnCount: max(1, columnCount))
    }

    public func appendTableRow(_ row: TableRow) throws(ConversionError) {
        guard var table = stream else {
            throw .malformed("a table row arrived outside a table")
        }
        var slots = table.grid.layOut(row)
        if slots.count < table.columnCount {
            slots.append(contentsOf: repeatElement(.empty, count: table.columnCount - slots.count))
        }
        if table.rowsWritten == 0 {
            markers = BlockRenderer.ListMarkers()
            try startBlock()
        } else {
            try emit("\n")
        }
        let start = bytesWritten
        try emit(renderer.pipeRow(try slots.map(renderer.cellText)))
        if table.rowsWritten == 0 { try emit("\n" + BlockRenderer.delimiterRow(columns: table.columnCount)) }
        extendStreamedTable(first: table.rowsWritten == 0, from: start)
        table.rowsWritten += 1
        stream = table
    }

    /// Plain cells skip the model: a cell that renders as itself is
    /// written as it is, any other goes through the usual cell rendering.
    public func appendTableRow(texts: [String]) throws(ConversionError) {
        guard var table = stream, table.grid.carriesNoSpans else {
            try appendTableRow(TableRow(cells: texts.map { TableCell(text: $0) }))
            return
        }
        table.grid.notePlainRow(width: texts.count)
        // The row is built as bytes: one buffer rather than a String per cell.
        var line: [UInt8] = []
        line.reserveCapacity(2 + 4 * max(texts.count, table.columnCount) + texts.reduce(0) { $0 + $1.utf8.count })
        if table.rowsWritten == 0 {
            markers = BlockRenderer.ListMarkers()
            try startBlock()
        } else {
            line.append(UInt8(ascii: "\n"))
        }
        line.append(UInt8(ascii: "|"))
        for column in 0..<max(texts.count, table.columnCount) {
            let text = column < texts.count ? texts[column] : ""
            let cell: String
            if text.isEmpty || BlockRenderer.isPlainCellText(text) {
                cell = text
            } else if let inside = BlockRenderer.plainCellTextInsideSpaces(text) {
                cell = inside
            } else {
                cell = try renderer.cellText(.origin(TableCell(text: text)))
            }
            if cell.isEmpty {
                line.append(contentsOf: "  |".utf8)
            } else {
                line.append(UInt8(ascii: " "))
                line.append(contentsOf: cell.utf8)
                line.append(contentsOf: " |".utf8)
            }
        }
        // The row's own text starts after the newline that ends the row before.
        let start = bytesWritten + (table.rowsWritten == 0 ? 0 : 1)
        try emit(String(decoding: line, as: UTF8.self))
        if table.rowsWritten == 0 { try emit("\n" + BlockRenderer.delimiterRow(columns: table.columnCount)) }
        extendStreamedTable(first: table.rowsWritten == 0, from: start)
        table.rowsWritten += 1
        stream = table
    }

    /// The byte form of `appendTableRow(texts:)`: a cell that renders as
    /// itself (perhaps between spaces) is copied into the output buffer
    /// as it is; any other is rendered as a string, exactly as there.
    public func appendTableRow(utf8Cells row: UTF8TableRow) throws(ConversionError) {
        // Read and updated in place: a copy of the stream would retain
        // and release its grid on every row.
        guard let columnCount = stream?.columnCount, stream?.grid.carriesNoSpans == true,
            stream?.rowsWritten ?? 0 > 0
        else {
            try appendTableRow(texts: row.texts)
            return
        }
        let before = buffer.count
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(UInt8(ascii: "|"))
        // A row cut from one run of bytes is tested at once; its cells
        // then need only their ends looked at.
        let spanIsPlain = row.span.map { PlainCellScan.hasNoStopper($0.bytes, apartFrom: $0.separator) } ?? false
        for column in 0..<max(row.count, columnCount) {
            let cell = column < row.count ? row[column] : UnsafeBufferPointer(start: nil, count: 0)
            if spanIsPlain, BlockRenderer.endsArePlain(cell) {
                buffer.appendPlainCell(cell)
            } else if let plain = BlockRenderer.plainCellBytes(cell) {
                buffer.appendPlainCell(plain)
            } else {
                let text = try renderer.cellText(.origin(TableCell(text: String(decoding: cell, as: UTF8.self))))
                buffer.append(text.isEmpty ? "  |" : " " + text + " |")
            }
        }
        let start = bytesWritten + 1
        try count(bytesAppended: buffer.count - before)
        extendStreamedTable(first: false, from: start)
        stream?.grid.notePlainRow(width: row.count)
        stream?.rowsWritten += 1
    }

    public func endTable() throws(ConversionError) {
        try closeStream()
    }

    public func addFootnote(_ footnote: FootnoteDefinition) {
        if definitions[footnote.label] == nil { definitionOrder.append(footnote.label) }
        definitions[footnote.label] = footnote
    }

    public func addAsset(_ asset: Asset) {
        assets.append(asset)
        assetNames.insert(asset.name)
        renderer = BlockRenderer(options: options, limits: limits, assetNames: assetNames, footnotes: footnotes)
    }

    public func addWarning(_ warning: String) { warnings.append(warning) }

    // MARK: - Finishing

    /// Writes the footnotes and the final newline, and flushes.
    public func finish() throws(ConversionError) {
        try completeDocument()
        try flush()
    }

    /// Renders what ends the document (footnotes, the final newline) into
    /// the buffer without handing it to the output; `finish()` then
    /// flushes. Lets a caller tell converting from writing the result out.
    public func completeDocument() throws(ConversionError) {
        guard !finished else { return }
        finished = true
        try closeStream()
        try writeFootnotes()
        if !startedOutput {
            // Metadata is still worth writing when there is no body.
            if options.frontMatter { try emit(FrontMatter.render(metadata, warnings: warnings) + "\n") }
        } else if blockCount == 1, let tail = verbatimTail {
            try updateFrontMatter()
            try emit(tail)
        } else {
            try updateFrontMatter()
            try emit("\n")
        }
    }

    /// Rewrites front matter still in the buffer to list the warnings
    /// that arrived after the first block.
    private func updateFrontMatter() throws(ConversionError) {
        guard let (written, shown) = pendingFrontMatter else { return }
        let current = FrontMatter.render(shown, warnings: warnings)
        guard current != written, buffer.starts(with: written) else { return }
        buffer.replacePrefix(written.utf8.count, with: current)
        let shift = current.utf8.count - written.utf8.count
        bytesWritten += shift
        for index in layout.indices {
            layout[index].bytes = layout[index].bytes.lowerBound + shift..<layout[index].bytes.upperBound + shift
        }
        pendingFrontMatter = (current, shown)
    }

    private func writeFootnotes() throws(ConversionError) {
        guard !definitions.isEmpty else { return }
        // Unreferenced notes still appear, after the referenced ones, and
        // notes referenced only from other notes join as they are reached.
        var index = 0
        var written: Set<String> = []
        while true {
            var labels = footnotes.labelsInOrder
            if index >= labels.count {
                guard let unreferenced = definitionOrder.first(where: { footnotes.existingNumber(for: $0) == nil }) else { break }
                _ = footnotes.number(for: unreferenced)
                labels = footnotes.labelsInOrder
            }
            let label = labels[index]
            index += 1
            guard let definition = definitions[label], !written.contains(label) else { continue }
            written.insert(label)
            let number = footnotes.number(for: label)
            let body = try renderer.renderBlocks(definition.blocks, depth: 1) ?? ""
            let marker = "[^\(number)]:"
            try startBlock()
            try emitSpan(BlockRenderer.prefixLines(body, first: marker + " ", rest: "    ", empty: "", bareFirst: marker), kind: .text)
        }
    }

    // MARK: - Output

    private func closeStream() throws(ConversionError) {
        guard stream != nil else { return }
        stream = nil
        verbatimTail = nil
    }

    private func startBlock() throws(ConversionError) {
        if !startedOutput {
            startedOutput = true
            if options.frontMatter {
                let frontMatter = FrontMatter.render(metadata, warnings: warnings)
                try emit(frontMatter + "\n\n")
                if bytesWritten == buffer.count { pendingFrontMatter = (frontMatter, metadata) }
            }
        } else {
            try emit("\n\n")
        }
        blockCount += 1
    }

    /// The most Markdown this document may produce: the output limit, or
    /// less once the input's size is known (see `limitOutput(forInputBytes:)`).
    private lazy var outputCap = limits.maxOutputBytes

    /// Caps the output at `Limits.maxOutputRatio` times the input's size
    /// (above a grace size), so a small file cannot expand without bound.
    public func limitOutput(forInputBytes count: Int) {
        let (product, overflow) = count.multipliedReportingOverflow(by: limits.maxOutputRatio)
        let byRatio = overflow ? Int.max : max(limits.outputRatioGraceBytes, product)
        outputCap = min(limits.maxOutputBytes, byRatio)
    }

    private func emit(_ text: String) throws(ConversionError) {
        bytesWritten += text.utf8.count
        if bytesWritten > outputCap {
            throw .resourceLimit("Markdown output exceeds \(outputCap) bytes")
        }
        // Text as large as the buffer goes straight out: copying a huge
        // cell or text file into the buffer would hold it twice.
        if text.utf8.count >= 1 << 16 {
            try flush()
            try output.write(text)
            return
        }
        buffer.append(text)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Counts bytes just appended to the buffer against the output cap,
    /// and flushes a full buffer.
    private func count(bytesAppended: Int) throws(ConversionError) {
        bytesWritten += bytesAppended
        if bytesWritten > outputCap {
            throw .resourceLimit("Markdown output exceeds \(outputCap) bytes")
        }
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws(ConversionError) {
        guard !buffer.isEmpty else { return }
        pendingFrontMatter = nil
        try output.write(String(decoding: buffer.bytes, as: UTF8.self))
        buffer.removeAll()
    }
}
