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
/// document container, its external hyperlinks and its lists of slides,
/// notes pages and masters, with the records behind them on demand.
///
/// Pages the persist directory leaves unmapped are matched with the
/// containers it does not name, in stream order; a stream whose user
/// edits or directory are broken is read that way whole, from the last
/// document container found by scanning, and says so in `recovery`.
final class PPTPresentation {
    let reader: PPTRecordReader
    let hyperlinks: [Int: String]
    /// The slides in show order.
    let slides: [PPTListedPage]
    /// The deck's footer and date, for slides without their own.
    let slideFooters: PPTHeadersFooters?
    /// Why the presentation was read by scanning its stream, if it was.
    let recovery: String?
    private let notesPages: [PPTListedPage]
    /// Notes page positions by their own identifier (the first wins).
    private let notesByIdentifier: [Int: Int]
    /// Master persist ids by the master's own identifier (the first wins).
    private let mastersByIdentifier: [Int: UInt32]
    /// The text a master shows on its slides, read once per master.
    @exclusivity(unchecked)
    private var masterTexts: [UInt32: [PPTShape]] = [:]
    private let directory: PPTPersistDirectory
    private let maxTableCells: Int
    @exclusivity(unchecked)
    private var tableCells = 0
    private lazy var notesBySlide: [Int: Int] = readNotesAtoms()

    init(stream: CompoundFileStreamBytes, newestEdit: Int?, limits: Limits, deadline: Deadline) throws(ConversionError) {
        let reader = PPTRecordReader(stream: stream, limits: limits, deadline: deadline)
        let (opened, document, recovery) = try Self.open(reader, newestEdit: newestEdit)
        var directory = opened
        let hyperlinks = try PPTHyperlinks.read(in: document, reader: reader)
        var slides: [PPTListedPage]?
        var notesPages: [PPTListedPage]?
        var masterPages: [PPTListedPage]?
        var slideFooters: PPTHeadersFooters?
        var records = reader.children(of: document)
        while let record = try records.next() {
            switch (record.type, record.instance) {
            case (PPTRecordType.slideListWithText, 0) where slides == nil:
                slides = try Self.pages(in: record, reader: reader, hyperlinks: hyperlinks)
            case (PPTRecordType.slideListWithText, 1) where masterPages == nil:
                masterPages = try Self.pages(in: record, reader: reader, hyperlinks: hyperlinks)
            case (PPTRecordType.slideListWithText, 2) where notesPages == nil:
                notesPages = try Self.pages(in: record, reader: reader, hyperlinks: hyperlinks)
            case (PPTRecordType.headersFooters, 3):
                slideFooters = try PPTHeadersFooters(record, reader: reader)
            default:
                break
            }
        }
        try Self.adoptUnmapped(
            [(masterPages ?? [], PPTRecordType.mainMaster), (slides ?? [], PPTRecordType.slide), (notesPages ?? [], PPTRecordType.notes)],
            into: &directory, reader: reader)
        self.reader = reader
        self.recovery = recovery
        self.directory = directory
        self.mastersByIdentifier = Dictionary(
            (masterPages ?? []).map { (Int($0.identifier), $0.persistID) }, uniquingKeysWith: { first, _ in first })
        self.hyperlinks = hyperlinks
        self.slides = slides ?? []
        self.notesPages = notesPages ?? []
        self.notesByIdentifier = Dictionary(
            (notesPages ?? []).enumerated().map { (Int($0.element.identifier), $0.offset) }, uniquingKeysWith: { first, _ in first })
        self.slideFooters = slideFooters
        self.maxTableCells = limits.maxTableCells
    }

    /// The newest persist directory and the document container it names;
    /// when either is broken, the document found by scanning.
    private static func open(
        _ reader: PPTRecordReader, newestEdit: Int?
    ) throws(ConversionError) -> (PPTPersistDirectory, PPTRecord, String?) {
        let failure: ConversionError
        do {
            let directory = try PPTPersistDirectory.read(reader, newestEdit: newestEdit)
            if let offset = directory.offset(of: directory.documentID), let document = reader.record(at: offset),
               document.type == PPTRecordType.document, document.isContainer {
                return (directory, document, nil)
            }
            failure = .malformed("PowerPoint Document stream: the document record is missing or damaged")
        } catch where error.kind == .malformed {
            failure = error
        }
        let records = try PPTPersistDirectory.topLevelRecords(reader)
        guard let directory = PPTPersistDirectory.recovered(records), let offset = directory.offset(of: directory.documentID),
              let document = reader.record(at: offset) else { throw failure }
        return (directory, document, "\(failure.reason); the slides were found by scanning the stream")
    }

    /// Files the listed pages the directory does not map under the
    /// containers of their type it does not name; a recovered directory
    /// maps none of them. The stream is scanned only when one is missing.
    private static func adoptUnmapped(
        _ lists: [([PPTListedPage], UInt16)], into directory: inout PPTPersistDirectory, reader: PPTRecordReader
    ) throws(ConversionError) {
        var records: [PPTRecord]?
        for (pages, type) in lists {
            let unmapped = pages.map(\.persistID).filter { directory.offset(of: $0) == nil }
            guard !unmapped.isEmpty else { continue }
            if records == nil { records = try PPTPersistDirectory.topLevelRecords(reader) }
            directory.adopt(unmapped, type: type, among: records ?? [])
            // Title masters are slide containers in the master list.
            if type == PPTRecordType.mainMaster { directory.adopt(unmapped, type: PPTRecordType.slide, among: records ?? []) }
        }
    }

    /// The text boxes of the master a slide names (its SlideAtom's
    /// `masterIdRef`) that are not placeholders: text the master shows on
    /// every slide, such as a company line. Placeholders hold only the
    /// master's prompts (`Click to edit…`) and footer fields.
    func masterText(masterIdentifier: UInt32) throws(ConversionError) -> [PPTShape] {
        guard let persistID = mastersByIdentifier[Int(masterIdentifier)] else { return [] }
        if let known = masterTexts[persistID] { return known }
        masterTexts[persistID] = []
        guard let master = container(persistID, type: PPTRecordType.mainMaster) ?? container(persistID, type: PPTRecordType.slide) else {
            return []
        }
        let drawing = PPTDrawingReader(reader: reader, hyperlinks: hyperlinks)
        let shapes = try drawing.shapes(in: master).filter { shape in
            guard shape.placeholder == nil, case .text(let text) = shape.content else { return false }
            let line = text.plainLine
            return line.contains { !$0.isWhitespace } && line != "*"
        }
        masterTexts[persistID] = shapes
        return shapes
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
