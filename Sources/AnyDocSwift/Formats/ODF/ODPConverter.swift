/// OpenDocument presentations (ODP, OTP) and drawings: each slide under a
/// `## Slide N: Title` heading, its shapes in reading order, speaker notes
/// in a block quote.
enum ODPConverter {
    static func convert(
        _ input: ConversionInput, package: ODFPackage, format: DocumentFormat, into sink: DocumentSink
    ) throws(ConversionError) {
        let styles = ODFStyles()
        try ODFConverter.loadStyles(package, into: styles, sink: sink)
        let context = ODFContext(package: package, styles: styles, options: input.options, deadline: input.deadline)
        let masters = (try? ODFMasterPages.presentationMasters(context: context)) ?? ODFMasterPages.PresentationMasters()
        let masterFooters = masters.footers

        let reader = try package.contentReader(cutting: .named(ODFConverter.unreadStyleElements))
        try styles.load(from: reader, scope: .content, stopAtBody: true)
        let body = ODFBodyReader(reader: reader, context: context, scope: .content)
        body.isPresentation = true
        var footerDeclarations: [String: String] = [:]
        var slides: [ODPSlide] = []
        while try reader.read() {
            guard reader.kind == .startElement else { continue }
            switch (reader.namespace, reader.localName) {
            case (ODFNamespace.presentation, "footer-decl"):
                let name = reader.attribute("name", namespace: ODFNamespace.presentation) ?? ""
                footerDeclarations[name] = ODFText.trimmed(try reader.readElementText())
            case (ODFNamespace.presentation, _), (ODFNamespace.office, "forms"):
                try reader.skipElement()
            case (ODFNamespace.drawing, "page"):
                try input.deadline.check()
                let slideReader = ODPSlideReader(body: body, footerDeclarations: footerDeclarations, masterFooters: masterFooters)
                slides.append(try slideReader.read())
            default:
                break
            }
        }

        var metadata = ODFConverter.metadata(package, format: format, for: sink)
        metadata.pageCount = slides.count
        var blocks: [Block] = []
        var previousFooter: [Block] = []
        var shownMasters: Set<String> = []
        for (index, slide) in slides.enumerated() {
            let title = slide.isHidden ? (slide.title.map { $0 + " (hidden)" } ?? "(hidden)") : slide.title
            blocks.append(.boundary(.slide(number: index + 1, title: title)))
            blocks += slide.blocks
            // A master's own text boxes are written once, with the first
            // slide that shows them, as for PPTX layouts and masters.
            if let master = slide.master, let text = masters.texts[master], shownMasters.insert(master).inserted {
                blocks += text
            }
            // A footer repeated on every slide is shown where it first appears.
            if !slide.footer.isEmpty, slide.footer != previousFooter { blocks += slide.footer }
            previousFooter = slide.footer
            if !slide.notes.isEmpty {
                blocks.append(.blockQuote([.paragraph([.strong([.text("Notes:")])])] + slide.notes))
            }
        }
        let document = Document(metadata: metadata, blocks: blocks, footnotes: context.notes, assets: context.assets)
        try sink.append(contentsOf: AnchorCleanup.apply(to: document))
    }
}
