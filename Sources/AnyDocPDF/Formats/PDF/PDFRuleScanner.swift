internal import AnyDocSwift
/// Finds the straight rules of a table by rendering only the region
/// that holds it, at 72 dpi, and scanning the pixels for long dark runs.
///
/// Poppler's GLib interface gives no drawing paths; a low-resolution
/// render of a small region is cheap next to a full page, and it is only
/// asked for where the text already looks like a table.
enum PDFRuleScanner {
    /// Resolution of the render: one pixel a point.
    static let dpi = 72
    /// Pixels darker than this count as ink.
    static let inkLevel: UInt8 = 200

    /// The rules drawn inside `region` of `page`; none when it cannot be rendered.
    static func rules(of page: PDFPage, in region: PDFRect) -> PDFRules {
        guard let image = try? page.render(dpi: dpi, region: region, maxPixels: 4_000_000) else { return .none }
        return scan(image, origin: (region.minX, region.minY), scale: Double(dpi) / 72)
    }

    /// Horizontal runs of at least `minLength` points and vertical runs of
    /// at least `minHeight` (taller than a glyph), merged across the
    /// neighbouring pixel rows or columns a thick rule covers.
    static func scan(_ image: GrayImage, origin: (x: Double, y: Double), scale: Double,
                     minLength: Double = 24, minHeight: Double = 16) -> PDFRules {
        let width = image.width, height = image.height
        var rules = PDFRules()
        image.pixels.withUnsafeBufferPointer { pixels in
            var runs: [PDFRule] = []
            for y in 0..<height {
                collectRuns(count: width, at: y, minLength: Int(minLength * scale), into: &runs) { pixels[y * width + $0] < inkLevel }
            }
            rules.horizontal = merge(runs).map { rule in
                PDFRule(position: origin.y + rule.position / scale, start: origin.x + rule.start / scale, end: origin.x + rule.end / scale)
            }
            runs = []
            for x in 0..<width {
                collectRuns(count: height, at: x, minLength: Int(minHeight * scale), into: &runs) { pixels[$0 * width + x] < inkLevel }
            }
            rules.vertical = merge(runs).map { rule in
                PDFRule(position: origin.x + rule.position / scale, start: origin.y + rule.start / scale, end: origin.y + rule.end / scale)
            }
        }
        return rules
    }

    /// Appends the runs of ink along one pixel row or column.
    private static func collectRuns(count: Int, at position: Int, minLength: Int, into runs: inout [PDFRule], isInk: (Int) -> Bool) {
        var index = 0
        while index < count {
            guard isInk(index) else {
                index += 1
                continue
            }
            let start = index
            while index < count, isInk(index) { index += 1 }
            if index - start >= minLength {
                runs.append(PDFRule(position: Double(position), start: Double(start), end: Double(index)))
            }
        }
    }

    /// One rule for runs on neighbouring rows that overlap (a rule two
    /// pixels thick, or anti-aliased over two); its position is the middle.
    private static func merge(_ runs: [PDFRule]) -> [PDFRule] {
        // Each rule with the first and last pixel row it covers.
        var merged: [(rule: PDFRule, first: Double, last: Double)] = []
        var open: [Int] = []
        for run in runs {
            open.removeAll { run.position - merged[$0].last > 1.5 }
            if let index = open.first(where: {
                min(merged[$0].rule.end, run.end) - max(merged[$0].rule.start, run.start)
                    > 0.5 * min(merged[$0].rule.end - merged[$0].rule.start, run.end - run.start)
            }) {
                merged[index].rule.start = min(merged[index].rule.start, run.start)
                merged[index].rule.end = max(merged[index].rule.end, run.end)
                merged[index].last = run.position
            } else {
                open.append(merged.count)
                merged.append((run, run.position, run.position))
            }
        }
        return merged.map { PDFRule(position: ($0.first + $0.last) / 2 + 0.5, start: $0.rule.start, end: $0.rule.end) }
    }
}
