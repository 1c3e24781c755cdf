/// The footer and fixed date a slide shows from a HeadersFooters record:
/// PowerPoint keeps their text there, once for the deck or per slide,
/// and the placeholders on the slide only hold field characters.
/// Today's date and slide numbers have no text to show.
struct PPTHeadersFooters: Equatable {
    var date: String?
    var footer: String?

    private static let hasDate: UInt16 = 0x0001
    private static let hasUserDate: UInt16 = 0x0004
    private static let hasFooter: UInt16 = 0x0020

    init(_ container: PPTRecord, reader: PPTRecordReader) throws(ConversionError) {
        var flags: UInt16 = 0
        var texts: [UInt16: String] = [:]
        var records = reader.children(of: container)
        while let record = try records.next() {
            if record.type == PPTRecordType.headersFootersAtom {
                flags = reader.uint16(record, at: 2) ?? 0
            } else if record.type == PPTRecordType.cString {
                texts[record.instance] = reader.string(record)
            }
        }
        if flags & Self.hasDate != 0, flags & Self.hasUserDate != 0 { date = texts[0] }
        if flags & Self.hasFooter != 0 { footer = texts[2] }
    }

    /// The date, then the footer, as paragraphs.
    var blocks: [Block] {
        [date, footer].compactMap { text in
            guard let text = text?.trimmingSpaces(), !text.isEmpty else { return nil }
            return Block.paragraph([.text(text)])
        }
    }
}
