/// An inline element: text and the spans that format or link it.
public indirect enum Inline: Sendable, Equatable {
    case text(String)
    case emphasis([Inline])
    case strong([Inline])
    case strikethrough([Inline])
    case superscript([Inline])
    case `subscript`([Inline])
    case code(String)
    case link(Link)
    case image(Image)
    /// A reference to a `FootnoteDefinition` by its label.
    case footnoteReference(String)
    /// A hard line break inside a paragraph or cell.
    case lineBreak
    /// Inline math in LaTeX, rendered as `$…$`.
    case math(String)
    /// A target for internal links, rendered as `<a id="…"></a>`.
    case anchor(String)
}

extension Inline {
    /// A hyperlink around inline content.
    public struct Link: Sendable, Equatable {
        /// A URL, or `#anchor` for a target inside the document.
        public var destination: String
        /// The tooltip text, rendered as the Markdown link title; nil for none.
        public var title: String?
        /// The linked text and formatting.
        public var content: [Inline]

        /// A link to `destination` showing `content`.
        public init(destination: String, title: String? = nil, content: [Inline]) {
            self.destination = destination
            self.title = title
            self.content = content
        }
    }
}

extension Inline {
    /// An image, embedded (an `Asset`) or linked by URL.
    public struct Image: Sendable, Equatable {
        /// The `Asset.name` of embedded bytes, or a URL for a linked image.
        public var source: String
        /// The text shown instead of the image; may be empty.
        public var altText: String
        /// The tooltip text, rendered as the Markdown image title; nil for none.
        public var title: String?

        /// An image from `source` with `altText`.
        public init(source: String, altText: String, title: String? = nil) {
            self.source = source
            self.altText = altText
            self.title = title
        }
    }
}

extension Inline {
    /// The plain text a reader would see, without any formatting.
    public var plainText: String {
        switch self {
        case .text(let text), .code(let text), .math(let text):
            return text
        case .emphasis(let content), .strong(let content), .strikethrough(let content),
             .superscript(let content), .subscript(let content):
            return content.plainText
        case .link(let link):
            return link.content.plainText
        case .image(let image):
            return image.altText
        case .lineBreak:
            return "\n"
        case .footnoteReference, .anchor:
            return ""
        }
    }
}

extension Array where Element == Inline {
    /// The plain text of a run of inlines.
    public var plainText: String {
        var result = ""
        for inline in self { result += inline.plainText }
        return result
    }
}
