import Foundation
import Testing
@testable import AnyDocSwift

/// Every PowerPoint deck of the shared corpus converts to readable
/// Markdown: no XML left over, no text lost wholesale, shows identical to
/// the decks they were made from, and known text where it was checked.
@Suite struct PPTXCorpusTests {
    static var decks: [Corpus.Entry] {
        Corpus.entries.filter { ["pptx", "pptm", "ppsx"].contains($0.format) }
    }

    /// Hostile files in PowerPoint packaging; each must fail cleanly or
    /// convert, never crash.
    static var hostileDecks: [Corpus.Entry] {
        Corpus.entries.filter { $0.format == "hostile" && ["pptx", "pptm", "ppsx"].contains($0.fileExtension) }
    }

    private static func convert(_ entry: Corpus.Entry) throws -> (markdown: String, document: Document) {
        var options = ConversionOptions()
        options.format = DocumentFormat(fileExtension: entry.fileExtension)
        options.limits.timeLimitSeconds = 30
        let converter = AnyDocConverter(options: options)
        let bytes = try entry.read()
        return (try converter.markdown(bytes, fileName: entry.path), try converter.document(bytes, fileName: entry.path))
    }

    private static func markdown(_ path: String) throws -> String {
        guard let entry = Corpus.entries.first(where: { $0.path == path }) else {
            throw ConversionError.io("\(path) is not in the corpus")
        }
        return try convert(entry).markdown
    }

    @Test func corpusHasDecks() {
        #expect(Self.decks.count >= 30, "the shared corpus must sit beside the project at ../shared/corpus")
    }

    @Test(arguments: decks)
    func convertsToCleanMarkdown(_ entry: Corpus.Entry) throws {
        let (markdown, document) = try Self.convert(entry)
        #expect(document.metadata.sourceFormat == DocumentFormat(fileExtension: entry.fileExtension))
        let slides = document.blocks.filter { if case .boundary(.slide) = $0 { true } else { false } }
        #expect(slides.count == document.metadata.pageCount)
        #expect(markdown.hasSuffix("\n") && !markdown.hasSuffix("\n\n"))
        for leftover in ["xmlns", "<?xml", "<a:", "<p:", "</a:", "</p:", "<c:", "<dgm:", "<m:", "&lt;a:", "&amp;lt;"] {
            #expect(!markdown.contains(leftover), "\(entry.path) contains \(leftover)")
        }
        if try Self.slidesHaveText(entry) {
            // A title counts; a bare "## Slide N" does not.
            let text = markdown.split(separator: "\n").filter { line in
                !line.isEmpty && !(line.hasPrefix("## Slide ") && line.dropFirst(9).allSatisfy(\.isNumber))
            }
            #expect(!text.isEmpty, "\(entry.path) has slide text but converted to bare slide headings")
        }
    }

