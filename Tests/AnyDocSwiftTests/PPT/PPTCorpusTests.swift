import Foundation
import Testing
@testable import AnyDocSwift

/// Every PowerPoint 97–2003 deck of the shared corpus converts to clean
/// Markdown, with known text where it was checked by hand against
/// LibreOffice's reading of the same files; damaged copies fail with a
/// typed error or convert, never crash or hang.
@Suite struct PPTCorpusTests {
    static var decks: [Corpus.Entry] { Corpus.entries(inFolder: "ppt") }

    private static func markdown(_ path: String) throws -> String {
        guard let entry = Corpus.entries.first(where: { $0.path == path }) else {
            throw ConversionError.io("\(path) is not in the corpus")
        }
        return try PPTTestSupport.markdown(entry.read())
    }

    @Test func corpusHasDecks() {
        #expect(Self.decks.count >= 19, "the shared corpus must sit beside the project at ../shared/corpus")
    }

    @Test(arguments: decks)
    func convertsToCleanMarkdown(_ entry: Corpus.Entry) throws {
        let bytes = try entry.read()
        let markdown = try PPTTestSupport.markdown(bytes)
        let document = try PPTTestSupport.document(bytes)
        #expect(document.metadata.sourceFormat == .ppt)
        let slides = document.blocks.filter { if case .boundary(.slide) = $0 { true } else { false } }
        #expect(slides.count == document.metadata.pageCount && !slides.isEmpty)
        #expect(markdown.hasPrefix("## Slide 1") && markdown.hasSuffix("\n") && !markdown.hasSuffix("\n\n"))
        let stray = markdown.unicodeScalars.filter { scalar in
            scalar != "\n" && scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }
        #expect(stray.isEmpty, "\(entry.path) has control characters \(stray.map(\.value))")
        #expect(!markdown.contains("\u{FFFD}"), "\(entry.path) has replacement characters")
    }

