internal import AnyDocSwift
/// The structure of a scanned page, from what Tesseract reports about its
/// lines: headings stand out by height against the body text, list items
/// start with a bullet or a number, tables align their words in columns
/// (`OCRTableDetector`). Everything else stays a paragraph, as Tesseract
/// grouped it.
enum OCRStructure {
    /// Lines this much taller than the body text are headings, when their
    /// paragraph is short.
    static let headingRatio = 1.3
    static let maxHeadingCharacters = 120

    static func blocks(of result: OCRResult) -> [Block] {
        let body = bodyLineHeight(result)
        let pieces = pieces(of: result.blocks.flatMap(\.paragraphs), bodyHeight: body)
        let paragraphs = pieces.compactMap { piece -> OCRResult.Paragraph? in
            if case .paragraph(let paragraph) = piece { return paragraph }
            return nil
        }
        let tiers = headingTiers(paragraphs.compactMap { headingRatio(of: $0, bodyHeight: body) })
        var blocks: [Block] = []
        for piece in pieces {
            guard case .paragraph(let paragraph) = piece else {
                if case .table(let table) = piece { blocks.append(.table(table)) }
                continue
            }
            if let ratio = headingRatio(of: paragraph, bodyHeight: body) {
                let level = min((tiers.firstIndex { ratio >= $0 * tierSpread } ?? tiers.count - 1) + 1, 3)
                blocks.append(.heading(Heading(level: level, content: [.text(text(of: paragraph))])))
            } else if let list = list(paragraph) {
                appendList(list, to: &blocks)
            } else {
                let text = text(of: paragraph)
                if !text.isEmpty { blocks.append(.paragraph([.text(text)])) }
            }
        }
        return blocks
    }

    /// The median height of lines of several words: body text, whatever
    /// the headings around it.
    static func bodyLineHeight(_ result: OCRResult) -> Double? {
        let lines = result.blocks.flatMap { $0.paragraphs.flatMap(\.lines) }
        let heights = lines.filter { $0.words.count >= 3 && $0.height > 0 }.map(\.height).sorted()
        guard !heights.isEmpty else { return nil }
        return Double(heights[heights.count / 2])
    }

    /// How much taller than the body a paragraph of one or two lines that
    /// reads like a title is; nil for anything else.
    static func headingRatio(of paragraph: OCRResult.Paragraph, bodyHeight: Double?) -> Double? {
        guard let bodyHeight, bodyHeight > 0, (1...2).contains(paragraph.lines.count) else { return nil }
        let height = Double(paragraph.lines.map(\.height).reduce(0, +)) / Double(paragraph.lines.count)
        let ratio = height / bodyHeight
        guard ratio >= headingRatio else { return nil }
        let text = text(of: paragraph)
        // A tall sentence is a pull quote or large print, not a title.
        guard !text.isEmpty, text.count <= maxHeadingCharacters, text.last != "." || text.count < 40,
              ListMarkerText.kind(of: paragraph.lines[0].words.first?.text ?? "") == nil else { return nil }
        return ratio
    }

    /// Line boxes of one font size differ by their descenders and
    /// ascenders: heights within this share of a tier's tallest are one tier.
    static let tierSpread = 0.8

    /// The tallest ratio of each tier of heading heights, tallest first:
    /// the first tier is level 1, the next 2, at most 3 deep.
    static func headingTiers(_ ratios: [Double]) -> [Double] {
        var tiers: [Double] = []
        for ratio in ratios.sorted(by: >) where tiers.last.map({ ratio < $0 * tierSpread }) ?? true {
            tiers.append(ratio)
        }
        return tiers
    }

    static func text(of paragraph: OCRResult.Paragraph) -> String {
        OCRText.join(paragraph.lines.map { OCRText.joinWords($0.words) }, hyphenation: true)
    }

    /// What Tesseract reads a round bullet as, when it does not read `•`.
    static let bulletLookalikes: Set<String> = ["¢", "«", "©", "°", "»", "e", "o", "®"]

    /// The paragraph as list items when its first line starts with a
    /// marker: each marked line starts an item, unmarked lines continue it.
    /// A glyph Tesseract often reads a bullet as counts when it starts two
    /// lines or more.
    static func list(_ paragraph: OCRResult.Paragraph) -> List? {
        let starts = paragraph.lines.compactMap { $0.words.count > 1 ? $0.words.first?.text : nil }
        func marker(_ text: String) -> List.Kind? {
            if let kind = ListMarkerText.kind(of: text) { return listKind(kind) }
            return bulletLookalikes.contains(text) && starts.filter({ $0 == text }).count >= 2 ? .bullet : nil
        }
        guard let first = paragraph.lines.first?.words.first, let kind = marker(first.text) else { return nil }
        var items: [[OCRResult.Line]] = []
        for line in paragraph.lines {
            if line.words.count > 1, let lineKind = marker(line.words[0].text), sameListKind(lineKind, kind) {
                var rest = line
                rest.words.removeFirst()
                items.append([rest])
            } else if !items.isEmpty {
                items[items.count - 1].append(line)
            }
        }
        let listItems = items.compactMap { lines -> ListItem? in
            let text = text(of: OCRResult.Paragraph(lines: lines))
            return text.isEmpty ? nil : ListItem([.text(text)])
        }
        return listItems.isEmpty ? nil : List(kind: kind, items: listItems)
    }

    private static func listKind(_ marker: ListMarkerText.Kind) -> List.Kind {
        if case .ordered(let start) = marker { .ordered(start: start) } else { .bullet }
    }

    /// Tesseract often makes each item its own paragraph: items of the same
    /// kind that follow each other are one list.
    private static func appendList(_ list: List, to blocks: inout [Block]) {
        if case .list(var previous) = blocks.last, sameListKind(previous.kind, list.kind) {
            previous.items += list.items
            blocks[blocks.count - 1] = .list(previous)
        } else {
            blocks.append(.list(list))
        }
    }

    private static func sameListKind(_ a: List.Kind, _ b: List.Kind) -> Bool {
        switch (a, b) {
        case (.bullet, .bullet), (.ordered, .ordered): true
        default: false
        }
    }
}
