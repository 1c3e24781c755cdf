/// PowerPoint decks (PPTX, PPTM, PPSX, PPSM, POTX, POTM): the slides in
/// show order, each under a `## Slide N: Title` heading, with speaker
/// notes, tables, pictures, chart and SmartArt text.
///
/// Slides stream into the sink one at a time; a slide whose part is
/// damaged is recovered where a tolerant parse reads it, else marked
/// unreadable, with a warning either way, and the deck goes on.
enum PPTXConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let package = OPCPackage(archive: try input.zipArchive(), limits: input.limits)
        let mainPart = try PresentationPart.locate(in: package)
        let slides = try PresentationPart.slideParts(of: mainPart, in: package)

        var metadata = Metadata(sourceFormat: input.format)
        if sink.needsMetadata { CoreProperties.read(from: package, into: &metadata) }
        metadata.pageCount = slides.count
        sink.setMetadata(metadata)

        let context = DeckContext(package: package, options: input.options, deadline: input.deadline)
        var writer = SlideWriter()
        for (index, part) in slides.enumerated() {
            try input.deadline.check()
            let number = index + 1
            let slide: SlideContent
            do {
                slide = try SlideReader.read(part, context: context)
            } catch where error.kind == .malformed || error.kind == .missingPart {
                // A slide part that is not well formed gives what a tolerant
                // parse makes of it; one that gives nothing is unreadable.
                guard error.kind == .malformed, let recovered = try? SlideReader.read(part, context: context, recovering: true),
                      recovered.title != nil || recovered.blocks.contains(where: { $0.containsText }) else {
                    try writer.writeUnreadable(number: number, error: error, into: sink)
                    continue
                }
                sink.addWarning(ConversionWarning.recoveredPart(part, error: error))
                slide = recovered
            }
            for asset in context.takeNewAssets() { sink.addAsset(asset) }
            try writer.write(slide, number: number, into: sink)
        }
    }
}
