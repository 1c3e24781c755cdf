/// PowerPoint 97–2003 presentations (PPT, the MS-PPT binary format): the
/// slides in show order, each under a `## Slide N: Title` heading, with
/// bullets by outline level, tables, hyperlinks and speaker notes, shaped
/// like the PPTX output.
///
/// The `PowerPoint Document` stream is read through its newest user edit
/// and persist directory, so incrementally saved files show their last
/// state; when those are broken, the slides are found by scanning the
/// stream, with a warning that the document was recovered. A slide whose
/// records are damaged is reported as a warning and the deck goes on.
enum PPTConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let file = try input.compoundFile()
        if file.entry(named: "EncryptedSummary") != nil { throw .encrypted("the presentation is encrypted") }
        let newestEdit = try PPTCurrentUser.currentEditOffset(in: file)
        guard let entry = file.entry(named: "PowerPoint Document"), entry.kind == .stream else {
            throw .missingPart("PowerPoint Document")
        }
        var metadata = Metadata(sourceFormat: input.format)
        if sink.needsMetadata { file.readSummary(into: &metadata) }
        try convert(stream: try file.streamBytes(entry), newestEdit: newestEdit, metadata: metadata, input: input, into: sink)
    }

    /// Converts a PowerPoint Document stream whose newest edit starts at
    /// `newestEdit` (nil: found by scanning).
    static func convert(
        stream: [UInt8], newestEdit: Int?, metadata: Metadata, input: ConversionInput, into sink: DocumentSink
    ) throws(ConversionError) {
        try convert(
            stream: CompoundFileStreamBytes(stream), newestEdit: newestEdit, metadata: metadata, input: input, into: sink)
    }

    static func convert(
        stream: CompoundFileStreamBytes, newestEdit: Int?, metadata: Metadata, input: ConversionInput, into sink: DocumentSink
    ) throws(ConversionError) {
        let presentation = try PPTPresentation(
            stream: stream, newestEdit: newestEdit, limits: input.limits, deadline: input.deadline)

        var metadata = metadata
        metadata.pageCount = presentation.slides.count
        sink.setMetadata(metadata)
        if let recovery = presentation.recovery { sink.addWarning(ConversionWarning.recovered(recovery)) }

        var writer = SlideWriter()
        for (index, page) in presentation.slides.enumerated() {
            try input.deadline.check()
            let number = index + 1
            let slide: SlideContent
            do {
                slide = try PPTSlideReader.read(page, in: presentation)
            } catch where error.kind == .malformed {
                try writer.writeUnreadable(number: number, error: error, into: sink)
                continue
            }
            try writer.write(slide, number: number, into: sink)
        }
    }
}
