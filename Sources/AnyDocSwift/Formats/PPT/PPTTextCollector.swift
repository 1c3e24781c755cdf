/// Gathers text atoms into texts. Each TextHeaderAtom starts a text; the
/// atoms after it (characters, styles, hyperlinks, field markers) belong
/// to it until the next header. Slide lists and text boxes store texts
/// this way alike.
struct PPTTextCollector {
    let reader: PPTRecordReader
    /// External hyperlink targets by their ExHyperlink id.
    let hyperlinks: [Int: String]
    private(set) var texts: [PPTTextBody] = []
    /// The target of the mouse-click action read last, waiting for the
    /// TxInteractiveInfoAtom that gives its range.
    private var pendingLink: String?

    init(reader: PPTRecordReader, hyperlinks: [Int: String]) {
        self.reader = reader
        self.hyperlinks = hyperlinks
    }

    mutating func add(_ record: PPTRecord) throws(ConversionError) {
        if record.type == PPTRecordType.textHeaderAtom {
            texts.append(PPTTextBody(type: reader.uint32(record, at: 0) ?? PPTTextType.other))
            pendingLink = nil
            return
        }
        guard !texts.isEmpty else { return }
        let last = texts.count - 1
        switch record.type {
        case PPTRecordType.textCharsAtom:
            texts[last].units = reader.utf16Units(record)
        case PPTRecordType.textBytesAtom:
            texts[last].units = reader.byteUnits(record)
        case PPTRecordType.styleTextPropAtom:
            texts[last].style = try PPTTextStyle(record, textLength: texts[last].units.count, reader: reader)
        case PPTRecordType.interactiveInfo:
            pendingLink = record.instance == 0 ? try clickedLink(record) : nil
        case PPTRecordType.textInteractiveInfoAtom:
            if let destination = pendingLink, let start = reader.uint32(record, at: 0), let end = reader.uint32(record, at: 4),
               start < end {
                texts[last].links.append(PPTTextLink(range: Int(start)..<Int(end), destination: destination))
            }
            pendingLink = nil
        case let type where PPTRecordType.isFieldAtom(type):
            if let position = reader.uint32(record, at: 0) { texts[last].fieldPositions.append(Int(position)) }
        default:
            break
        }
    }

    /// The external address an InteractiveInfo's hyperlink action opens;
    /// nil for jumps between slides, macros, programs and sounds.
    private func clickedLink(_ container: PPTRecord) throws(ConversionError) -> String? {
        guard let atom = try reader.child(of: container, type: PPTRecordType.interactiveInfoAtom),
              let reference = reader.uint32(atom, at: 4), let action = reader.uint8(atom, at: 8) else { return nil }
        let hyperlinkAction: UInt8 = 4
        return action == hyperlinkAction ? hyperlinks[Int(reference)] : nil
    }
}
