/// Facts about a document as a whole.
public struct Metadata: Sendable, Equatable {
    /// The title the document declares (its properties, an HTML `<title>`), never a heading; nil if none.
    public var title: String?
    /// The authors the document declares, in order; empty when it names none.
    public var authors: [String]
    /// The subject or description the document declares; nil when absent.
    public var subject: String?
    /// Keywords or tags the document declares, one entry each.
    public var keywords: [String]
    /// As the source wrote it, ISO 8601 where the source used it.
    public var created: String?
    /// When the document was last changed, in the same form as `created`.
    public var modified: String?
    /// A BCP 47 tag such as `en-US`.
    public var language: String?
    /// The format the document was read from; set by the converter.
    public var sourceFormat: DocumentFormat?
    /// Pages, slides or sheets, when the format has them.
    public var pageCount: Int?
    /// Other facts as ordered key–value pairs (for example `ocr_confidence`).
    public var extra: [(key: String, value: String)]

    /// Metadata with the given facts; everything defaults to absent or empty.
    public init(
        title: String? = nil, authors: [String] = [], subject: String? = nil, keywords: [String] = [],
        created: String? = nil, modified: String? = nil, language: String? = nil,
        sourceFormat: DocumentFormat? = nil, pageCount: Int? = nil,
        extra: [(key: String, value: String)] = []
    ) {
        self.title = title
        self.authors = authors
        self.subject = subject
        self.keywords = keywords
        self.created = created
        self.modified = modified
        self.language = language
        self.sourceFormat = sourceFormat
        self.pageCount = pageCount
        self.extra = extra
    }

    /// Equal when every field is, `extra` compared pair by pair in order.
    public static func == (lhs: Metadata, rhs: Metadata) -> Bool {
        lhs.title == rhs.title && lhs.authors == rhs.authors && lhs.subject == rhs.subject
            && lhs.keywords == rhs.keywords && lhs.created == rhs.created && lhs.modified == rhs.modified
            && lhs.language == rhs.language && lhs.sourceFormat == rhs.sourceFormat
            && lhs.pageCount == rhs.pageCount
            && lhs.extra.elementsEqual(rhs.extra, by: { $0.key == $1.key && $0.value == $1.value })
    }
}
