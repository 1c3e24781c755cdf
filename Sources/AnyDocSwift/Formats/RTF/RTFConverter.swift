/// Rich Text Format: text, formatting, lists, tables, fields, footnotes
/// and document information.
enum RTFConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        guard input.bytes.contains(UInt8(ascii: "{")) else { throw .malformed("no RTF group found") }
        let document = try RTFReader(input: input).read()
        try sink.append(contentsOf: AnchorCleanup.apply(to: document))
    }
}
