import AnyDocSwift

/// One searchable piece of a document's Markdown.
package struct Section: Sendable, Equatable {
    /// Headings above this section, outermost first.
    package var headingPath: [String]
    /// The page, slide or sheet its body is on, when the source has them.
    package var location: SourceLocation?
    /// Start and length of its Markdown in Unicode scalars, the unit
    /// `resource_read` uses, so a search hit can be opened where it is.
    package var offset: Int
    /// The length of its Markdown in Unicode scalars.
    package var length: Int
    /// The text a reader sees there (`ReaderText`): what the index holds.
    package var text: String
}

/// The project store's sections: the chunks `Chunker` cuts from a
/// document's Markdown (at most `preferredLength` characters, no
/// overlap), each holding the reader's text of its slice, so a search hit
/// points at a chunk `anydoc convert --chunks` also gives.
package enum SectionSplitter {
    /// The longest piece, in scalars. Bounded pieces keep every search's
    /// work per hit bounded (a 1 MB table was one section, and one search
    /// over it took a minute) and point a hit close to its match.
    package static let preferredLength = 8_000

    /// Sections of `markdown`, cut at most `maxLength` scalars long.
    package static func split(
        _ markdown: String, format: DocumentFormatFamilyHint = .other, maxLength: Int = preferredLength
    ) -> [Section] {
        let options = ChunkOptions(maxSize: maxLength, unit: .characters)
        let bytes = Array(markdown.utf8)
        return chunks(markdown, family: format.family, options: options).compactMap { chunk in
            let slice = bytes[chunk.byteOffset..<chunk.byteOffset + chunk.byteLength]
            let text = ReaderText.of(slice, fence: chunk.openFence)
            guard !text.isEmpty else { return nil }
            return Section(headingPath: chunk.headingPath, location: SourceLocation(chunk.location),
                           offset: chunk.offset, length: chunk.length, text: text)
        }
    }

    /// The chunks of `markdown`, their headings as a reader sees them:
    /// what the store's sections and `anydoc convert --chunks` hold.
    package static func chunks(_ markdown: String, family: DocumentFormat.Family?, options: ChunkOptions) -> [Chunk] {
        Chunker.chunks(markdown: markdown, family: family, options: options, headingText: { ReaderText.inline($0) })
    }

    /// The chunks of Markdown the writer rendered, cut by the blocks it
    /// recorded; the same cuts as `chunks(_:family:options:)` makes of
    /// the text alone (the corpus tests hold both to that).
    package static func chunks(_ markdown: String, layout: [MarkdownBlockSpan], family: DocumentFormat.Family?, options: ChunkOptions) -> [Chunk] {
        Chunker.chunks(markdown: markdown, layout: layout, family: family, options: options, headingText: { ReaderText.inline($0) })
    }

    /// Which provenance level-2 headings carry, by the source's family.
    package enum DocumentFormatFamilyHint: Sendable {
        case presentation, spreadsheet, other

        var family: DocumentFormat.Family? {
            switch self {
            case .presentation: .presentation
            case .spreadsheet: .spreadsheet
            case .other: nil
            }
        }
    }
}

extension SourceLocation {
    /// The location a chunk's body is on.
    init?(_ provenance: Provenance?) {
        switch provenance {
        case .page(let number)?: self.init(kind: .page, number: number)
        case .slide(let number, let title)?: self.init(kind: .slide, number: number, name: title)
        case .sheet(let name)?: self.init(kind: .sheet, name: name)
        case nil: return nil
        }
    }
}

extension String {
    func trimmingASCIISpace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}

extension SectionSplitter.DocumentFormatFamilyHint {
    /// The hint for a format, by its name as versions record it.
    init(format: String?) {
        switch format.flatMap(DocumentFormat.init(rawValue:))?.family {
        case .presentation: self = .presentation
        case .spreadsheet: self = .spreadsheet
        case .wordprocessing, .ebook, .web, .table, .text, .pdf, .image, nil: self = .other
        }
    }
}
