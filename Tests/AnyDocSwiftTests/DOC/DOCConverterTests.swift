import Testing
@testable import AnyDocSwift

/// Exact Markdown for the Word 97 documents in TestDocuments/doc, which
/// Scripts/make-doc-fixtures.sh saves with LibreOffice from the project's
/// DOCX fixtures and the sources beside them.
@Suite struct DOCConverterTests {
    private func markdown(_ name: String, options: ConversionOptions = ConversionOptions()) throws -> String {
        try DOCTestSupport.markdown(Corpus.testDocument("doc/\(name).doc"), options: options)
    }

    @Test func headingsFromBuiltInStylesAndCharacterFormatting() throws {
        // LibreOffice writes the last run's bold explicitly and stores the
        // α as a Symbol-font character, which comes back as α.
        #expect(try markdown("headings-formatting") == """
        # Document Title

        # Introduction

        Plain, **bold**, *italic*, ~~struck~~ and E=mc<sup>2</sup> H<sub>2</sub>O.

        ## Custom chapter

        ### Outline level three

        **Styled bold,** direct not bold<strong>, toggled off</strong>

        Char style *emphasis* and 3 * 4 with snake_case.

        Tab\tseparated\\
        next lineα symbol

        ## Heading with bold style

        Hidden text.

        """)
    }

    @Test func listsNumberedFromListTablesWithOverrides() throws {
        #expect(try markdown("lists") == """
        1. First
        2. Second
           1. Nested a
           2. Nested b
        3. Third

        Between lists.

        - Bullet one
          - Bullet nested
        - Bullet two

        3. Starts at three
        4. Four

        Interrupting paragraph.

        5. Continues at five

        1) Restarted at one

        """)
    }

    @Test func tablesWithVerticalMergesAndCellWidths() throws {
        // The last row's second cell spans two grid columns in the file.
        #expect(try markdown("tables").hasPrefix("""
        Quarterly

        | Name | Q1 | Q2 |
        | --- | --- | --- |
        | Alpha | 1 | 2 |
        |  | 3 | 4 |
        | Total \\| all | 10 |  |

        After.

        Only cell text

