import Foundation
import Testing
@testable import AnyDocSwift

/// Every Word binary document of the shared corpus converts to clean
/// Markdown holding the text LibreOffice's text export shows for it;
/// hostile ones fail with a typed error.
@Suite struct DOCCorpusTests {
    static var documents: [Corpus.Entry] { Corpus.entries(inFolder: "doc") }

    /// Text each document must contain, checked by hand against
    /// LibreOffice's plain-text export of the same file.
    static let snippets: [String: [String]] = [
        "docling_greek_heading_styles.doc": ["# Überschriften in nicht‑englischer Sprache\n", "## Problem mit lokalisierten Dokumenten\n", "Lokaler Lauf gegen den eingesetzten DOCX‑Korpus."],
        "docling_legacy_sample.doc": ["# Swimming in the lake\n", "- Paddle about\n", "1. Wear sunglasses\n", "| **Leaves** | Ash, Elm, Maple | 50 |\n", "*I like to eat leaves*"],
        "kreuzberg_unit_test_lists.doc": ["### Test 5:\n\n- List item 1\n  - List item 1.1\n    - List item 1.1.1\n- List item 3\n"],
        "poi_HeaderFooterUnicode.doc": ["GBP - £\n\nEUR - €\n", "L'Avare ou l'École du mensonge", "This is page two. *Les Précieuses ridicules.* The end."],
        "poi_Lists.doc": ["- Tick 1\n- Tick 2\n", "      1. OL 2.2.1\n      2. OL 2.2.2\n         1. OL 2.2.2.1\n"],
        "poi_MarkAuthorsTable.doc": ["iControl Project Management frame work is a logical my insert structure"],
        "poi_Word6.doc": ["The quick brown fox jumps over the lazy dog\n"],
        "poi_Word95.doc": ["Paragraph 3. Has some RED text and some **BLUE BOLD** text in it.\n\nLast (4<sup>th</sup>) paragraph.\n"],
        "poi_endingnote.doc": ["Text, text[^1], text.\n\n[^1]: Ending note text\n"],
        "poi_footnote.doc": ["Test text[^2][^3]", "[^2]: TestFootnote\n", "[^3]: TestEndnote\n", "[^1]: **Maxim Valyanskiy:** TestComment"],
        "poi_hyperlink.doc": ["Before text; [Hyperlink text](http://testuri.org/); after text\n"],
        "poi_innertable.doc": ["<td>E<br><table><tr><th>1</th><th>2</th></tr><tr><td>3</td><td>4</td></tr></table><br>F</td>"],
        "poi_pictures_escher.doc": ["# Ka-52 Helicopter at MAKS-2009 aeroshow\n", "the Kamov Ka-52 Alligator (NATO reporting name: 'Hokum B')"],
        "poi_simple-table.doc": ["| Cell 1,1 | Cell 1,2 | Cell 1,3 |\n| --- | --- | --- |\n| Cell 2,1 | Cell 2,2 | Cell 2,3 |\n\nThis text is below the table."],
        "poi_table-merges.doc": ["| **A** |  |  | **B** |  |\n", "| C | D | E |  | F |\n", "|  | G | H |  | I<br>J |\n"],
        "tika_testComment.doc": ["Here is some text[^1].\n", "[^1]: **Michael McCandless:** Here is a comment\n"],
        "tika_testWORD_features.doc": ["Lorem ipsum dolor sit amet, consectetur adipiscing elit."],
        "tika_testWORD_numbered_list.doc": ["This is a new list that starts at 6", "6. six\n7. seven\n", "[^2]: Footnote list"],
        "tika_testWORD_phonetic.doc": ["東京\n"],
        "tika_testWORD_various.doc": ["ゾルゲと尾崎、淡々と最期", "𐌲𐌿𐍄𐌹𐍃𐌺", "[This is a hyperlink](http://tika.apache.org/)", "[^1]: This is a footnote.\n"],
    ]

    /// Only an embedded equation object: LibreOffice shows no text either.
    static let withoutText: Set<String> = ["poi_equation.doc"]

    @Test func corpusHasWordDocuments() {
        #expect(Self.documents.count >= 20)
    }

    @Test(arguments: documents)
    func convertsToCleanMarkdown(_ entry: Corpus.Entry) throws {
        let name = (entry.path as NSString).lastPathComponent
        let markdown = try DOCTestSupport.markdown(entry.read())
        if Self.withoutText.contains(name) {
            #expect(markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        } else {
            #expect(!markdown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
        let controls = markdown.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }
        #expect(controls.isEmpty, "\(name) has control characters \(controls.map(\.value))")
        #expect(!markdown.contains("\u{FFFD}"))
        for snippet in Self.snippets[name] ?? [] {
            #expect(markdown.contains(snippet), "\(name) lacks \(snippet)")
        }
        #expect(Self.snippets[name] != nil || Self.withoutText.contains(name), "\(name) has no checked text")
    }

    @Test func passwordProtectedDocumentIsEncrypted() throws {
        let bytes = try Corpus.entries.first { $0.path == "hostile/poi_PasswordProtected.doc" }.map { try $0.read() }
        guard let bytes else { Issue.record("corpus file missing"); return }
        do {
            _ = try DOCTestSupport.markdown(bytes)
            Issue.record("an encrypted document converted")
        } catch {
            #expect(error.kind == .encrypted)
        }
    }

    @Test func fuzzedDocumentConvertsOrFailsWithATypedError() throws {
        let path = "hostile/poi_clusterfuzz-testcase-minimized-POIHWPFFuzzer-5418937293340672.doc"
        let bytes = try Corpus.entries.first { $0.path == path }.map { try $0.read() }
        guard let bytes else { Issue.record("corpus file missing"); return }
        do {
            _ = try DOCTestSupport.markdown(bytes)
        } catch {
            #expect(!error.reason.isEmpty)
        }
    }

    /// Flipped bytes, truncations and spliced chunks in every Word document
    /// of the corpus: each converts or throws, quickly, and never traps.
    @Test(arguments: documents + Corpus.entries.filter { $0.path.hasSuffix(".doc") && $0.format == "hostile" })
    func damagedCopiesConvertOrFailCleanly(_ entry: Corpus.Entry) throws {
        let original = try entry.read()
        var options = ConversionOptions()
        options.limits.timeLimitSeconds = 10
        var random = DOCTestSupport.Random(state: 0x9E37_79B9_7F4A_7C15 ^ UInt64(original.count))
        for round in 0..<48 {
            var bytes = original
            switch round % 3 {
            case 0:
                for _ in 0..<(1 + random.below(16)) {
                    bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
                }
            case 1:
                bytes.removeSubrange((512 + random.below(max(bytes.count - 512, 1)))...)
            default:
                // Damage the first sectors, where the FIB and tables usually sit.
                for _ in 0..<(1 + random.below(8)) {
                    let at = min(bytes.count - 1, 512 + random.below(4096))
                    bytes[at] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            let started = Date()
            do {
                _ = try DOCTestSupport.markdown(bytes, options: options)
            } catch {
                #expect(!error.reason.isEmpty)
            }
            #expect(Date().timeIntervalSince(started) < 10, "\(entry.path) round \(round) ran too long")
        }
    }
}
