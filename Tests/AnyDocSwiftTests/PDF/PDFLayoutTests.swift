import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

/// Words and lines laid out by hand: half an em per character, a third
/// of an em between words.
enum SyntheticLayout {
    static func word(_ text: String, x: Double, y: Double, size: Double = 10, bold: Bool = false) -> PDFWord {
        PDFWord(
            text: text, box: PDFRect(minX: x, minY: y, maxX: x + Double(text.count) * size * 0.5, maxY: y + size),
            fontSize: size, isBold: bold, isItalic: false, link: nil)
    }

    static func line(_ text: String, x: Double, y: Double, size: Double = 10, bold: Bool = false) -> PDFTextLine {
        var words: [PDFWord] = []
        var cursor = x
        for piece in text.split(separator: " ") {
            let next = word(String(piece), x: cursor, y: y, size: size, bold: bold)
            words.append(next)
            cursor = next.box.maxX + size / 3
        }
        return PDFTextLine(words: words)
    }

    static func page(_ number: Int, _ lines: [PDFTextLine], height: Double = 800) -> PDFPageContent {
        PDFPageContent(number: number, width: 600, height: height, lines: lines, links: [])
    }

    /// Characters for `PDFLineBuilder`, one box each, in one font.
    static func layout(_ text: String, fontName: String = "Arial") -> PDFTextLayout {
        var characters: [PDFCharacter] = []
        var x = 0.0, y = 0.0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                characters.append(PDFCharacter(scalar: scalar, box: PDFRect(minX: x, minY: y + 10, maxX: x, maxY: y + 10), style: 0))
                x = 0
                y += 14
                continue
            }
            characters.append(PDFCharacter(scalar: scalar, box: PDFRect(minX: x, minY: y, maxX: x + 5, maxY: y + 10), style: 0))
            x += 5
        }
        return PDFTextLayout(characters: characters, styles: [PDFTextStyle(fontName: fontName, fontSize: 10)])
    }
}

@Suite struct PDFLayoutTests {
    private func joined(_ texts: [String]) -> String {
        let lines = texts.enumerated().map { SyntheticLayout.line($1, x: 0, y: Double($0) * 12) }
        return PDFInlineComposer.inlines(lines, links: []).plainText
    }

    @Test func hyphenationJoinsBrokenWordsAndKeepsRealHyphens() {
        #expect(joined(["the inter-", "national team"]) == "the international team")
        #expect(joined(["a state-of-the-", "art tool"]) == "a state-of-the-art tool")
        #expect(joined(["Jean-", "Paul Sartre"]) == "Jean-Paul Sartre")
        #expect(joined(["COVID-", "19 cases"]) == "COVID-19 cases")
        #expect(joined(["pages 10-", "12"]) == "pages 10-12")
        #expect(joined(["a dash -", "between"]) == "a dash - between")
        #expect(joined(["plain", "lines"]) == "plain lines")
    }

    @Test func softHyphenAtLineEndJoinsWithoutHyphen() {
        var first = SyntheticLayout.line("the inter", x: 0, y: 0)
        first.words[1].endsWithSoftHyphen = true
        let second = SyntheticLayout.line("Nationale", x: 0, y: 12)
        #expect(PDFInlineComposer.inlines([first, second], links: []).plainText == "the interNationale")
    }

    @Test func ligaturesAndCompatibilityCharactersAreSpelledOut() {
        #expect(PDFCharacterNormalizer.normalize("\u{FB01}") == .text("fi"))
        #expect(PDFCharacterNormalizer.normalize("\u{FB03}") == .text("ffi"))
        #expect(PDFCharacterNormalizer.normalize("\u{FB06}") == .text("st"))
        #expect(PDFCharacterNormalizer.normalize("\u{A0}") == .space)
        #expect(PDFCharacterNormalizer.normalize("\u{AD}") == .softHyphen)
        #expect(PDFCharacterNormalizer.normalize("\u{200B}") == .ignored)
        #expect(PDFCharacterNormalizer.normalize("\u{FFFD}") == .unmapped)
        #expect(PDFCharacterNormalizer.normalize("\u{E123}") == .unmapped)
        #expect(PDFCharacterNormalizer.normalize("\u{7}") == .unmapped)
        #expect(PDFCharacterNormalizer.normalize("\u{FEDF}") == .text("\u{0644}"))
        #expect(PDFCharacterNormalizer.normalize("é") == .text("é"))
    }

