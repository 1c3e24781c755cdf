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
    case image(Image)
    /// Where a page, slide or sheet begins.
    case boundary(Provenance)
    /// Markdown to emit exactly as given: the pass-through for `.md` input.
    case markdown(String)
}

public struct Heading: Sendable, Equatable {
    /// 1 to 6; the serializer clamps anything deeper to 6.
    public var level: Int
    public var content: [Inline]
    /// An identifier that internal links point to, if the source had one.
    public var anchor: String?

    public init(level: Int, content: [Inline], anchor: String? = nil) {
        self.level = level
        self.content = content
        self.anchor = anchor
    }
}

public struct CodeBlock: Sendable, Equatable {
    public var language: String?
    public var code: String

    public init(language: String? = nil, code: String) {
        self.language = language
        self.code = code
    }
}