    @Test(arguments: hostileDecks)
    func hostileDecksFailCleanlyOrConvert(_ entry: Corpus.Entry) throws {
        var options = ConversionOptions()
        options.limits.timeLimitSeconds = 30
        let bytes = try entry.read()
        do throws(ConversionError) {
            let markdown = try AnyDocConverter(options: options).markdown(bytes, fileName: entry.path)
            #expect(!entry.note.lowercased().contains("expected: error encrypted"))
            #expect(!markdown.contains("xmlns"))
        } catch {
            if entry.note.lowercased().contains("expected: error encrypted") { #expect(error.kind == .encrypted) }
            #expect(error.file == entry.path)
        }
    }

    /// The manifest says which deck each generated show was repackaged
    /// from; both must read the same.
    static var repackagedShows: [(show: String, deck: String)] {
        guard let text = try? String(contentsOf: Corpus.root.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        var sourceToPath: [String: String] = [:]
        var shows: [(path: String, source: String)] = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { continue }
            if fields[2].hasPrefix("generated: "), fields[1] == "ppsx",
               let end = fields[2].range(of: " repackaged") {
                shows.append((fields[0], String(fields[2][fields[2].index(fields[2].startIndex, offsetBy: 11)..<end.lowerBound])))
            } else if fields[1] == "pptx" {
                sourceToPath[fields[2]] = fields[0]
            }
        }
        return shows.compactMap { show in sourceToPath[show.source].map { (show.path, $0) } }
    }

    @Test func repackagedShowsReadLikeTheirDecks() throws {
        let pairs = Self.repackagedShows
        #expect(pairs.count == 6)
        for (show, deck) in pairs {
            #expect(try Self.markdown(show) == Self.markdown(deck), "\(show) differs from \(deck)")
        }
    }

    // MARK: - Known text, checked against the slide XML

    @Test func pandocListsNestAndNumber() throws {
        #expect(try Self.markdown("pptx/pandoc_lists.pptx") == """
        ## Slide 1: Lists

        - Bulleted bulleted lists.
        - And go to arbitrary depth.
          - Like this
            - Or this
          - Back to here.

        ## Slide 2: Lists (continued)

        Lists can also be numbered:

        1. Tomatoes
        2. Potatoes of various sorts
           1. sweet potatoes
           2. russet potates
        3. Tornadoes, for the rhyme.

        """)
    }

    @Test func doclingSampleTableListsAndNotes() throws {
        let output = try Self.markdown("pptx/docling_powerpoint_sample.pptx")
        #expect(output.hasPrefix("## Slide 1: Test Table Slide\n\nWith footnote\n\n|  | Class1 |  |  | Class2 |  |  |\n"))
        #expect(output.contains("\n| R1 | True | False |  | False | True | True |\n"))
        #expect(output.contains("""
        ## Slide 2: Second slide title

        Let’s introduce a list

        - With foo
        - Bar
        - And baz things

        A rectangle shape with this text inside.

        > **Notes:**
        >
        > Some notes on the second slide.
        """))
        // Five text boxes side by side read left to right.
        #expect(output.contains("1. List item4\n2. List item5\n3. List item6\n\n- I1\n"))
        #expect(output.contains("Maybe a list?\n\n1. List1\n"))
    }

    @Test func markitdownDeckTableChartGroupAndPicture() throws {
        let output = try Self.markdown("pptx/markitdown_test.pptx")
        #expect(output.contains("## Slide 3: A table to test parsing:\n\n| ColA | ColB | ColC | ColD | ColE | ColF |\n"))
        #expect(output.contains("| 7 | 8 | 9 | 1b92870d-e3b5-4e65-8153-919f4ff45592 | 11 | 12 |\n"))
        #expect(output.contains("Chart: a3f6004b-6f4f-4ea8-bee3-3741f4dc385f — Series 1\n"))
        #expect(output.contains("This is a nested shape with content in 2 shapes\n\n- **Comment 1**\n- **Comment 2:**\n  - Sub comment 2\n"))
        #expect(output.hasSuffix("## Slide 6: These Test Strings are in the Image!\n\nThis phrase of the caption is Human-written.\n"))
    }

    @Test func smartArtHierarchyAndSpeakerNotes() throws {
        #expect(try Self.markdown("pptx/tika_testPPT_diagramData.pptx") == """
        ## Slide 1

        - President
          - VP – HR
            - Manager 1
          - VP - Marketing
            - Manager 1

        """)
        let notes = try Self.markdown("pptx/pandoc_speaker-notes.pptx")
        #expect(notes.contains("## Slide 1\n\nHere is a slide.\n\n> **Notes:**\n>\n> Here is a note.\n>\n> Here is *some* **other** formatting.\n"))
        #expect(notes.contains("## Slide 2\n\nA page with no speaker notes\n\n## Slide 3\n"))
    }

    // MARK: - Helpers

    /// True when some slide of the deck holds visible run text.
    private static func slidesHaveText(_ entry: Corpus.Entry) throws -> Bool {
        let package = try OPCPackage(bytes: try entry.read(), limits: .default)
        let main = try PresentationPart.locate(in: package)
        for part in try PresentationPart.slideParts(of: main, in: package) {
            let reader = try package.xmlReader(for: part)
            while try reader.read() {
                guard reader.kind == .startElement, reader.isElement("t", in: OOXMLNamespace.drawing) else { continue }
                if try !reader.readElementText().allSatisfy({ $0.isWhitespace }) { return true }
            }
        }
        return false
    }
}
