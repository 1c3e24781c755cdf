/// Record types of the PowerPoint binary format (MS-PPT) and of the Office
/// drawings inside it (MS-ODRAW) that the converter reads, named after
/// the specifications' records.
enum PPTRecordType {
    // MARK: Document structure

    static let document: UInt16 = 0x03E8
    static let slide: UInt16 = 0x03EE
    static let slideAtom: UInt16 = 0x03EF
    static let notes: UInt16 = 0x03F0
    static let notesAtom: UInt16 = 0x03F1
    static let slidePersistAtom: UInt16 = 0x03F3
    static let mainMaster: UInt16 = 0x03F8
    static let slideShowSlideInfoAtom: UInt16 = 0x03F9
    static let externalObjectList: UInt16 = 0x0409
    static let drawing: UInt16 = 0x040C
    static let slideListWithText: UInt16 = 0x0FF0
    static let userEditAtom: UInt16 = 0x0FF5
    static let currentUserAtom: UInt16 = 0x0FF6
    static let persistDirectoryAtom: UInt16 = 0x1772
    static let placeholderAtom: UInt16 = 0x0BC3
    static let headersFooters: UInt16 = 0x0FD9
    static let headersFootersAtom: UInt16 = 0x0FDA
    static let cString: UInt16 = 0x0FBA

    // MARK: Text

    static let outlineTextReferenceAtom: UInt16 = 0x0F9E
    static let textHeaderAtom: UInt16 = 0x0F9F
    static let textCharsAtom: UInt16 = 0x0FA0
    static let styleTextPropAtom: UInt16 = 0x0FA1
    static let textBytesAtom: UInt16 = 0x0FA8
    static let interactiveInfo: UInt16 = 0x0FF2
    static let interactiveInfoAtom: UInt16 = 0x0FF3
    static let textInteractiveInfoAtom: UInt16 = 0x0FDF
    static let externalHyperlink: UInt16 = 0x0FD7
    static let externalHyperlinkAtom: UInt16 = 0x0FD3
    static let styleTextProp9Atom: UInt16 = 0x0FAC
    static let programTags: UInt16 = 0x1388
    static let programBinaryTag: UInt16 = 0x138A
    static let binaryTagData: UInt16 = 0x138B

    /// Atoms marking a field character (`*`) in the text: slide number,
    /// dates, header and footer.
    static func isFieldAtom(_ type: UInt16) -> Bool {
        switch type {
        case 0x0FD8, 0x0FF7, 0x0FF8, 0x0FF9, 0x0FFA, 0x1015: return true
        default: return false
        }
    }

    // MARK: Office drawing

    static let drawingContainer: UInt16 = 0xF002
    static let groupContainer: UInt16 = 0xF003
    static let shapeContainer: UInt16 = 0xF004
    static let groupShapeAtom: UInt16 = 0xF009
    static let shapeAtom: UInt16 = 0xF00A
    static let tertiaryProperties: UInt16 = 0xF122
    static let clientTextbox: UInt16 = 0xF00D
    static let childAnchor: UInt16 = 0xF00F
    static let clientAnchor: UInt16 = 0xF010
    static let clientData: UInt16 = 0xF011
}
