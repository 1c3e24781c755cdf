import Testing
@testable import AnyDocSwift

/// Exact Markdown for the decks in TestDocuments/ppt, which
/// Scripts/make-ppt-fixtures.sh converts with LibreOffice from the
/// project's own sources, and for streams built record by record.
@Suite struct PPTConverterTests {
    private func markdown(_ name: String, markdown options: MarkdownOptions = .default) throws -> String {
        try PPTTestSupport.markdown(Corpus.testDocument("ppt/\(name).ppt"), markdown: options)
    }

    // MARK: - Decks LibreOffice wrote

    @Test func titlesSubtitleBulletLevelsNotesHiddenSlideAndFooter() throws {
        // The footer shows where it first appears and again after a slide without it.
        #expect(try markdown("titles-lists") == """
        ## Slide 1: Welcome

        A small deck

        Company Confidential

        ## Slide 2: Agenda

        - Level one
          - Level two
            - Level three
        - Back to one

        > **Notes:**
        >
        > Speaker notes here.
        >
        > Second note line

        ## Slide 3: Backup (hidden)

        - Only point

        ## Slide 4

        Closing words

        Company Confidential

        """)
    }

    @Test func textBoxesFormattingLinksNonASCIIAndTables() throws {
        // Text boxes read top to bottom, then left to right within a row;
        // the table's merged heading keeps its span.
        #expect(try markdown("text-boxes-tables") == """
        ## Slide 1: Text boxes

        Left box

        Right box

        Plain, **bold**, *italic* and x<sup>2</sup>

        Line one\\
        line two

        Visit [the example site](https://example.com/) today

        ## Slide 2: Grüße aus Zürich

        - Привет, мир
        - 日本語のテキスト
        - Ελληνικά — naïve café

        > **Notes:**
        >
        > Notizen: schöne Grüße

        ## Slide 3: Table

        | Region | Sales |  |
        | --- | --- | --- |
        | North | 10 | 20 |
        | South | 30 | 40 |

        """)
        let document = try PPTTestSupport.document(Corpus.testDocument("ppt/text-boxes-tables.ppt"))
        guard case .table(let table)? = document.blocks.last else {
            Issue.record("expected a table")
            return
        }
        #expect(table.rows.map(\.cells.count) == [2, 3, 3])
        #expect(table.rows[0].isHeader)
        #expect(table.rows[0].cells[1].columnSpan == 2)
    }

    @Test func pptxFixturesSavedAsPPT() throws {
        // As the PPTX converter reads the originals, except that
        // LibreOffice writes these slides' text as plain text boxes, not
        // placeholders, so there is no title to take. Numbering comes
        // from the PowerPoint 2000 extension records.
        #expect(try markdown("lists") == """
        ## Slide 1

        Lists

        - Level one
          - Level two
            - Level three
        - Back to one

        Plain paragraph

        3. Third
        4. Fourth
           1. Sub a
        5. Fifth

        - Bullet again

        Text box paragraph

        - Box bullet
          - Box nested

        1. Box number

        Closing

        """)
        #expect(try markdown("notes-hidden") == """
        ## Slide 1

        Visible

        Slide body

        Company Confidential

        > **Notes:**
        >
        > Speaker **notes** here.
        >
        > - A noted point

        ## Slide 2: (hidden)

        Secret

        Still converted

        Company Confidential

        ## Slide 3: (hidden)

        Hidden text

        """)
    }

    @Test func slideCountFormatAndSummaryInMetadata() throws {
        let document = try PPTTestSupport.document(Corpus.testDocument("ppt/titles-lists.ppt"))
        #expect(document.metadata.pageCount == 4)
        #expect(document.metadata.sourceFormat == .ppt)
        #expect(document.metadata.title == "Titles and lists")
        #expect(document.blocks.first == .boundary(.slide(number: 1, title: "Welcome")))
        #expect(document.blocks.contains(.boundary(.slide(number: 3, title: "Backup (hidden)"))))
    }

    @Test func slideHeadingsWithoutMarkers() throws {
        let output = try markdown("titles-lists", markdown: MarkdownOptions(provenanceMarkers: false))
        #expect(output.hasPrefix("## Welcome\n\nA small deck\n"))
        #expect(output.contains("\n## Backup (hidden)\n"))
    }

    // MARK: - Streams built record by record

    private typealias Build = PPTStreamBuilder

    private func convert(stream: [UInt8], edit: Int, token: UInt32 = PPTCurrentUser.normalToken) throws(ConversionError) -> String {
        try PPTTestSupport.markdown(Build.file(stream: stream, currentUser: Build.currentUser(editOffset: edit, token: token)))
    }

    @Test func slideListTextsWithoutDrawingsAreReadByType() throws {
        // Title and body placeholders keep their text in the slide list;
        // with no drawing pointing at it, the text types place it.
        let deck = Build.stream(slideTexts: [
            Build.text("Body one\rBody two", type: PPTTextType.body) + Build.text("Plan", type: PPTTextType.title),
            Build.text("Loose text", type: PPTTextType.other),
        ], hidden: [1])
        #expect(try convert(stream: deck.bytes, edit: deck.edit) == """
        ## Slide 1: Plan

        - Body one
        - Body two

        ## Slide 2: (hidden)

        Loose text

        """)
    }

    @Test func blankEdgesAreTrimmedInTitlesAndParagraphs() throws {
        // A title over two paragraphs with spaces at their edges reads as
        // one line; a body paragraph loses its edge spaces and line breaks,
        // and one of spaces only is spacing; a title with a tab is trimmed
        // by characters.
        let deck = Build.stream(slideTexts: [
            Build.text("  Plan \r \r  ahead ", type: PPTTextType.title)
                + Build.text("\u{B} Body one  \u{B}\r   \r\u{B}", type: PPTTextType.body),
            Build.text("\tTabbed title\u{A0}", type: PPTTextType.title),
        ])
        #expect(try convert(stream: deck.bytes, edit: deck.edit) == """
        ## Slide 1: Plan ahead

        - Body one

        ## Slide 2: Tabbed title

        """)
    }

    @Test func drawingOrderReferencesAndDuplicates() throws {
        // The title placeholder points at the listed title; the body's
        // reference is out of range; a text box repeats a listed text,
        // which is then read once; boxes read top to bottom.
        let deck = Build.stream(
            slideTexts: [Build.text("Plan", type: PPTTextType.title) + Build.text("Kept once", type: PPTTextType.other)],
            shapes: [[
                Build.textBox(left: 10, top: 700, text: Build.text("Lower box", type: PPTTextType.other)),
                Build.textBox(left: 10, top: 300, text: Build.text("Kept once", type: PPTTextType.other)),
                Build.textBox(left: 10, top: 10, placeholder: 0x0D, text: Build.listedText(0)),
                Build.textBox(left: 10, top: 100, placeholder: 0x0E, text: Build.listedText(7)),
            ]])
        #expect(try convert(stream: deck.bytes, edit: deck.edit) == """
        ## Slide 1: Plan

        Kept once

        Lower box

        """)
    }

    @Test func groupsNestedTooDeeplyAreALimit() throws {
        var shape = Build.textBox(left: 0, top: 0, text: Build.text("Deep", type: PPTTextType.other))
        for _ in 0..<12 { shape = Build.group([shape]) }
        let deck = Build.stream(slideTexts: [[]], shapes: [[shape]])
        var options = ConversionOptions()
        options.limits.maxNestingDepth = 8
        let file = Build.file(stream: deck.bytes, currentUser: Build.currentUser(editOffset: deck.edit))
        #expect(throws: ConversionError.resourceLimit("drawing groups nest deeper than 8 levels")) {
            try PPTTestSupport.markdown(file, options: options)
        }
        #expect(try PPTTestSupport.markdown(file) == "## Slide 1\n\nDeep\n")
    }

    @Test func fieldCharactersControlsAndBreaksInText() throws {
        // "Page *" where * is a slide-number field, a vertical tab line
        // break, a stray control character and an unpaired surrogate.
        var units = Array("Page *\u{0B}next".utf16)
        units.insert(0x0001, at: 8)
        units.append(0xD800)
        units += Array("\rSecond".utf16)
        let field = Build.record(0x0FD8, body: Build.words([5]))
        let deck = Build.stream(slideTexts: [Build.text(units: units, type: PPTTextType.other) + [field]])
        #expect(try convert(stream: deck.bytes, edit: deck.edit) == """
        ## Slide 1

        Page \\
        next

        Second

        """)
    }

    @Test func newestEditWinsAndOlderEntriesStillCount() throws {
        // Edit 1 lists the old document and the slide; edit 2 replaces
        // only the document.
        let old = Build.document(slideTexts: [Build.text("Old title", type: PPTTextType.title)])
        var bytes = old
        let slide = bytes.count
        bytes += Build.slide()
        let firstDirectory = bytes.count
        bytes += Build.persistDirectory(firstID: 1, offsets: [0, slide])
        let firstEdit = bytes.count
        bytes += Build.userEdit(previous: 0, directory: firstDirectory)
        let newDocument = bytes.count
        bytes += Build.document(slideTexts: [Build.text("New title", type: PPTTextType.title)])
        let secondDirectory = bytes.count
        bytes += Build.persistDirectory(firstID: 1, offsets: [newDocument])
        let secondEdit = bytes.count
        bytes += Build.userEdit(previous: firstEdit, directory: secondDirectory)
        #expect(try convert(stream: bytes, edit: secondEdit) == "## Slide 1: New title\n")
        // Without a usable Current User stream the last edit is found by scanning.
        #expect(try PPTTestSupport.markdown(Build.file(stream: bytes, currentUser: [1, 2, 3])) == "## Slide 1: New title\n")
    }

    @Test func editChainCycleEnds() throws {
        var deck = Build.stream(slideTexts: [Build.text("Looped", type: PPTTextType.title)])
        // The edit names itself as the previous one.
        let previousField = deck.edit + 8 + 8
        for (index, byte) in Build.words([UInt32(deck.edit)]).enumerated() { deck.bytes[previousField + index] = byte }
        #expect(try convert(stream: deck.bytes, edit: deck.edit) == "## Slide 1: Looped\n")
    }

    @Test func encryptedTokenMissingStreamAndMissingDocument() throws {
        let deck = Build.stream(slideTexts: [Build.text("Secret", type: PPTTextType.title)])
        #expect(throws: ConversionError(.encrypted, "the presentation is encrypted")) {
            try convert(stream: deck.bytes, edit: deck.edit, token: PPTCurrentUser.encryptedToken)
        }
        let noStream = CompoundFileFixture(streams: [("Current User", Build.currentUser(editOffset: 0))]).build().bytes
        #expect(throws: ConversionError.missingPart("PowerPoint Document")) { try PPTTestSupport.markdown(noStream) }
        // The edit names a document id the directory does not hold: the
        // document is found by scanning, and the result says so.
        var wrongDocument = deck
        wrongDocument.bytes[deck.edit + 8 + 16] = 9
        let recovered = try PPTTestSupport.document(
            Build.file(stream: wrongDocument.bytes, currentUser: Build.currentUser(editOffset: deck.edit)))
        #expect(recovered.blocks == [.boundary(.slide(number: 1, title: "Secret"))])
        #expect(recovered.hasDamagedParts)
    }

    @Test func damagedSlideIsAWarningAndTheDeckGoesOn() throws {
        // The directory points the second slide's persist id past the stream.
        let document = Build.document(slideTexts: [Build.text("First", type: PPTTextType.title), Build.text("Second", type: PPTTextType.title)])
        var bytes = document
        let slide = bytes.count
        bytes += Build.slide()
        let directory = bytes.count
        bytes += Build.persistDirectory(firstID: 1, offsets: [0, slide, 1_000_000])
        let edit = bytes.count
        bytes += Build.userEdit(previous: 0, directory: directory)
        let file = Build.file(stream: bytes, currentUser: Build.currentUser(editOffset: edit))
        let converted = try PPTTestSupport.document(file)
        #expect(converted.blocks == [.boundary(.slide(number: 1, title: "First")), .boundary(.slide(number: 2, title: nil))])
        #expect(converted.warnings == ["slide 2 could not be read: the slide record is missing or damaged"])
    }

    @Test func recordBudgetIsALimit() throws {
        let deck = Build.stream(slideTexts: Array(repeating: Build.text("Again", type: PPTTextType.title), count: 20))
        var options = ConversionOptions()
        options.limits.maxXMLNodes = 30
        do {
            _ = try PPTTestSupport.markdown(Build.file(stream: deck.bytes, currentUser: Build.currentUser(editOffset: deck.edit)), options: options)
            Issue.record("expected a resource limit")
        } catch {
            #expect(error.kind == .resourceLimit)
        }
    }

    @Test func childOverrunningItsContainerEndsTheList() throws {
        let inner = Build.record(PPTRecordType.textHeaderAtom, body: Build.words([0]))
        var outer = Build.container(PPTRecordType.slideListWithText, [inner, inner])
        // The second child claims more bytes than the container has.
        outer[8 + inner.count + 4] = 0xFF
        let reader = PPTRecordReader(bytes: outer, limits: .default, deadline: Deadline(secondsFromNow: 10))
        let container = try #require(reader.record(at: 0))
        var children = reader.children(of: container)
        var count = 0
        while try children.next() != nil { count += 1 }
        #expect(count == 1)
        #expect(reader.record(at: outer.count - 2) == nil)
    }

    @Test func cStringNameComparesAsItsDecodedText() throws {
        func name(_ units: [UInt16]) -> (PPTRecordReader, PPTRecord)? {
            let bytes = Build.record(PPTRecordType.cString, body: units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            let reader = PPTRecordReader(bytes: bytes, limits: .default, deadline: Deadline(secondsFromNow: 10))
            return reader.record(at: 0).map { (reader, $0) }
        }
        let tag = Array("___PPT9".utf16)
        let cases: [([UInt16], Bool)] = [
            (tag, true), (tag + [0, 0x20, 0], true), (Array("___PPT10".utf16), false), (Array("___PPT".utf16), false),
            // Controls are dropped from the decoded text, so this still names the tag.
            (Array("___P".utf16) + [0x01] + Array("PT9".utf16), true), ([], false),
        ]
        for (units, expected) in cases {
            let (reader, record) = try #require(name(units))
            #expect(reader.string(record, is: tag) == expected)
            #expect((reader.string(record) == "___PPT9") == expected)
        }
    }
}
