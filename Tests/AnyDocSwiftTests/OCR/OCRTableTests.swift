import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

/// Tables and reading order on scanned pages: the scans are those
/// Scripts/make-ocr-scan-fixtures.py renders, read by Tesseract; the
/// synthetic pages place words the way Tesseract reports them.
@Suite("OCR tables and reading order")
struct OCRTableTests {
    @Test("A scanned table without ruling lines comes back as a GFM table between its paragraphs")
    func scannedTableComesBackAsATable() throws {
        let markdown = try AnyDocConverter().markdown(Corpus.testDocument("images/ocr-table.png"), fileName: "scan.png")
        let expected = """
            # Fleet Inventory

            The harbour keeps these vessels ready for the season.

            | Vessel | Type | Crew | Tonnage |
            | --- | --- | --- | --- |
            | Aurora | Ferry | 12 | 1450 |
            | Kestrel | Trawler | 8 | 320 |
            | Northern Star | Tug | 5 | 210 |
            | Sea Lion | Ferry | 14 | 1980 |

            All vessels passed their inspection in the spring.

            """
        // Tesseract drops the lone digit 5; its cell stays, empty.
        let withoutFive = expected.replacingOccurrences(of: "| Tug | 5 |", with: "| Tug |  |")
        #expect(markdown == expected || markdown == withoutFive, "\(markdown)")
    }

    @Test("A two-column scan reads column by column")
    func twoColumnScanReadsColumnByColumn() throws {
        let markdown = try AnyDocConverter().markdown(Corpus.testDocument("images/ocr-two-columns.png"), fileName: "scan.png")
        let expected = """
            # Harbour News

            The northern pier reopened in May after a long winter of repairs. Ferries now dock there again and the queue of cars has become much shorter than before.

            A new crane arrived from the south in June. It can lift twice as much as the old one and will unload the container ships much faster than the crew could.

            """
        #expect(markdown == expected)
    }

    // MARK: - Synthetic pages

    /// A line of words starting at `x` on the row at `y`, 24 pixels a
    /// character and 16 between words.
    static func line(_ text: String, x: Int, y: Int) -> OCRResult.Line {
        var left = x
        let words = text.split(separator: " ").map { word -> OCRResult.Word in
            let right = left + 24 * word.count
            defer { left = right + 16 }
            return OCRResult.Word(text: String(word), confidence: 90, box: PageReading.Box(left: left, top: y, right: right, bottom: y + 48))
        }
        return OCRResult.Line(words: words, height: 48, left: x)
    }

    /// Each paragraph a block of its own, as Tesseract reads table columns.
    static func page(_ paragraphs: [[OCRResult.Line]]) -> OCRResult {
        OCRResult(blocks: paragraphs.map { OCRResult.TextBlock(paragraphs: [OCRResult.Paragraph(lines: $0)]) })
    }

    static func text(_ row: TableRow) -> [String] {
        row.cells.map { cell in
            if case .paragraph(let inlines) = cell.blocks.first { return inlines.plainText }
            return ""
        }
    }

    @Test("Columns read as blocks of their own make one table, right-aligned numbers and empty cells in place")
    func tableAcrossBlocks() throws {
        let rows = [("Item", "Shelf", "Count"), ("Apples", "A", "12"), ("Pears", "", "7"), ("Plums", "C", "30")]
        let names = rows.enumerated().map { Self.line($1.0, x: 100, y: 400 + 80 * $0) }
        let shelves = rows.enumerated().filter { !$1.1.isEmpty }.map { Self.line($1.1, x: 500, y: 400 + 80 * $0) }
        // Right-aligned at x = 1000.
        let counts = rows.enumerated().map { Self.line($1.2, x: 1000 - 24 * $1.2.count, y: 400 + 80 * $0) }
        let page = Self.page([[Self.line("Fruit in the store this week", x: 100, y: 250)], names, shelves, counts])
        let blocks = OCRStructure.blocks(of: page)
        #expect(blocks.count == 2, "\(blocks)")
        guard case .table(let table) = blocks.last else { Issue.record("no table: \(blocks)"); return }
        #expect(table.rows.map(Self.text) == [["Item", "Shelf", "Count"], ["Apples", "A", "12"], ["Pears", "", "7"], ["Plums", "C", "30"]])
        #expect(table.rows[0].isHeader && !table.rows[1].isHeader)
    }

