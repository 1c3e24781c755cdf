/// The external hyperlinks of a presentation (ExHyperlink records of the
/// document's ExObjList), by id. Only addresses a browser can open are
/// kept, as for PPTX: a scheme (`https://`, `ftp://`) or `mailto:`;
/// links to other slides, files and presentations read as plain text.
enum PPTHyperlinks {
    static func read(in document: PPTRecord, reader: PPTRecordReader) throws(ConversionError) -> [Int: String] {
        guard let list = try reader.child(of: document, type: PPTRecordType.externalObjectList) else { return [:] }
        var result: [Int: String] = [:]
        var records = reader.children(of: list)
        while let hyperlink = try records.next() {
            guard hyperlink.type == PPTRecordType.externalHyperlink else { continue }
            var id: Int?
            var target = ""
            var fields = reader.children(of: hyperlink)
            while let field = try fields.next() {
                if field.type == PPTRecordType.externalHyperlinkAtom {
                    id = reader.uint32(field, at: 0).map(Int.init)
                } else if field.type == PPTRecordType.cString, field.instance == 1 {
                    target = reader.string(field).trimmingSpaces()
                }
            }
            guard let id, isAddress(target) else { continue }
            result[id] = target
        }
        return result
    }

    private static func isAddress(_ target: String) -> Bool {
        target.containsUTF8("://") || target.lowercased().hasPrefix("mailto:")
    }
}
