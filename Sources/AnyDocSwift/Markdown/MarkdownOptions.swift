/// Choices about how a `Document` is written as Markdown.
public struct MarkdownOptions: Sendable, Equatable {
    /// How images whose bytes are embedded in the document are shown.
    public enum EmbeddedImages: Sendable, Equatable {
        /// Only the alternative text, as plain text.
        case altText
        /// `![alt](prefix/name)`, for when the assets are written to `prefix`
        /// under `Asset.fileName(for:)`.
        case link(prefix: String)
    }

    /// Opens the output with YAML front matter from the metadata.
    public var frontMatter = false
    /// Emits `<!-- page N -->` comments and numbered slide headings.
    public var provenanceMarkers = true
    /// How images whose bytes are in `Document.assets` are shown; by default only as alternative text.
    public var embeddedImages: EmbeddedImages = .altText

    /// Options with the given choices; the defaults match `MarkdownOptions.default`.
    public init(frontMatter: Bool = false, provenanceMarkers: Bool = true, embeddedImages: EmbeddedImages = .altText) {
        self.frontMatter = frontMatter
        self.provenanceMarkers = provenanceMarkers
        self.embeddedImages = embeddedImages
    }

    /// No front matter, provenance markers on, embedded images shown as alternative text.
    public static let `default` = MarkdownOptions()
}

extension MarkdownOptions {
    /// Where an image is linked from, or "" when only its alternative text is shown.
    func source(of image: Image, assetNames: Set<String>) -> String {
        guard assetNames.contains(image.source) else { return image.source }
        switch embeddedImages {
        case .altText:
            return ""
        case .link(let prefix):
            let name = Asset.fileName(for: image.source)
            return prefix.isEmpty || prefix.hasSuffix("/") ? prefix + name : prefix + "/" + name
        }
    }
}
