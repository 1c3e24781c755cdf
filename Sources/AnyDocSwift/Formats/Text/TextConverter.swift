/// Plain text and Markdown, passed through as one verbatim Markdown block.
///
/// The bytes are decoded as `TextDecoder` describes, so valid UTF-8 comes
/// out byte for byte (minus a leading BOM). Text in any other encoding is
/// transcoded, and its encoding is recorded in the metadata as `encoding`.
/// A file handed over open streams through in blocks when the sink takes
/// pieces (see `TextFileStream`).
enum TextConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        if let file = input.file, file.isRegular, sink.acceptsMarkdownPieces,
            try TextFileStream.stream(file, format: input.format, deadline: input.deadline, into: sink)
        {
            return
        }
        let decoded = try TextDecoder.decode(input.wholeBytes(), nul: .reject)
        sink.setMetadata(decoded.metadata(format: input.format))
        try sink.append(.markdown(String(decoding: decoded.utf8, as: UTF8.self)))
    }
}
