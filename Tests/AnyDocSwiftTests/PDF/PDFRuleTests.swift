import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

/// Rules found in rendered pixels, and the regions that are rendered.
@Suite struct PDFRuleTests {
    /// A 100 × 60 white image with a two-pixel horizontal rule, one
    /// vertical rule hanging from it and a glyph-sized dark blob that is
    /// neither.
    @Test func longRunsAreRulesAndGlyphsAreNot() throws {
        var pixels = [UInt8](repeating: 255, count: 100 * 60)
        for x in 5..<95 { pixels[10 * 100 + x] = 0; pixels[11 * 100 + x] = 90 }
        for y in 12..<58 { pixels[y * 100 + 50] = 0 }
        for y in 20..<28 { for x in 10..<16 { pixels[y * 100 + x] = 0 } }
        let image = try #require(GrayImage(width: 100, height: 60, pixels: pixels, resolution: 72))
        let rules = PDFRuleScanner.scan(image, origin: (x: 100, y: 200), scale: 1)
        #expect(rules.horizontal == [PDFRule(position: 211, start: 105, end: 195)])
        #expect(rules.vertical == [PDFRule(position: 150.5, start: 210, end: 258)])
    }

    /// Prose gives no region to render; three rows of cells give one.
    @Test func onlyTableLikeTextIsRendered() {
        let prose = (0..<6).map { SyntheticLayout.line("words of a plain paragraph that runs on", x: 72, y: 100 + Double($0) * 14) }
        #expect(PDFTableCandidates.regions(of: prose, width: 600, height: 800).isEmpty)
        let cells = (0..<3).flatMap { row in
            [SyntheticLayout.line("Name", x: 72, y: 300 + Double(row) * 14), SyntheticLayout.line("Value", x: 200, y: 300 + Double(row) * 14)]
        }
        #expect(PDFTableCandidates.regions(of: prose + cells, width: 600, height: 800).count == 1)
    }

    /// Two columns of prose side by side line up like cells, but their
    /// pieces are lines of many words: no region to render.
    @Test func proseColumnsSideBySideAreNotRendered() {
        let columns = (0..<6).flatMap { row in
            [SyntheticLayout.line("words of a plain paragraph that runs on", x: 72, y: 100 + Double(row) * 14),
             SyntheticLayout.line("and the other column runs on beside it", x: 320, y: 100 + Double(row) * 14)]
        }
        #expect(PDFTableCandidates.regions(of: columns, width: 600, height: 800).isEmpty)
    }

    /// A region is rendered only when its text alone makes a table that
    /// leaves something for rules to settle: not for prose side by side,
    /// nor for a full grid, but for a grid with an empty cell.
    @Test func onlyTablesWithCellsToSettleAreRendered() {
        let prose = (0..<6).flatMap { row in
            [SyntheticLayout.line("words of a plain paragraph that runs on", x: 72, y: 100 + Double(row) * 14),
             SyntheticLayout.line("and the other column runs on beside it", x: 320, y: 100 + Double(row) * 14)]
        }
        #expect(!PDFConverter.holdsTable(prose))
        func grid(skipping skipped: Int?) -> [PDFTextLine] {
            var lines: [PDFTextLine] = []
            for row in 0..<4 {
                let y = 300 + Double(row) * 14
                if row != skipped { lines.append(SyntheticLayout.line("Ada", x: 72, y: y)) }
                lines.append(SyntheticLayout.line("Analyst", x: 200, y: y))
                lines.append(SyntheticLayout.line("Room \(row + 1)", x: 320, y: y))
            }
            return lines
        }
        #expect(!PDFConverter.holdsTable(grid(skipping: nil)))
        #expect(PDFConverter.holdsTable(grid(skipping: 2)))
    }

    /// A vertical rule between two words of one line cuts it in two.
    @Test func verticalRuleSplitsALine() {
        let line = SyntheticLayout.line("Ada Analyst", x: 72, y: 100)
        let rules = PDFRules(vertical: [PDFRule(position: line.words[0].box.maxX + 1, start: 90, end: 120)])
        #expect(rules.split([line]).map { $0.text } == ["Ada", "Analyst"])
    }
}
