/// PowerPoint decks (PPTX, PPTM, PPSX, PPSM, POTX, POTM): the slides in
/// show order, each under a `## Slide N: Title` heading, with speaker
/// notes, tables, pictures, chart and SmartArt text.
///
/// Slides stream into the sink one at a time; a slide whose part is
/// damaged is reported as a warning and the deck goes on.
enum PPTXConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let package = try OPCPackage(bytes: input.bytes, limits: input.limits)
        let mainPart = try PresentationPart.locate(in: package)
        let slides = try PresentationPart.slideParts(of: mainPart, in: package)

        var metadata = Metadata(sourceFormat: input.format)
        CoreProperties.read(from: package, into: &metadata)
        metadata.pageCount = slides.count
        sink.setMetadata(metadata)

        let context = DeckContext(package: package, options: input.options, deadline: input.deadline)
        var previousFooter: [Block] = []
        for (index, part) in slides.enumerated() {
            try input.deadline.check()
            let number = index + 1
            let slide: SlideContent
            do {
                slide = try SlideReader.read(part, context: context)
            } catch where error.kind == .malformed || error.kind == .missingPart {
                sink.addWarning("slide \(number) could not be read: \(error.reason)")
                try sink.append(.boundary(.slide(number: number, title: nil)))
                continue
            }
            for warning in slide.warnings { sink.addWarning("slide \(number): \(warning)") }
            for asset in context.takeNewAssets() { sink.addAsset(asset) }
            try sink.append(.boundary(.slide(number: number, title: heading(slide))))
            for block in slide.blocks { try sink.append(block) }
            // A footer repeated on every slide is shown where it first appears.
            if !slide.footer.isEmpty, slide.footer != previousFooter {
                for block in slide.footer { try sink.append(block) }
            }
            previousFooter = slide.footer
            if !slide.notes.isEmpty {
                try sink.append(.blockQuote([.paragraph([.strong([.text("Notes:")])])] + slide.notes))
            }
        }
    }

    /// The slide's title, marked when the slide is hidden in the show.
    private static func heading(_ slide: SlideContent) -> String? {
        guard slide.isHidden else { return slide.title }
        return slide.title.map { $0 + " (hidden)" } ?? "(hidden)"
    }
}
