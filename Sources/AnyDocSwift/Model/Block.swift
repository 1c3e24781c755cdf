/// A block-level element of a `Document`.
public indirect enum Block: Sendable, Equatable {
    case heading(Heading)
    case paragraph([Inline])
    case list(List)
    case table(Table)
    case blockQuote([Block])
    case codeBlock(CodeBlock)
    case thematicBreak
    /// Display math in LaTeX, rendered as `$$…$$`.
    case math(String)
    /// An image standing on its own line.
    case image(Inline.Image)
    /// Where a page, slide or sheet begins.
    case boundary(Provenance)
    /// Markdown to emit exactly as given: the pass-through for `.md` input.
    case markdown(String)
}

/// A section heading: its level, text and an optional anchor for internal links.
public struct Heading: Sendable, Equatable {
    /// 1 to 6; the serializer clamps anything deeper to 6.
    public var level: Int
    /// The heading's text and formatting.
    public var content: [Inline]
    /// An identifier that internal links point to, if the source had one.
    public var anchor: String?

    /// A heading at `level` (1 is the top) with `content`.
    public init(level: Int, content: [Inline], anchor: String? = nil) {
        self.level = level
        self.content = content
        self.anchor = anchor
    }
}

/// Preformatted text, rendered as a fenced code block.
public struct CodeBlock: Sendable, Equatable {
    /// The fence's info string, such as `swift`; nil or empty for none.
    public var language: String?
    /// The text, verbatim, line breaks included.
    public var code: String

    /// A code block of `code` in `language`.
    public init(language: String? = nil, code: String) {
        self.language = language
        self.code = code
    }
}
