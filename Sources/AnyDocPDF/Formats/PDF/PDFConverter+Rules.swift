internal import AnyDocSwift

extension PDFConverter {
    /// Table regions rendered for rules per document at most: rendering
    /// draws everything under the region, so the work stays bounded.
    static let maxRuleRegions = 4

    /// True when the text alone makes a table of the lines that leaves
    /// something for rules to settle: an empty or spanning cell (a wrapped
    /// cell split into rows, columns set too close, merged cells). Where
    /// the text makes no table (prose side by side, lists, a scan's text
    /// layer) or a full grid, a render costs more than the page's whole
    /// text layer and changes nothing.
    static func holdsTable(_ lines: [PDFTextLine]) -> Bool {
        PDFTableDetector.detect(in: PDFBlockBuilder.rows(of: lines), links: []).contains { found in
            found.table.rows.contains { row in row.cells.contains { $0.blocks.isEmpty || $0.columnSpan > 1 } }
        }
    }

    /// The rules in the regions of the page whose text looks like a table.
    /// A region over an image is not rendered: decoding the image would
    /// cost more than the whole text layer, and its lines are no rules.
    /// The page is opened only when a region is worth rendering: its text
    /// was read on another thread, from a document of that thread's own.
    /// `known` are its image areas when they were read with the text.
    static func rules(
        of openPage: () -> PDFPage?, images known: [PDFRect]?, lines: [PDFTextLine], width: Double, height: Double,
        budget: inout Int
    ) -> PDFRules {
        var rules = PDFRules.none
        guard budget > 0 else { return rules }
        let regions = PDFTableCandidates.regions(of: lines, width: width, height: height).filter { region in
            holdsTable(lines.filter { region.contains(x: $0.box.midX, y: $0.box.midY) })
        }
        guard !regions.isEmpty, let page = openPage() else { return rules }
        let images = known ?? page.imageAreas()
        for region in regions where budget > 0 && !images.contains(where: { $0.intersectionArea(region) > 0 }) {
            budget -= 1
            let found = PDFRuleScanner.rules(of: page, in: region)
            rules.horizontal += found.horizontal
            rules.vertical += found.vertical
        }
        return rules
    }
}