    @Test func unmappedCharactersAreCountedAndDropped() {
        var builder = PDFLineBuilder()
        let (lines, _) = builder.lines(from: SyntheticLayout.layout("\u{FB01}ne\u{FFFD} w\u{E001}ork"), links: [])
        #expect(lines.map(\.text) == ["fine work"])
        #expect(builder.unmappedCount == 2)
    }

    @Test func privateUseBulletStartsAListLine() {
        var builder = PDFLineBuilder()
        let (lines, _) = builder.lines(from: SyntheticLayout.layout("\u{F0B7} item"), links: [])
        #expect(lines.map(\.text) == ["• item"])
        #expect(builder.unmappedCount == 0)
        // Any glyph without a character standing alone at a line start.
        #expect(builder.lines(from: SyntheticLayout.layout("\u{900B0} item"), links: []).lines.map(\.text) == ["• item"])
        // Inside a word it is dropped and counted.
        #expect(builder.lines(from: SyntheticLayout.layout("it\u{900B0}em"), links: []).lines.map(\.text) == ["item"])
        #expect(builder.unmappedCount == 1)
    }

    @Test func glyphIdsInMacintoshOrderAreReadBack() {
        // "Jahrgang Freitag" shown through glyph ids, glyph 3 being the space.
        var builder = PDFLineBuilder()
        let (lines, _) = builder.lines(from: SyntheticLayout.layout("-DKUJDQJ\u{3})UHLWDJ\u{3}I\u{81}U"), links: [])
        #expect(lines.map(\.text) == ["Jahrgang Freitag für"])
        #expect(builder.unmappedCount == 0)
        // Ordinary capitals are left alone.
        var plain = PDFLineBuilder()
        #expect(plain.lines(from: SyntheticLayout.layout("TUS HERREN ALBSTADT"), links: []).lines.map(\.text) == ["TUS HERREN ALBSTADT"])
    }

    @Test func boldAndItalicFromFontNames() {
        #expect(PDFTextStyle.weightAndSlant(of: "ABCDEF+Arial-BoldItalicMT") == (true, true))
        #expect(PDFTextStyle.weightAndSlant(of: "NimbusRomNo9L-Medi") == (true, false))
        #expect(PDFTextStyle.weightAndSlant(of: "CMBX12") == (true, false))
        #expect(PDFTextStyle.weightAndSlant(of: "SFBX1000") == (true, false))
        #expect(PDFTextStyle.weightAndSlant(of: "SFTI1000") == (false, true))
        #expect(PDFTextStyle.weightAndSlant(of: "MinionPro-It") == (false, true))
        #expect(PDFTextStyle.weightAndSlant(of: "Helvetica-Oblique") == (false, true))
        #expect(PDFTextStyle.weightAndSlant(of: "Roboto-Black") == (true, false))
        #expect(PDFTextStyle.weightAndSlant(of: "CMR10") == (false, false))
        #expect(PDFTextStyle.weightAndSlant(of: "ArialMT") == (false, false))
    }

    @Test func listMarkers() {
        #expect(ListMarkerText.kind(of: "•") == .bullet)
        #expect(ListMarkerText.kind(of: "–") == .bullet)
        #expect(ListMarkerText.kind(of: "1.") == .ordered(1))
        #expect(ListMarkerText.kind(of: "12)") == .ordered(12))
        #expect(ListMarkerText.kind(of: "(3)") == .ordered(3))
        #expect(ListMarkerText.kind(of: "b)") == .ordered(2))
        #expect(ListMarkerText.kind(of: "(iv)") == .ordered(4))
        #expect(ListMarkerText.kind(of: "ii.") == .ordered(2))
        #expect(ListMarkerText.kind(of: "1.1") == nil)
        #expect(ListMarkerText.kind(of: "Dr.") == nil)
        #expect(ListMarkerText.kind(of: "2024.") == nil)
    }

