/// Plain text and Markdown: validated and passed through.
enum TextConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        throw .unsupported("text conversion is being written")
    }
}