        """))
    }

    @Test func linksFieldsNotesCommentsAndChanges() throws {
        // LibreOffice keeps no text box, chart or equation in the .doc, and
        // the bookmark the internal link named is gone, so it is plain text.
        #expect(try markdown("links-notes-changes") == """
        See [the site](https://example.com/a_b?x=1) and details.

        Field link: [field text](https://example.org/f) and page 1

        Noted[^1] and ended[^2] with a remark[^3].

        Kept insertedtext.

        Inside a content control.

        Before box.

        ## Details here

        No anchor for unused bookmarks.

        Math  inline.

        [^1]: A footnote with *style*.

        [^2]: An endnote.

        [^3]: **Grace:** Check this.

        """)
    }

    @Test func optionsHideCommentsAndShowDeletions() throws {
        var options = ConversionOptions()
        options.includeComments = false
        options.showTrackedDeletions = true
        let output = try markdown("links-notes-changes", options: options)
        #expect(output.contains("Kept inserted~~deleted~~text."))
        #expect(output.contains("with a remark.\n"))
        #expect(!output.contains("Grace"))
    }

    @Test func specialCharactersBreaksAndLinks() throws {
        #expect(try markdown("special-characters") == """
        Non-breaking hyphen, optional hyphen and no\u{A0}break space.

        First line\\
        second line

        Tab inside and a trailing page break.

        On the next page: café € – “quoted” 𝐀 東京

        A [link with **bold** text](https://example.com/a?b=1&c=2) and an internal one.

        ## Section

        End.

        """)
    }

    @Test func summaryInformationBecomesMetadata() throws {
        let document = try DOCTestSupport.document(Corpus.testDocument("doc/special-characters.doc"))
        #expect(document.metadata.title == "Special characters")
        #expect(document.metadata.sourceFormat == .doc)
    }

    @Test func encryptedHeaderIsRefusedBeforeAnythingElse() throws {
        var bytes = try Corpus.testDocument("doc/lists.doc")
        let file = try CompoundFile(bytes)
        // Set fEncrypted in the FIB, wherever the WordDocument stream starts.
        guard let entry = file.entry(named: "WordDocument") else { Issue.record("no WordDocument"); return }
        let header = try file.read(entry, maxBytes: 16)
        guard let start = bytes.indices.first(where: { bytes[$0..<min($0 + 16, bytes.count)].elementsEqual(header) }) else {
            Issue.record("FIB not found")
            return
        }
        bytes[start + 0x0B] |= 0x01
        do {
            _ = try DOCTestSupport.markdown(bytes)
            Issue.record("a document marked encrypted converted")
        } catch {
            #expect(error.kind == .encrypted)
        }
    }
}

/// The parts of the reader that are easy to get subtly wrong.
@Suite struct DOCPartsTests {
    @Test func compressedTextUsesWindows1252ForTheHighControls() {
        #expect(DOCCodePage.compressed[0x93] == 0x201C)
        #expect(DOCCodePage.compressed[0x80] == 0x20AC)
        #expect(DOCCodePage.compressed[0xE9] == 0x00E9)
        #expect(DOCCodePage.compressed[0x41] == 0x41)
    }

    @Test func word6TextFollowsTheDocumentLanguage() {
        #expect(DOCCodePage.ansiCodePage(forLanguage: 0x0419) == 1251)
        #expect(DOCCodePage.table(forLanguage: 0x0419)[0xC0] == 0x0410)
        #expect(DOCCodePage.table(forLanguage: 0x0409)[0x93] == 0x201C)
    }

    @Test func sprmOperandSizesComeFromTheirCode() {
        // sprmCFBold (1 byte), sprmPIlfo (2), sprmPItap (4), a variable
        // sprm with its size byte, then a truncated sprm that is dropped.
        let grpprl: [UInt8] = [0x35, 0x08, 0x01, 0x0B, 0x46, 0x02, 0x00, 0x49, 0x66, 0x02, 0, 0, 0,
                               0x2B, 0xD6, 0x02, 0x01, 0x03, 0x37, 0x08]
        let sprms = DOCSprm.list(grpprl[...], version: .word97)
        #expect(sprms.map(\.opcode) == [0x0835, 0x460B, 0x6649, 0xD62B])
        #expect(sprms[1].word == 2)
        #expect(sprms[2].long == 2)
        #expect(Array(sprms[3].operand) == [0x01, 0x03])
    }

    @Test func word6SprmsAreTranslated() {
        let sprms = DOCSprm.list([24, 1, 85, 1, 2, 3, 0][...], version: .word6)
        #expect(sprms.map(\.opcode) == [DOCSprm.inTable, DOCSprm.bold, DOCSprm.paragraphStyle])
        #expect(sprms[2].word == 3)
    }

    @Test func equationFieldsShowTheirBaseText() {
        #expect(DOCEquationField.baseText(#"EQ \* jc2 \* "Font:MS Mincho" \* hps11 \o\ad(\s\up 10(とうきょう),東京)"#) == "東京")
        #expect(DOCEquationField.baseText("EQ \\f(1,2)") == nil)
        #expect(DOCEquationField.baseText("PAGE") == nil)
        #expect(DOCEquationField.baseText("EQ \\o(") == nil)
    }

    @Test func symbolFontCharactersMapToUnicode() {
        #expect(DOCSymbolFont.character(0x61, font: "Symbol") == "α")
        #expect(DOCSymbolFont.character(0xB7, font: "Symbol") == "•")
        #expect(DOCSymbolFont.character(0xFC, font: "Wingdings") == "✓")
        #expect(DOCSymbolFont.character(0x61, font: "Webdings") == nil)
    }

    @Test func fileTimesBecomeISODates() {
        #expect(PropertySetReader.isoDate(fileTime: 116_444_736_000_000_000) == "1970-01-01T00:00:00Z")
        #expect(PropertySetReader.isoDate(fileTime: 132_223_104_000_000_000) == "2020-01-01T00:00:00Z")
    }

    @Test func propertySetsReadTheirFirstSection() {
        var bytes: [UInt8] = [0xFE, 0xFF, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
        LittleEndian.append(UInt32(1), to: &bytes)
        bytes += [UInt8](repeating: 0, count: 16)
        LittleEndian.append(UInt32(48), to: &bytes)
        // Section: size, count, (id, offset) pairs, then the values.
        var section: [UInt8] = []
        LittleEndian.append(UInt32(0), to: &section)
        LittleEndian.append(UInt32(2), to: &section)
        for (id, offset) in [(UInt32(1), UInt32(24)), (UInt32(2), UInt32(32))] {
            LittleEndian.append(id, to: &section)
            LittleEndian.append(offset, to: &section)
        }
        section += [0x02, 0, 0, 0, 0xE4, 0x04, 0, 0]  // VT_I2 1252
        section += [0x1E, 0, 0, 0, 6, 0, 0, 0] + Array("Caf\u{E9}!".utf8.prefix(3)) + [0xE9, 0x21, 0]
        section.replaceSubrange(0..<4, with: [UInt8(section.count), 0, 0, 0])
        bytes += section
        var metadata = Metadata()
        PropertySetReader.summaryMetadata(bytes, into: &metadata)
        #expect(metadata.title == "Café!")
        #expect(PropertySetReader.properties(Array(bytes.prefix(40))).isEmpty)
    }
}

@Suite struct DOCHeaderFooterTests {
    @Test func headersAndFootersOnlyWhenAsked() throws {
        let bytes = try #require(Corpus.entries.first { $0.path == "doc/poi_HeaderFooterUnicode.doc" }).read()
        let plain = try DOCTestSupport.markdown(bytes)
        #expect(!plain.contains("The footer, with Molière, has Unicode in it."))
        var options = ConversionOptions()
        options.includeHeadersAndFooters = true
        let withParts = try DOCTestSupport.markdown(bytes, options: options)
        #expect(withParts.hasSuffix("This is page two. *Les Précieuses ridicules.* The end.\n\nThis is a simple header, with a € euro symbol in it.\n\nThe footer, with Molière, has Unicode in it.\n"))
    }
}
