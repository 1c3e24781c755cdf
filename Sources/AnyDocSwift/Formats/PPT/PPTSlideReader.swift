/// Reads one slide: its drawing and slide-list texts in reading order,
/// with the text its master shows on it, whether the show skips it, its
/// footer and its notes page. A notes page that is missing or of the
/// wrong type is simply no notes.
enum PPTSlideReader {
    /// SlideShowSlideInfoAtom flag: the slide is hidden in the show.
    private static let hiddenFlag: UInt16 = 0x0004
    /// SlideAtom `fMasterObjects`: the slide shows its master's shapes.
    private static let masterObjectsFlag: UInt16 = 0x0001

    static func read(_ page: PPTListedPage, in presentation: PPTPresentation) throws(ConversionError) -> SlideContent {
        let reader = presentation.reader
        guard let container = presentation.container(page.persistID, type: PPTRecordType.slide) else {
            throw .malformed("the slide record is missing or damaged")
        }
        var isHidden = false
        var notesReference: UInt32?
        var masterShapes: [PPTShape] = []
        var footers = presentation.slideFooters
        var records = reader.children(of: container)
        while let record = try records.next() {
            switch record.type {
            case PPTRecordType.headersFooters:
                footers = try PPTHeadersFooters(record, reader: reader)
            case PPTRecordType.slideShowSlideInfoAtom:
                isHidden = (reader.uint16(record, at: 10) ?? 0) & hiddenFlag != 0
            case PPTRecordType.slideAtom:
                notesReference = reader.uint32(record, at: 16)
                if let master = reader.uint32(record, at: 12), (reader.uint16(record, at: 20) ?? 0) & masterObjectsFlag != 0 {
                    masterShapes = try presentation.masterText(masterIdentifier: master)
                }
            default:
                break
            }
        }
        let drawing = PPTDrawingReader(reader: reader, hyperlinks: presentation.hyperlinks)
        let composer = PPTSlideComposer(listedTexts: page.texts, countCells: presentation.countTableCells)
        let composition = try composer.compose(drawing.shapes(in: container) + masterShapes)
        // Footer placeholders with text of their own win over the records.
        let footer = composition.footer.isEmpty ? footers?.blocks ?? [] : composition.footer
        var slide = SlideContent(
            title: composition.title, isHidden: isHidden, blocks: composition.blocks, footer: footer, notes: [])
        if let notesPage = presentation.notesPage(for: page, reference: notesReference),
           let notes = presentation.container(notesPage.persistID, type: PPTRecordType.notes) {
            let notesComposer = PPTSlideComposer(listedTexts: notesPage.texts, countCells: presentation.countTableCells)
            slide.notes = notesComposer.notes(try drawing.shapes(in: notes))
        }
        return slide
    }
}