    @Test func listsNestByMarkerIndentation() {
        func item(_ marker: PDFListMarker.Kind, _ x: Double, _ text: String) -> (marker: PDFListMarker, content: [Inline]) {
            (PDFListMarker(kind: marker, x: x, textX: x + 12), [.text(text)])
        }
        let blocks = PDFListBuilder.lists([
            item(.ordered(1), 72, "One"), item(.bullet, 90, "Inner"), item(.ordered(2), 72, "Two"), item(.ordered(5), 72, "Five"),
        ])
        #expect(blocks == [
            .list(List(kind: .ordered(start: 1), items: [
                ListItem(blocks: [.paragraph([.text("One")]), .list(List(kind: .bullet, items: [ListItem([.text("Inner")])]))]),
                ListItem([.text("Two")]),
            ])),
            // A gap in the numbering starts a new list that keeps the number.
            .list(List(kind: .ordered(start: 5), items: [ListItem([.text("Five")])])),
        ])
    }

    private func rows(_ cells: [[(String, Double)]], bold firstRow: Bool = false) -> [PDFRow] {
        cells.enumerated().map { index, row in
            PDFRow(lines: row.map { SyntheticLayout.line($0.0, x: $0.1, y: Double(index) * 20, bold: firstRow && index == 0) })
        }
    }

    @Test func gridBecomesATable() throws {
        let found = PDFTableDetector.detect(in: rows([
            [("Site", 50), ("Depth", 200), ("Temperature", 320)],
            [("North Bay", 50), ("12", 200), ("8.5", 320)],
            [("South Point", 50), ("30", 200), ("6.1", 320)],
        ]), links: [])
        #expect(found.count == 1)
        let table = try #require(found.first?.table)
        #expect(table.rows.count == 3)
        #expect(table.rows[0].isHeader)
        #expect(table.rows[2].cells.map { $0.blocks } == [
            [.paragraph([.text("South Point")])], [.paragraph([.text("30")])], [.paragraph([.text("6.1")])],
        ])
    }

    @Test func tablesOfContentsAndKeyValueLayoutsAreNotTables() {
        let contents = rows([
            [("1", 50), ("Introduction", 80), ("2", 400)],
            [("2", 50), ("Methods", 80), ("5", 400)],
            [("3", 50), ("Results", 80), ("9", 400)],
        ])
        #expect(PDFTableDetector.detect(in: contents, links: []).isEmpty)
        let keyValue = rows([
            [("Name:", 50), ("Ada Lovelace", 200), ("x", 400)],
            [("Born:", 50), ("1815", 200), ("y", 400)],
            [("Field:", 50), ("Mathematics", 200), ("z", 400)],
        ])
        #expect(PDFTableDetector.detect(in: keyValue, links: []).isEmpty)
        // Two columns make a table only under a bold header row.
        let pairs = [[("Alpha", 50.0), ("one", 200.0)], [("Beta", 50), ("two", 200)], [("Gamma", 50), ("three", 200)]]
        #expect(PDFTableDetector.detect(in: rows(pairs), links: []).isEmpty)
        #expect(PDFTableDetector.detect(in: rows(pairs, bold: true), links: []).count == 1)
    }

    @Test func columnsAreReadOneAfterTheOther() {
        var lines = [SyntheticLayout.line("A Title Across Both Columns Of The Page", x: 50, y: 20, size: 16)]
        for row in 0..<5 {
            lines.append(SyntheticLayout.line("left column words number \(row)", x: 50, y: 60 + Double(row) * 12))
            lines.append(SyntheticLayout.line("right column words number \(row)", x: 260, y: 60 + Double(row) * 12))
        }
        let regions = PDFColumnDetector.regions(of: lines)
        #expect(regions.map { $0.map(\.text).first ?? "" } == [
            "A Title Across Both Columns Of The Page", "left column words number 0", "right column words number 0",
        ])
        #expect(regions.map(\.count) == [1, 5, 5])
    }

    @Test func tableCellsDoNotMakeColumns() {
        var lines: [PDFTextLine] = []
        for row in 0..<6 {
            lines.append(SyntheticLayout.line("Item \(row)", x: 50, y: Double(row) * 12))
            lines.append(SyntheticLayout.line("\(row * 7)", x: 300, y: Double(row) * 12))
        }
        #expect(PDFColumnDetector.regions(of: lines).count == 1)
    }

    @Test func runningHeadersFootersAndPageNumbersAreRemoved() {
        var pages = (1...4).map { number in
            SyntheticLayout.page(number, [
                SyntheticLayout.line("Quarterly Report 2024", x: 50, y: 20),
                SyntheticLayout.line("Body text of page \(number) that stays.", x: 50, y: 300),
                SyntheticLayout.line("Page \(number) of 4", x: 280, y: 770),
            ])
        }
        pages[1].lines.append(SyntheticLayout.line("Only once at the bottom", x: 50, y: 750))
        PDFRunningTextFilter.apply(to: &pages)
        #expect(pages.map { $0.lines.map(\.text) } == [
            ["Body text of page 1 that stays."],
            ["Body text of page 2 that stays.", "Only once at the bottom"],
            ["Body text of page 3 that stays."],
            ["Body text of page 4 that stays."],
        ])
    }

    @Test func aLonePageNumberGoesEvenOnASinglePage() {
        var pages = [SyntheticLayout.page(1, [
            SyntheticLayout.line("Some text.", x: 50, y: 100), SyntheticLayout.line("1", x: 300, y: 700),
        ])]
        PDFRunningTextFilter.apply(to: &pages)
        #expect(pages[0].lines.map(\.text) == ["Some text."])
    }

    @Test func headingTiersFromFontSizes() {
        let body = (0..<20).map { SyntheticLayout.line("body text line number \($0) with words", x: 50, y: 200 + Double($0) * 12) }
        let page = SyntheticLayout.page(1, [
            SyntheticLayout.line("Title", x: 50, y: 20, size: 24),
            SyntheticLayout.line("Section", x: 50, y: 60, size: 16),
            SyntheticLayout.line("Subsection", x: 50, y: 100, size: 13),
        ] + body)
        var classifier = PDFHeadingClassifier(pages: [page], outline: [])
        #expect(classifier.bodySize == 10)
        #expect(classifier.level(for: [page.lines[0]], page: 1, isListItem: false) == 1)
        #expect(classifier.level(for: [page.lines[1]], page: 1, isListItem: false) == 2)
        #expect(classifier.level(for: [page.lines[2]], page: 1, isListItem: false) == 3)
        #expect(classifier.level(for: [body[0]], page: 1, isListItem: false) == nil)
        let bold = SyntheticLayout.line("Bold aside", x: 50, y: 500, bold: true)
        #expect(classifier.level(for: [bold], page: 1, isListItem: false, columnWidth: 400) == 4)
    }

    @Test func outlineTitlesMatchWithOrWithoutSectionNumbers() {
        var classifier = PDFHeadingClassifier(
            pages: [], outline: [PDFOutlineEntry(title: "Scope", page: 2, depth: 1)])
        let line = SyntheticLayout.line("2.1 Scope", x: 50, y: 50)
        let nearItsPage = classifier.isOutlineTitle(line.text, page: 2)
        #expect(nearItsPage)
        let farFromItsPage = classifier.isOutlineTitle(line.text, page: 7)
        #expect(!farFromItsPage)
        #expect(classifier.level(for: [line], page: 2, isListItem: false) == 2)
        // Each entry is used once.
        #expect(classifier.level(for: [line], page: 2, isListItem: false) == nil)
    }

    @Test func scanDetection() {
        #expect(PDFScanDetector.isNegligibleText(characters: 3, pageArea: 612 * 792))
        #expect(!PDFScanDetector.isNegligibleText(characters: 400, pageArea: 612 * 792))
        #expect(PDFScanDetector.holdsTextSizedImage([PDFRect(minX: 0, minY: 0, maxX: 600, maxY: 780)], width: 612, height: 792))
        // A narrow receipt over a fraction of the page holds text too.
        #expect(PDFScanDetector.holdsTextSizedImage([PDFRect(minX: 180, minY: 500, maxX: 390, maxY: 700)], width: 595, height: 842))
        #expect(!PDFScanDetector.holdsTextSizedImage([PDFRect(minX: 0, minY: 0, maxX: 40, maxY: 40)], width: 612, height: 792))
        // Only the part on the page counts.
        #expect(!PDFScanDetector.holdsTextSizedImage([PDFRect(minX: -200, minY: -200, maxX: 10, maxY: 10)], width: 612, height: 792))
    }

    @Test func sidewaysTextIsTurnedUpright() {
        // "abc def" written top to bottom at x = 100, page 600 × 800.
        var characters: [PDFCharacter] = []
        for (index, scalar) in "abc def".unicodeScalars.enumerated() {
            let y = Double(index) * 6
            characters.append(PDFCharacter(scalar: scalar, box: PDFRect(minX: 100, minY: y, maxX: 110, maxY: y + 6), style: 0))
        }
        let layout = PDFTextLayout(characters: characters, styles: [PDFTextStyle(fontName: "Arial", fontSize: 10)])
        #expect(PDFTextOrientation.turn(of: layout) == .clockwise)
        let upright = PDFTextOrientation.upright(layout, links: [], width: 600, height: 800)
        #expect(upright.width == 800 && upright.height == 600)
        var builder = PDFLineBuilder()
        #expect(builder.lines(from: upright.layout, links: []).lines.map(\.text) == ["abc def"])
        #expect(PDFTextOrientation.turn(of: SyntheticLayout.layout("plain text")) == PDFTextOrientation.Turn.none)
    }
}
