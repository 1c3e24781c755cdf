/// A converted document: the one model every format parses into and the
/// Markdown serializer renders from.
///
/// Only fully resolved content goes in: styles are already turned into
/// emphasis, list numbering is already computed, relationships are already
/// followed. That keeps every format's quirks inside its own converter.
public struct Document: Sendable, Equatable {
    /// Title, authors, dates and other facts about the document as a whole.
    public var metadata: Metadata
    /// The body, in reading order.
    public var blocks: [Block]
    /// Footnote bodies, referenced from the text by `Inline.footnoteReference`.
    public var footnotes: [FootnoteDefinition]
    /// Embedded images and other files, referenced by `Asset.name`.
    public var assets: [Asset]
    /// Things a reader should know that did not stop the conversion,
    /// such as pages that needed OCR but were not recognised.
    public var warnings: [String]

    /// A document; every part defaults to empty.
    public init(
        metadata: Metadata = Metadata(),
        blocks: [Block] = [],
        footnotes: [FootnoteDefinition] = [],
        assets: [Asset] = [],
        warnings: [String] = []
    ) {
        self.metadata = metadata
        self.blocks = blocks
        self.footnotes = footnotes
        self.assets = assets
        self.warnings = warnings
    }
}

/// The body of a footnote or endnote.
public struct FootnoteDefinition: Sendable, Equatable {
    /// The label that `Inline.footnoteReference` uses; the serializer
    /// renumbers labels in first-reference order.
    public var label: String
    /// The note's content.
    public var blocks: [Block]

    /// A note with `label`, as referenced by `Inline.footnoteReference`, holding `blocks`.
    public init(label: String, blocks: [Block]) {
        self.label = label
        self.blocks = blocks
    }
}
