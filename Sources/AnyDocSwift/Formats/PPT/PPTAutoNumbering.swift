/// Numbered lists. PowerPoint 2000 and later keep automatic numbering
/// outside the base format, in a StyleTextProp9Atom of the shape's
/// `___PPT9` programmable tag; each character run names one of its
/// entries (the `pp9rt` bits of its style), and a bulleted paragraph
/// whose entry turns numbering on is numbered from the entry's start.
enum PPTAutoNumbering {
    /// The start number of each entry that numbers, nil for the others.
    /// Entries after one this reader cannot size are left out.
    static func entries(_ atom: PPTRecord, reader: PPTRecordReader) throws(ConversionError) -> [Int?] {
        var result: [Int?] = []
        var position = 0
        while let masks = reader.uint32(atom, at: position) {
            try reader.countVisit()
            position += 4
            if masks & 0x80_0000 != 0 { position += 2 }  // picture bullet
            var numbers = false
            if masks & 0x200_0000 != 0 {
                numbers = reader.uint16(atom, at: position) == 1
                position += 2
            }
            var start = 1
            if masks & 0x100_0000 != 0 {
                // The scheme (digits, letters, Roman) Markdown cannot show, then the start.
                if let value = reader.int16(atom, at: position + 2), value > 0 { start = value }
                position += 4
            }
            result.append(numbers ? start : nil)
            // Character and spelling exceptions follow; only their simple
            // fields have known sizes.
            guard let characterMasks = reader.uint32(atom, at: position),
                  let spellingMasks = reader.uint32(atom, at: position + 4) else { break }
            position += 8
            if characterMasks & 0x10_0000 != 0 || spellingMasks & 0x220 != 0 { break }
            // Two bytes for each of the fields 0x1, 0x2, 0x4 and 0x40.
            position += 2 * (spellingMasks & 0x47).nonzeroBitCount
        }
        return result
    }

    /// The name of the programmable tag holding PowerPoint 2000 data.
    private static let ppt9TagName = Array("___PPT9".utf16)

    /// The numbering entries of a shape's client data, if it has them.
    static func entries(inClientData clientData: PPTRecord, reader: PPTRecordReader) throws(ConversionError) -> [Int?] {
        guard let tags = try reader.child(of: clientData, type: PPTRecordType.programTags) else { return [] }
        var tagRecords = reader.children(of: tags)
        while let tag = try tagRecords.next() {
            guard tag.type == PPTRecordType.programBinaryTag,
                  let name = try reader.child(of: tag, type: PPTRecordType.cString), reader.string(name, is: ppt9TagName),
                  let data = try reader.child(of: tag, type: PPTRecordType.binaryTagData) else { continue }
            var records = reader.records(inBodyOf: data)
            while let atom = try records.next() {
                if atom.type == PPTRecordType.styleTextProp9Atom { return try entries(atom, reader: reader) }
            }
        }
        return []
    }
}
