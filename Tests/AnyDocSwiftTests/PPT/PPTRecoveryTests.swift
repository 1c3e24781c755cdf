import Testing
@testable import AnyDocSwift

/// Decks built record by record with what real files carry and readers
/// miss: text on the masters of a multi-master deck, a persist directory
/// that leaves pages unmapped, and user edits too broken to follow.
@Suite struct PPTRecoveryTests {
    private typealias Build = PPTStreamBuilder

    private func file(_ stream: [UInt8], edit: Int) -> [UInt8] {
        Build.file(stream: stream, currentUser: Build.currentUser(editOffset: edit))
    }

    private func persistAtom(_ persistID: UInt32, identifier: UInt32, texts: Int = 0) -> [UInt8] {
        Build.record(PPTRecordType.slidePersistAtom, body: Build.words([persistID, 0, UInt32(texts), identifier, 0]))
    }

    /// A SlideAtom naming its master, with `fMasterObjects` set or not.
    private func slide(master: UInt32, showsMaster: Bool, shapes: [[UInt8]] = []) -> [UInt8] {
        var children = [Build.record(PPTRecordType.slideAtom, body: Build.words([0, 0, 0, master, 0, showsMaster ? 1 : 0]))]
        if !shapes.isEmpty { children.append(drawing(shapes)) }
        return Build.container(PPTRecordType.slide, children)
    }

    private func drawing(_ shapes: [[UInt8]]) -> [UInt8] {
        Build.container(PPTRecordType.drawing, [Build.container(PPTRecordType.drawingContainer, [Build.group(shapes)])])
    }

    /// A master with its title placeholder's prompt and a text box of its own.
    private func master(_ line: String) -> [UInt8] {
        Build.container(PPTRecordType.mainMaster, [drawing([
            Build.textBox(left: 10, top: 10, placeholder: 0x01, text: Build.text("Click to edit Master title style", type: PPTTextType.title)),
            Build.textBox(left: 10, top: 900, text: Build.text(line, type: PPTTextType.other)),
        ])])
    }

