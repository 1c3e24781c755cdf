/// Everything the library knows about one format, in one place: how to
/// recognise it and which converter reads it. Detection and dispatch
/// read these; nothing else names formats one by one.
package struct FormatEntry: Sendable {
    /// How content (not the file name) identifies the format.
    package enum Evidence: Sendable, Equatable {
        /// A ZIP package whose main part has one of `mediaTypes` as its
        /// content type (OOXML).
        case officePackage
        /// A ZIP package whose `mimetype` entry or manifest root is one of
        /// `mediaTypes` (ODF, EPUB).
        case mimetypePackage
        /// An OLE2 compound file, by its root streams.
        case compoundFile
        /// Magic bytes: `signature`, or a scan of its own (PDF).
        case signature
        /// Its first markup (HTML).
        case markup
        /// Text that no signature names: the extension decides.
        case plainText
    }

    /// The case this entry describes.
    package let format: DocumentFormat
    /// A name for messages ("PDF", "Word document").
    package let name: String
    /// The family of converter that reads it.
    package let family: DocumentFormat.Family
    /// File extensions, lowercase, without the dot.
    package let extensions: [String]
    /// How its content is recognised.
    package let evidence: Evidence
    /// Media types that name it inside a package, lowercase and without
    /// parameters (see `evidence`).
    package let mediaTypes: [String]
    /// Magic bytes at the start that settle the format before markup and
    /// text are looked at (RTF, images, WebVTT); PDF has a scan of its own.
    package let signature: (@Sendable ([UInt8]) -> Bool)?
    /// What content that looks like text reads as under this extension:
    /// itself for text formats, nil when text under this name means a
    /// damaged or mislabelled file.
    package let readsTextAs: DocumentFormat?
    /// The converter built into the core, or nil when another module of
    /// the package installs it (`FormatRegistry.install`).
    package let builtInConverter: (any FormatConverter.Type)?

    /// An entry; only `format`, `name`, `family`, `extensions`, `evidence` and the converter are required.
    package init(
        _ format: DocumentFormat, name: String, family: DocumentFormat.Family, extensions: [String],
        evidence: Evidence, mediaTypes: [String] = [], signature: (@Sendable ([UInt8]) -> Bool)? = nil,
        readsTextAs: DocumentFormat? = nil, converter: (any FormatConverter.Type)?
    ) {
        self.format = format
        self.name = name
        self.family = family
        self.extensions = extensions
        self.evidence = evidence
        self.mediaTypes = mediaTypes
        self.signature = signature
        self.readsTextAs = readsTextAs
        self.builtInConverter = converter
    }
}