    @Test func encryptedDeckIsEncrypted() throws {
        #expect(throws: ConversionError(.encrypted, "the presentation is encrypted")) {
            try Self.markdown("hostile/poi_Password_Protected-hello.ppt")
        }
    }

    @Test func fuzzedDeckConvertsWhatIsLeft() throws {
        // Its Current User stream is property-set garbage: the edit is
        // found by scanning the document stream.
        #expect(try Self.markdown("hostile/poi_clusterfuzz-testcase-minimized-POIHSLFFuzzer-5018229722382336.ppt") == """
        ## Slide 1: Simple PPT attachment

        Bla bla bla

        ## Slide 2: First Slide

        """)
    }

    // MARK: - Known text

    @Test func titleBodyAndSubtitlePlaceholders() throws {
        #expect(try Self.markdown("ppt/kreuzberg_simple.ppt") == """
        ## Slide 1: Title Slide

        With a subtitle

        ## Slide 2: Things to think about

        - How much is enough?
        - If not now when?
        - Where have all the flowers gone?
        - Who do you think you are?
        - What were you thinking?

        """)
        #expect(try Self.markdown("ppt/poi_SampleShow.ppt") == """
        ## Slide 1: Title of the first slide

        Subtitle of the first slide

        *This bit is in italic green*

        > **Notes:**
        >
        > I am the notes of the first slide

        ## Slide 2: This is the second slide

        - It has bullet points on it
        - They’re fun, aren’t they?
        - Especially in a different font like Arial Black at 16 point!

        > **Notes:**
        >
        > These are the notes of the 2<sup>nd</sup> slide
        >
        > **THIS LINE IS BOLD**

        """)
    }

    @Test func outlineTextReferencesAndHyperlinks() throws {
        // Placeholders point into the slide list; links live in the
        // document's ExObjList, also in the notes.
        #expect(try Self.markdown("ppt/poi_WithLinks.ppt") == """
        ## Slide 1: I am the title of the first page

        This page has two links:

        [http://jakarta.apache.org/poi/](http://jakarta.apache.org/poi/)

        [http://slashdot.org/](http://slashdot.org/)

        In addition, its notes has one link

        > **Notes:**
        >
        > I am the notes
        >
        > I link to [http://jakarta.apache.org/hslf/](http://jakarta.apache.org/hslf/)

        ## Slide 2: I am page two

        I have the one link:

        [Jakarta HSSF](http://jakarta.apache.org/poi/hssf/)

        """)
    }

    @Test func bulletsAndAutomaticNumbering() throws {
        // The newest of several incremental saves is read.
        #expect(try Self.markdown("ppt/poi_bullets.ppt") == """
        ## Slide 1: Title text

        - This is a text placeholder that
        - follows the design pattern
        - Defined in the slide master
        - and has bullets by default

        ## Slide 2

        - I’m a text box
        - With bullets
        - That follow the design pattern
        - From the slide master

        * I’m a text box with user-defined
        * bullet character

        """)
        let numbers = try Self.markdown("ppt/poi_numbers.ppt")
        #expect(numbers.hasPrefix("""
        ## Slide 1: titTe

        4. This is a text placeholder that
        5. follows the design pattern

        Just a test

        Without any paragraph

        3. Second paragraph first line c) ;
        4. Second paragraph second line d) .

        ## Slide 2: Second Slide Title

        9. This is a text placeholder that

        follows the design pattern

        """))
    }

    @Test func footersFromHeadersFootersRecords() throws {
        // Today's date has no stored text; a fixed date and the footer do.
        #expect(try Self.markdown("ppt/poi_headers_footers.ppt") == """
        ## Slide 1

        Global Slide Footer

        ## Slide 2

        custom date format

        per-slide footer

        """)
    }

    @Test func tableGroupsAndPositions() throws {
        let sample = try Self.markdown("ppt/docling_legacy_sample.ppt")
        #expect(sample.hasPrefix("## Slide 1: Test Table Slide\n\nWith footnote\n\n|  | **Class1** |  |  | **Class2** |  |  |\n"))
        #expect(sample.contains("\n| R1 | True | False |  | False | True | True |\n"))
        #expect(sample.contains("\n1. List item4\n2. List item5\n3. List item6\n\n- I1\n"))
        #expect(sample.contains("> **Notes:**\n>\n> Some notes on the second slide.\n"))
        // Members of nested groups are placed in slide coordinates.
        #expect(try Self.markdown("ppt/tika_testPPT_groups.ppt") == """
        ## Slide 1: MyTitle

        Text box5 [tika link](http://tika.apache.org/)

        Ungrouped text box

        Text box1

        Text box2

        Text box3

        Text box4

        WordArt1

        WordArt2

        """)
        let various = try Self.markdown("ppt/tika_testPPT_various.ppt")
        #expect(various.contains("\n**Bold** *italic* underline <sup>superscript</sup> <sub>subscript</sub>\n"))
        #expect(various.contains("\nゾルゲと尾崎、淡々と最期\n\n（ＧＨＱ）\n\nAnd then some Gothic text:\n\n𐌲𐌿𐍄𐌹𐍃𐌺\n"))
        #expect(various.hasSuffix("""
        | Row 1 Col 1 | Row 1 Col 2 | Row 1 Col 3 |
        | --- | --- | --- |
        | Row 2 Col 1 | Row 2 Col 2 | Row 2 Col 3 |

        """))
    }

    @Test func eastAsianTextInCharsAndBytesAtoms() throws {
        #expect(try Self.markdown("ppt/poi_54880_chinese.ppt") == """
        ## Slide 1

        Single byte

        複数の文字

        カタカナ

        ﾊﾝｶｸ

        表十ソ

        𠮟

        表Mixパﾋﾟ𠮟

        """)
    }

    // MARK: - Damaged copies

    /// Byte flips, truncations and spliced chunks, in the whole file and
    /// in the document stream alone (where the compound file reader does
    /// not stop them first). Fixed seeds: the same copies every run.
    @Test(arguments: decks)
    func damagedCopiesFailCleanly(_ entry: Corpus.Entry) throws {
        let original = try entry.read()
        let file = try CompoundFile(original)
        let streamEntry = try #require(file.entry(named: "PowerPoint Document"))
        let stream = try file.read(streamEntry)
        let edit = try PPTCurrentUser.currentEditOffset(in: file)
        var options = ConversionOptions()
        options.limits.timeLimitSeconds = 10
        var random = MutationRobustnessTests.Random(state: UInt64(truncatingIfNeeded: entry.bytes) | 1)
        for round in 0..<48 {
            let started = Date()
            let damagedFile = round % 2 == 0
            let bytes = Self.damage(damagedFile ? original : stream, round: round / 2, random: &random)
            do throws(ConversionError) {
                if damagedFile {
                    _ = try PPTTestSupport.markdown(bytes, options: options)
                } else {
                    let writer = MarkdownWriter(output: StringOutput(), limits: options.limits)
                    try PPTConverter.convert(
                        stream: bytes, newestEdit: edit, metadata: Metadata(), input: PPTTestSupport.input(original, options: options),
                        into: writer)
                    try writer.finish()
                }
            } catch {
                #expect(!error.reason.isEmpty)
            }
            #expect(Date().timeIntervalSince(started) < 10, "\(entry.path) damage \(round) ran too long")
        }
    }

    private static func damage(_ original: [UInt8], round: Int, random: inout MutationRobustnessTests.Random) -> [UInt8] {
        var bytes = original
        guard !bytes.isEmpty else { return [0] }
        switch round % 3 {
        case 0:
            for _ in 0..<(1 + random.below(16)) { bytes[random.below(bytes.count)] ^= UInt8(truncatingIfNeeded: random.next() | 1) }
        case 1:
            bytes.removeSubrange(random.below(bytes.count)...)
        default:
            let start = random.below(bytes.count)
            let chunk = bytes[start..<(start + min(bytes.count - start, 1 + random.below(256)))]
            bytes.insert(contentsOf: chunk, at: random.below(bytes.count))
        }
        return bytes
    }
}
