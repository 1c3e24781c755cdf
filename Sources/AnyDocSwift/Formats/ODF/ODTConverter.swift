/// OpenDocument text (ODT, OTT): the body of `content.xml` with the
/// styles of both parts, notes, comments and pictures; page headers and
/// footers from the master pages when asked for.
enum ODTConverter {
    static func convert(
        _ input: ConversionInput, package: ODFPackage, format: DocumentFormat, into sink: DocumentSink
    ) throws(ConversionError) {
        let styles = ODFStyles()
        try ODFConverter.loadStyles(package, into: styles, sink: sink)
        let reader = try package.contentReader(cutting: .named(ODFConverter.unreadStyleElements))
        try styles.load(from: reader, scope: .content, stopAtBody: true)
        let context = ODFContext(package: package, styles: styles, options: input.options, deadline: input.deadline)

        var blocks: [Block] = []
        var footers: [Block] = []
        if input.options.includeHeadersAndFooters {
            let parts = try ODFMasterPages.headersAndFooters(context: context)
            blocks += parts.headers
            footers = parts.footers
        }
        let body = ODFBodyReader(reader: reader, context: context, scope: .content)
        blocks += try body.readBlocks(inside: "text", namespace: ODFNamespace.office)
        blocks += footers
        blocks = ODFLinkTargets.resolvingOutlineLinks(in: blocks)

        let metadata = ODFConverter.metadata(package, format: format, for: sink)
        let document = Document(metadata: metadata, blocks: blocks, footnotes: context.notes, assets: context.assets)
        try sink.append(contentsOf: AnchorCleanup.apply(to: document))
    }
}
