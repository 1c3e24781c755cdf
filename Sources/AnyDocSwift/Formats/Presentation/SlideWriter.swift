/// Writes slides into a sink in the one shape every presentation format
/// shares (PPTX, PPT): a slide boundary with the title, the body, the
/// footer where it first appears, and the notes as a quote.
struct SlideWriter {
    private var previousFooter: [Block] = []

    /// Writes slide `number` (1-based).
    mutating func write(_ slide: SlideContent, number: Int, into sink: DocumentSink) throws(ConversionError) {
        for warning in slide.warnings { sink.addWarning("slide \(number): \(warning)") }
        try sink.append(.boundary(.slide(number: number, title: Self.heading(slide))))
        for block in slide.blocks { try sink.append(block) }
        for block in slide.inherited { try sink.append(block) }
        // A footer repeated on every slide is shown where it first appears.
        if !slide.footer.isEmpty, slide.footer != previousFooter {
            for block in slide.footer { try sink.append(block) }
        }
        previousFooter = slide.footer
        if !slide.notes.isEmpty {
            try sink.append(.blockQuote([.paragraph([.strong([.text("Notes:")])])] + slide.notes))
        }
    }

    /// Marks slide `number` that could not be read, so numbering stays
    /// true to the deck.
    func writeUnreadable(number: Int, error: ConversionError, into sink: DocumentSink) throws(ConversionError) {
        sink.addWarning("slide \(number) could not be read: \(error.reason)")
        try sink.append(.boundary(.slide(number: number, title: nil)))
    }

    /// The slide's title, marked when the slide is hidden in the show.
    private static func heading(_ slide: SlideContent) -> String? {
        guard slide.isHidden else { return slide.title }
        return slide.title.map { $0 + " (hidden)" } ?? "(hidden)"
    }
}
