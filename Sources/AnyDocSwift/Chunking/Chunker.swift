/// Cuts a document into chunks for retrieval: each at most
/// `ChunkOptions.maxSize` characters or approximate tokens, cut at
/// headings and page markers, then paragraphs and list items, then lines
/// (table rows, lines of code), sentences and words; a table's pieces
/// repeat its header rows. Every chunk carries its heading path, the
/// pages, slides or sheets it spans, and its offsets in the Markdown.
///
/// Chunks are cut by the document's model: the writer records where each
/// block's Markdown lies (`MarkdownBlockSpan`), and the chunker cuts
/// between the blocks, list items, table rows and code lines it names, so
/// offsets cut that Markdown back exactly. Markdown without its model
/// (standard input read as Markdown, a store's committed Markdown) is cut
/// by reading its lines, which gives the same cuts for what the writer
/// renders; the project store cuts its sections that way, so a search hit
/// is a chunk.
public enum Chunker {
    /// The chunks of a document, and the Markdown their offsets point into.
    public static func chunks(
        of document: Document, options: ChunkOptions = .default, markdownOptions: MarkdownOptions = .default,
        headingText: @escaping (ArraySlice<UInt8>) -> String = plainHeading
    ) throws(ConversionError) -> (markdown: String, chunks: [Chunk]) {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output, options: markdownOptions)
        writer.recordsLayout = true
        try writer.append(contentsOf: document)
        try writer.finish()
        let family = document.metadata.sourceFormat?.family
        return (output.text, chunks(markdown: output.text, layout: writer.layout, family: family, options: options, headingText: headingText))
    }

    /// The chunks of Markdown the writer rendered, cut by the blocks it
    /// recorded (`MarkdownWriter.layout`). `family` says what level-2
    /// headings in verbatim Markdown name.
    public static func chunks(
        markdown: String, layout: [MarkdownBlockSpan], family: DocumentFormat.Family? = nil, options: ChunkOptions = .default,
        headingText: @escaping (ArraySlice<UInt8>) -> String = plainHeading
    ) -> [Chunk] {
        let bytes = Array(markdown.utf8)
        var packer = ChunkPacker(bytes: bytes, unit: options.unit, budget: options.maxSize - options.overlap, family: family, headingText: headingText)
        packer.run(layout: layout)
        return chunks(packer.pieces, bytes: bytes, options: options)
    }

    /// The chunks of Markdown text alone, cut by reading its lines.
    /// `family` says what level-2 headings name (slides, sheets);
    /// `headingText` turns a heading's inline Markdown into the text its path holds.
    public static func chunks(
        markdown: String, family: DocumentFormat.Family? = nil, options: ChunkOptions = .default,
        headingText: @escaping (ArraySlice<UInt8>) -> String = plainHeading
    ) -> [Chunk] {
        let bytes = Array(markdown.utf8)
        var packer = ChunkPacker(bytes: bytes, unit: options.unit, budget: options.maxSize - options.overlap, family: family, headingText: headingText)
        packer.run()
        return chunks(packer.pieces, bytes: bytes, options: options)
    }

    /// Pieces merged, made chunks, and overlapped.
    private static func chunks(_ packed: [ChunkPiece], bytes: [UInt8], options: ChunkOptions) -> [Chunk] {
        let budget = options.maxSize - options.overlap
        var pieces = ChunkMerging.mergingBodiless(packed, unit: options.unit, budget: budget)
        pieces = ChunkMerging.mergingSmall(pieces, unit: options.unit, budget: budget)
        return pieces.indices.map { index in
            var chunk = makeChunk(pieces[index], bytes: bytes)
            if options.overlap > 0, index > 0 {
                ChunkMerging.addOverlap(to: &chunk, piece: pieces[index], previous: pieces[index - 1], bytes: bytes, options: options)
            }
            return chunk
        }
    }

    private static func makeChunk(_ piece: ChunkPiece, bytes: [UInt8]) -> Chunk {
        let header = piece.header.map { String(decoding: $0, as: UTF8.self) }
        let slice = String(decoding: bytes[piece.bytes], as: UTF8.self)
        let footer = piece.footer ? ChunkLine.htmlTableFooter : nil
        let text = (header ?? "") + slice + (footer ?? "")
        return Chunk(
            headingPath: piece.headings, provenance: piece.provenance, location: piece.location,
            offset: piece.scalars.lowerBound, length: piece.scalars.count,
            byteOffset: piece.bytes.lowerBound, byteLength: piece.bytes.count,
            tableHeader: header, tableFooter: footer, openFence: piece.fence, text: text, size: ChunkSize.of(text),
            hasWords: piece.hasWords)
    }

    /// A heading's inline Markdown as plain text: tags, backslash escapes
    /// and emphasis marks gone.
    public static func plainHeading(_ markdown: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var index = markdown.startIndex
        while index < markdown.endIndex {
            let byte = markdown[index]
            if byte == UInt8(ascii: "<"), let close = markdown[index...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 < markdown.endIndex, markdown[index + 1] < 0x80,
                !(markdown[index + 1] == 0x20 || (0x30...0x39).contains(markdown[index + 1]))
            {
                out.append(markdown[index + 1])
                index += 2
                continue
            }
            if byte != UInt8(ascii: "*") && byte != UInt8(ascii: "`") { out.append(byte) }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `Slide 3` or `Slide 3: Title`, as the writer numbers slides.
    public static func slideNumber(_ heading: String) -> (number: Int, title: String?)? {
        guard heading.hasPrefix("Slide ") else { return nil }
        let rest = heading.dropFirst(6)
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard let number = Int(digits) else { return nil }
        let tail = rest.dropFirst(digits.count)
        if tail.isEmpty { return (number, nil) }
        guard tail.hasPrefix(": ") else { return nil }
        return (number, String(tail.dropFirst(2)))
    }
}
