/// Facts about a document as a whole.
public struct Metadata: Sendable, Equatable {
    public var title: String?
    public var authors: [String]
    public var subject: String?
    public var keywords: [String]
    /// As the source wrote it, ISO 8601 where the source used it.
    public var created: String?
    public var modified: String?
    /// A BCP 47 tag such as `en-US`.
    public var language: String?
    public var sourceFormat: DocumentFormat?
    /// Pages, slides or sheets, when the format has them.
    public var pageCount: Int?
    /// Other facts as ordered key–value pairs (for example `ocr_confidence`).
    public var extra: [(key: String, value: String)]

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

    public static func == (lhs: Metadata, rhs: Metadata) -> Bool {
        lhs.title == rhs.title && lhs.authors == rhs.authors && lhs.subject == rhs.subject
            && lhs.keywords == rhs.keywords && lhs.created == rhs.created && lhs.modified == rhs.modified
            && lhs.language == rhs.language && lhs.sourceFormat == rhs.sourceFormat
            && lhs.pageCount == rhs.pageCount
            && lhs.extra.elementsEqual(rhs.extra, by: { $0.key == $1.key && $0.value == $1.value })
    }
}
