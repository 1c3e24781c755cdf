/// A slide or notes page as the document's slide list names it: the
/// persist object holding it, its identifier, and the texts the list
/// keeps for it (PowerPoint 97–2003 keeps placeholder text here and
/// points at it from the drawing).
struct PPTListedPage {
    let persistID: UInt32
    let identifier: UInt32
    var texts: [PPTTextBody] = []
}

/// A PowerPoint 97–2003 presentation opened: the newest version of its
/// document container, its external hyperlinks and its lists of slides
/// and notes pages, with the records behind them on demand.
final class PPTPresentation {
    let reader: PPTRecordReader
    let hyperlinks: [Int: String]
    /// The slides in show order.
    let slides: [PPTListedPage]
    /// The deck's footer and date, for slides without their own.
    let slideFooters: PPTHeadersFooters?
    private let notesPages: [PPTListedPage]
    /// Notes page positions by their own identifier (the first wins).
    private let notesByIdentifier: [Int: Int]
    private let directory: PPTPersistDirectory
    private let maxTableCells: Int
    private var tableCells = 0
    private lazy var notesBySlide: [Int: Int] = readNotesAtoms()

    init(stream: CompoundFileStreamBytes, newestEdit: Int?, limits: Limits, deadline: Deadline) throws(ConversionError) {
        let reader = PPTRecordReader(stream: stream, limits: limits, deadline: deadline)
        let directory = try PPTPersistDirectory.read(reader, newestEdit: newestEdit)
        guard let offset = directory.offset(of: directory.documentID), let document = reader.record(at: offset),
              document.type == PPTRecordType.document else {
            throw .malformed("PowerPoint Document stream: the document record is missing or damaged")
        }
        let hyperlinks = try PPTHyperlinks.read(in: document, reader: reader)
        var slides: [PPTListedPage]?
        var notesPages: [PPTListedPage]?
        var slideFooters: PPTHeadersFooters?
        var records = reader.children(of: document)
        while let record = try records.next() {
            switch (record.type, record.instance) {
            case (PPTRecordType.slideListWithText, 0) where slides == nil:
                slides = try Self.pages(in: record, reader: reader, hyperlinks: hyperlinks)
            case (PPTRecordType.slideListWithText, 2) where notesPages == nil:
                notesPages = try Self.pages(in: record, reader: reader, hyperlinks: hyperlinks)
            case (PPTRecordType.headersFooters, 3):
                slideFooters = try PPTHeadersFooters(record, reader: reader)
            default:
                break
            }
        }
        self.reader = reader
        self.directory = directory
        self.hyperlinks = hyperlinks
        self.slides = slides ?? []
        self.notesPages = notesPages ?? []
        self.notesByIdentifier = Dictionary(
            (notesPages ?? []).enumerated().map { (Int($0.element.identifier), $0.offset) }, uniquingKeysWith: { first, _ in first })
        self.slideFooters = slideFooters
        self.maxTableCells = limits.maxTableCells
    }

    /// The container a persist id names, when it is of `type`.
    func container(_ persistID: UInt32, type: UInt16) -> PPTRecord? {
        guard let offset = directory.offset(of: persistID), let record = reader.record(at: offset),
              record.type == type, record.isContainer else { return nil }
        return record
    }

    /// A slide's notes page: the one its SlideAtom names, else the one
    /// whose NotesAtom names the slide.
    func notesPage(for slide: PPTListedPage, reference: UInt32?) -> PPTListedPage? {
        if let reference, reference != 0, let index = notesByIdentifier[Int(reference)] {
            return notesPages[index]
        }
        return notesBySlide[Int(slide.identifier)].map { notesPages[$0] }
    }

    func countTableCells(_ count: Int) throws(ConversionError) {
        tableCells += count
        if tableCells > maxTableCells {
            throw .resourceLimit("presentation tables have more than \(maxTableCells) cells")
        }
    }

    /// A slide list: each SlidePersistAtom starts a page; the text atoms
    /// after it are that page's.
    private static func pages(
        in list: PPTRecord, reader: PPTRecordReader, hyperlinks: [Int: String]
    ) throws(ConversionError) -> [PPTListedPage] {
        var pages: [PPTListedPage] = []
        var collector = PPTTextCollector(reader: reader, hyperlinks: hyperlinks)
        var records = reader.children(of: list)
        while let record = try records.next() {
            if record.type == PPTRecordType.slidePersistAtom {
                if !pages.isEmpty { pages[pages.count - 1].texts = collector.texts }
                collector = PPTTextCollector(reader: reader, hyperlinks: hyperlinks)
                // A damaged atom still starts a page, which then reads as missing.
                pages.append(PPTListedPage(
                    persistID: reader.uint32(record, at: 0) ?? .max, identifier: reader.uint32(record, at: 12) ?? 0))
            } else {
                try collector.add(record)
            }
        }
        if !pages.isEmpty { pages[pages.count - 1].texts = collector.texts }
        return pages
    }

    /// Slide identifier to notes page, from each notes page's NotesAtom.
    private func readNotesAtoms() -> [Int: Int] {
        var result: [Int: Int] = [:]
        for (index, page) in notesPages.enumerated() {
            guard let notes = container(page.persistID, type: PPTRecordType.notes),
                  let atom = try? reader.child(of: notes, type: PPTRecordType.notesAtom),
                  let slide = reader.uint32(atom, at: 0).map(Int.init), result[slide] == nil else { continue }
            result[slide] = index
        }
        return result
    }
}