    @Test func masterTextShowsOnTheSlidesOfEachMaster() throws {
        // Slides 1 and 3 use the first master, slide 2 the second; slide 3
        // turns the master's objects off. Prompts in placeholders never show.
        let masters = Build.container(PPTRecordType.slideListWithText, instance: 1, [
            persistAtom(2, identifier: 0x8000_0001), persistAtom(3, identifier: 0x8000_0002),
        ])
        var list: [[UInt8]] = []
        for (index, title) in ["Alpha", "Beta", "Gamma"].enumerated() {
            list.append(persistAtom(UInt32(4 + index), identifier: UInt32(256 + index), texts: 1))
            list += Build.text(title, type: PPTTextType.title)
        }
        var bytes = Build.container(PPTRecordType.document, [masters, Build.container(PPTRecordType.slideListWithText, list)])
        var offsets = [0]
        for part in [
            master("Acme confidential"), master("Second master line"),
            slide(master: 0x8000_0001, showsMaster: true,
                  shapes: [Build.textBox(left: 10, top: 300, text: Build.text("Slide body", type: PPTTextType.other))]),
            slide(master: 0x8000_0002, showsMaster: true), slide(master: 0x8000_0001, showsMaster: false),
        ] {
            offsets.append(bytes.count)
            bytes += part
        }
        let directory = bytes.count
        bytes += Build.persistDirectory(firstID: 1, offsets: offsets)
        let edit = bytes.count
        bytes += Build.userEdit(previous: 0, directory: directory)
        #expect(try PPTTestSupport.markdown(file(bytes, edit: edit)) == """
        ## Slide 1: Alpha

        Slide body

        Acme confidential

        ## Slide 2: Beta

        Second master line

        ## Slide 3: Gamma

        """)
    }

    /// Three slides (persist ids 2–4) and their notes pages (5–7), each
    /// with a text box naming it; the directory maps only the ids given.
    private func sparseDeck(mapped: Set<Int>) -> (bytes: [UInt8], edit: Int) {
        var slides: [[UInt8]] = []
        var notes: [[UInt8]] = []
        for index in 0..<3 {
            slides.append(persistAtom(UInt32(2 + index), identifier: UInt32(256 + index), texts: 1))
            slides += Build.text("Slide \(index + 1) title", type: PPTTextType.title)
            notes.append(persistAtom(UInt32(5 + index), identifier: UInt32(512 + index)))
        }
        var bytes = Build.container(PPTRecordType.document, [
            Build.container(PPTRecordType.slideListWithText, slides),
            Build.container(PPTRecordType.slideListWithText, instance: 2, notes),
        ])
        var offsets = [1: 0]
        for index in 0..<3 {
            offsets[2 + index] = bytes.count
            bytes += Build.slide(shapes: [Build.textBox(left: 10, top: 300, text: Build.text("Body \(index + 1)", type: PPTTextType.other))])
        }
        for index in 0..<3 {
            offsets[5 + index] = bytes.count
            let atom = Build.record(PPTRecordType.notesAtom, body: Build.words([UInt32(256 + index), 0]))
            let text = Build.textBox(left: 10, top: 10, text: Build.text("Note \(index + 1)", type: PPTTextType.notes))
            bytes += Build.container(PPTRecordType.notes, [atom, drawing([text])])
        }
        // One directory entry per run of consecutive mapped ids.
        var body: [UInt32] = []
        var id = 1
        while id <= 7 {
            guard mapped.contains(id) else { id += 1; continue }
            var run: [UInt32] = []
            while mapped.contains(id + run.count) { run.append(UInt32(offsets[id + run.count]!)) }
            body += [UInt32(id) | UInt32(run.count) << 20] + run
            id += run.count
        }
        let directory = bytes.count
        bytes += Build.record(PPTRecordType.persistDirectoryAtom, body: Build.words(body))
        let edit = bytes.count
        bytes += Build.userEdit(previous: 0, directory: directory)
        return (bytes, edit)
    }

    private static let threeSlides = """
        ## Slide 1: Slide 1 title

        Body 1

        > **Notes:**
        >
        > Note 1

        ## Slide 2: Slide 2 title

        Body 2

        > **Notes:**
        >
        > Note 2

        ## Slide 3: Slide 3 title

        Body 3

        > **Notes:**
        >
        > Note 3

        """

    @Test func sparsePersistDirectoryPagesAreFoundInStreamOrder() throws {
        // Slide 2 and the notes of slides 2 and 3 are not mapped.
        let deck = sparseDeck(mapped: [1, 2, 4, 5])
        let converted = try PPTTestSupport.document(file(deck.bytes, edit: deck.edit))
        #expect(converted.warnings == [])
        #expect(try PPTTestSupport.markdown(file(deck.bytes, edit: deck.edit)) == Self.threeSlides)
    }

    @Test func brokenUserEditIsRecoveredByScanningTheStream() throws {
        // The edit's record type is damaged, and no other edit is left.
        var deck = sparseDeck(mapped: [1, 2, 3, 4, 5, 6, 7])
        deck.bytes[deck.edit + 2] = 0x00
        let bytes = file(deck.bytes, edit: deck.edit)
        #expect(try PPTTestSupport.markdown(bytes) == Self.threeSlides)
        let converted = try PPTTestSupport.document(bytes)
        #expect(converted.hasDamagedParts)
        #expect(converted.warnings == [
            "damaged part PowerPoint Document stream: no user edit record; "
                + "the slides were found by scanning the stream",
        ])
    }

    @Test func brokenDirectoryIsRecoveredAndNoDocumentStaysAnError() throws {
        // The directory atom's type is damaged: the edit maps nothing.
        var deck = sparseDeck(mapped: [1, 2, 3, 4, 5, 6, 7])
        let directory = deck.edit - (8 + 4 + 7 * 4)
        deck.bytes[directory + 2] = 0x00
        let converted = try PPTTestSupport.document(file(deck.bytes, edit: deck.edit))
        #expect(converted.hasDamagedParts)
        #expect(try PPTTestSupport.markdown(file(deck.bytes, edit: deck.edit)) == Self.threeSlides)
        // Without a document container there is nothing to recover.
        var noDocument = deck
        noDocument.bytes[2] = 0x00
        noDocument.bytes[deck.edit + 2] = 0x00
        #expect(throws: ConversionError.malformed("PowerPoint Document stream: no user edit record")) {
            try PPTTestSupport.markdown(file(noDocument.bytes, edit: deck.edit))
        }
    }
}
