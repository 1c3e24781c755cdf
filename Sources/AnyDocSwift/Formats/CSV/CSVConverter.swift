/// Comma-, semicolon-, tab- or pipe-separated values as one table.
enum CSVConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        throw .unsupported("CSV conversion is being written")
    }
}
