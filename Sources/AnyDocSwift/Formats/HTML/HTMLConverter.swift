/// HTML and XHTML documents: web pages, saved mail, EPUB chapters.
enum HTMLConverter: FormatConverter {
    /// A page is read whole, then its internal links are tidied as for
    /// every format: headings get GitHub anchors, targets no link uses go.
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let context = HTMLReadingContext()
        context.keepsElementIDs = true
        let collector = DocumentCollector()
        try convert(input.bytes, limits: input.limits, deadline: input.deadline, context: context, into: collector)
        try sink.append(contentsOf: AnchorCleanup.apply(to: collector.document))
    }

    /// Converts one HTML or XHTML document into `sink`. A book converts each
    /// chapter through here with one `context`, so image names stay unique
    /// and its own rules (no boilerplate dropping, no metadata) apply.
    static func convert(
        _ bytes: [UInt8], encoding: HTMLEncoding? = nil, limits: Limits, deadline: Deadline,
        context: HTMLReadingContext, into sink: DocumentSink
    ) throws(ConversionError) {
        let builder = HTMLDocumentBuilder(sink: sink, context: context)
        try HTMLParser.parse(bytes, encoding: encoding, limits: limits, deadline: deadline, delegate: builder)
        try builder.finish()
    }
}

/// How an HTML document is read, and state shared by the documents of one
/// conversion (the chapters of a book).
final class HTMLReadingContext {
    /// Drops navigation, asides and page headers and footers: right for a web
    /// page; a book's chapters keep theirs (an EPUB `<aside>` is a footnote).
    @exclusivity(unchecked)
    var dropsBoilerplate: Bool
    /// Reports the title, language and authors found in the document to the
    /// sink. A book has its own metadata and turns this off.
    @exclusivity(unchecked)
    var readsMetadata: Bool
    /// Adds a link target for the `id` of every element, not only of
    /// headings and `<a>`: a book's notes and cross-references point at
    /// paragraphs and asides. Pruning the unused ones is the caller's job.
    @exclusivity(unchecked)
    var keepsElementIDs = false
    /// The number of the next embedded image (`image-N.ext`); one context
    /// for all the documents of a conversion keeps the names unique.
    @exclusivity(unchecked)
    var nextImageNumber = 1
    /// Maps an image source as written (`../images/a.png`) to the one to use,
    /// such as the name of an asset the caller added; nil keeps it as written.
    @exclusivity(unchecked)
    var resolveImage: ((String) -> String?)?
    /// Maps a link destination as written to the one to use (a book turns
    /// `chapter2.xhtml#s1` into `#s1`); nil keeps it as written.
    @exclusivity(unchecked)
    var resolveLink: ((String) -> String?)?

    init(dropsBoilerplate: Bool = true, readsMetadata: Bool = true) {
        self.dropsBoilerplate = dropsBoilerplate
        self.readsMetadata = readsMetadata
    }
}