    @Test("Prose set in two columns stays paragraphs")
    func twoColumnProseIsNotATable() {
        let left = ["The pier reopened in May", "after a long winter of", "repairs to its timbers."].enumerated().map { Self.line($1, x: 100, y: 300 + 80 * $0) }
        let right = ["A new crane arrived from", "the south in June and is", "already at work there."].enumerated().map { Self.line($1, x: 900, y: 300 + 80 * $0) }
        let blocks = OCRStructure.blocks(of: Self.page([left, right]))
        #expect(blocks == [
            .paragraph([.text("The pier reopened in May after a long winter of repairs to its timbers.")]),
            .paragraph([.text("A new crane arrived from the south in June and is already at work there.")]),
        ])
    }

    @Test("A list with its markers set apart stays a list")
    func listIsNotATable() {
        let items = ["Dredge", "Build", "Paint"].enumerated().map { index, text in
            var line = Self.line("\(index + 1).", x: 100, y: 300 + 80 * index)
            line.words += Self.line(text, x: 250, y: 300 + 80 * index).words
            return line
        }
        let blocks = OCRStructure.blocks(of: Self.page([items]))
        guard case .list(let list) = blocks.first else { Issue.record("\(blocks)"); return }
        #expect(list.items.count == 3 && blocks.count == 1)
    }

    @Test("Titles beside rising page numbers are a table of contents, not a table")
    func tableOfContentsIsNotATable() {
        let entries = [("Introduction", "1"), ("Methods", "4"), ("Results", "9"), ("Outlook", "15")]
        let titles = entries.enumerated().map { Self.line($1.0, x: 100, y: 300 + 80 * $0) }
        let pages = entries.enumerated().map { Self.line($1.1, x: 1000 - 24 * $1.1.count, y: 300 + 80 * $0) }
        let blocks = OCRStructure.blocks(of: Self.page([titles, pages]))
        #expect(!blocks.contains { if case .table = $0 { true } else { false } }, "\(blocks)")
    }

    @Test("An ordinary paragraph stays one")
    func paragraphIsNotATable() {
        let lines = ["Most of the growth came from", "ferries and fishing boats, and", "the rest from yachts in summer."]
        let blocks = OCRStructure.blocks(of: Self.page([lines.enumerated().map { Self.line($1, x: 100, y: 300 + 80 * $0) }]))
        #expect(blocks == [.paragraph([.text(lines.joined(separator: " "))])])
    }

    @Test("The end of a line Tesseract put in a block of its own joins its line")
    func splitLineIsJoined() {
        let start = Self.line("All vessels passed their", x: 100, y: 300)
        let end = Self.line("inspection.", x: start.words.last!.box!.right + 20, y: 300)
        let blocks = OCRStructure.blocks(of: Self.page([[start], [Self.line("Something else", x: 1200, y: 100)], [end]]))
        #expect(blocks.contains(.paragraph([.text("All vessels passed their inspection.")])), "\(blocks)")
    }
}

extension OCRTableTests {
    @Test("A line across a gutter of a line's height stays apart from the column to its left")
    func gutterIsNotAWordSpace() {
        let left = ["The pier reopened in May", "after a long winter of", "repairs to its timbers."].enumerated().map { Self.line($1, x: 100, y: 300 + 80 * $0) }
        let right = Self.line("Cranes", x: left[0].words.last!.box!.right + 40, y: 300)
        let blocks = OCRStructure.blocks(of: Self.page([left, [right]]))
        #expect(blocks.last == .paragraph([.text("Cranes")]), "\(blocks)")
    }
}

extension OCRTableTests {
    /// Rows of cells placed at the given left edges, one line per row.
    static func grid(_ rows: [[String]], lefts: [Int], y: Int = 300) -> [OCRResult.Line] {
        rows.enumerated().map { index, cells in
            var line = OCRResult.Line(words: [], height: 48, left: lefts[0])
            for (cell, left) in zip(cells, lefts) where !cell.isEmpty {
                line.words += Self.line(cell, x: left, y: y + 80 * index).words
            }
            return line
        }
    }

    @Test("A header wider than its column does not merge the column with the next")
    func wideHeaderKeepsColumnsApart() throws {
        // "Ships" starts over the gap between the first two columns below.
        var lines = Self.grid([[], ["4", "12", "Ayr"], ["9", "30", "Oban"], ["6", "7", "Wick"]], lefts: [100, 300, 600])
        lines[0] = Self.line("Crew Ships", x: 100, y: 300)
        lines[0].words += Self.line("Port", x: 600, y: 300).words
        let blocks = OCRStructure.blocks(of: Self.page([lines]))
        guard case .table(let table) = blocks.first else { Issue.record("no table: \(blocks)"); return }
        #expect(table.rows.map(Self.text) == [["Crew", "Ships", "Port"], ["4", "12", "Ayr"], ["9", "30", "Oban"], ["6", "7", "Wick"]])
    }

    @Test("Ruling lines read as bars separate cells and are left out of them")
    func ruleBarsAreNotCellText() throws {
        let lines = Self.grid([["Crew", "|", "Ships", "|", "Port"], ["4", "|", "12", "|", "Ayr"], ["9", "|", "30", "|", "Oban"]],
                              lefts: [100, 300, 400, 600, 700])
        let blocks = OCRStructure.blocks(of: Self.page([lines]))
        guard case .table(let table) = blocks.first else { Issue.record("no table: \(blocks)"); return }
        #expect(table.rows.map(Self.text) == [["Crew", "Ships", "Port"], ["4", "12", "Ayr"], ["9", "30", "Oban"]])
    }
}
