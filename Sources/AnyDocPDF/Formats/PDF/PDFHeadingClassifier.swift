internal import AnyDocSwift
/// Decides which short blocks are headings, and at which level.
///
/// - The body size is the font size most characters of the document use.
/// - Lines at least 15% (and 1 pt) larger are heading candidates; their
///   sizes, clustered within 0.6 pt, form up to four tiers, largest
///   first: H1 to H4 (anything smaller than the fourth tier is H4).
/// - A bold block at body size that stands alone (one or two lines, at
///   most 12 words, not ending like a sentence or a label, its last line
///   not filling the column) is a heading one level below the size
///   tiers, never H1, at most H5.
/// - When the document has an outline, a block whose text is an outline
///   entry pointing at its page (or the next or previous one) is a
///   heading at that entry's depth: bookmarks are the author's own word.
struct PDFHeadingClassifier {
    let bodySize: Double
    let tiers: [Double]
    private var outline: [Int: [(key: String, depth: Int)]] = [:]
    /// Outline entries already made headings: each is used once.
    private(set) var usedOutlineEntries: Set<String> = []
    /// Outline entries whose title some line matched, used or not. Blocks
    /// built with no entry used beforehand are what they would have been
    /// after other pages whenever none of these was used on them.
    private(set) var matchedOutlineEntries: Set<String> = []

    /// The font sizes of a document's lines, counted page by page: all
    /// the classifier needs of the pages, whatever their number.
    struct SizeCounts {
        /// Characters per font size, to the half point.
        var characters: [Double: Int] = [:]
        /// Lines of at most 20 words per exact font size.
        var shortLines: [Double: Int] = [:]

        mutating func add(_ page: PDFPageSketch) {
            for line in page.lines {
                if line.fontSize > 0 { characters[(line.fontSize * 2).rounded() / 2, default: 0] += line.characterCount }
                if line.wordCount <= 20 { shortLines[line.fontSize, default: 0] += 1 }
            }
        }
    }

    init(pages: [PDFPageContent], outline: [PDFOutlineEntry]) {
        var sizes = SizeCounts()
        for page in pages { sizes.add(PDFPageSketch(page)) }
        self.init(sizes: sizes, outline: outline)
    }

    /// Works out the body size and heading tiers from the counted sizes,
    /// running lines already left out.
    init(sizes: SizeCounts, outline: [PDFOutlineEntry]) {
        let histogram = sizes.characters
        let body = histogram.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        bodySize = body

        var candidates: [Double: Int] = [:]
        for (size, count) in sizes.shortLines where PDFHeadingClassifier.isLarger(size, than: body) {
            candidates[(size * 2).rounded() / 2, default: 0] += count
        }
        var clusters: [Double] = []
        for size in candidates.keys.sorted(by: >) {
            if let last = clusters.last, last - size <= 0.6 { continue }
            clusters.append(size)
        }
        tiers = Array(clusters.prefix(4))

        for entry in outline {
            guard let page = entry.page else { continue }
            let key = PDFHeadingClassifier.matchKey(entry.title)
            guard !key.isEmpty else { continue }
            self.outline[page, default: []].append((key, entry.depth))
        }
    }

    static func isLarger(_ size: Double, than body: Double) -> Bool {
        body > 0 && size >= body * 1.15 && size >= body + 1
    }

    /// The heading level for a block of lines, or nil for body text.
    /// `columnWidth` is the width of the text the block sits in: a bold
    /// line that fills it is the start of a bold paragraph, not a heading.
    mutating func level(for lines: [PDFTextLine], page: Int, isListItem: Bool, columnWidth: Double = .infinity) -> Int? {
        guard let first = lines.first else { return nil }
        let text = lines.map { $0.text }.joined(separator: " ")
        let words = lines.reduce(0) { $0 + $1.words.count }
        guard text.contains(where: { $0.isLetter }) else { return nil }

        if !outline.isEmpty, lines.count <= 4, let depth = outlineDepth(for: text, page: page) {
            return min(depth + 1, 6)
        }
        guard !isListItem else { return nil }
        let size = lines.map { $0.fontSize }.max() ?? first.fontSize
        if PDFHeadingClassifier.isLarger(size, than: bodySize), lines.count <= 3, words <= 30,
           !lines.contains(where: { $0.isTabular }) {
            for (index, tier) in tiers.enumerated() where size >= tier - 0.6 {
                return index + 1
            }
            return min(max(tiers.count, 1), 4)
        }
        let last = text.last ?? " "
        if lines.allSatisfy({ $0.isBold }), !lines.contains(where: { $0.isTabular }), lines.count <= 2,
           (lines.last?.box.width ?? 0) < 0.85 * columnWidth, words <= 12, abs(size - bodySize) <= max(1, 0.15 * bodySize),
           !".,;:".contains(last), text.contains(where: { $0.isLowercase }) || words <= 6 {
            return min(max(tiers.count + 1, 2), 5)
        }
        return nil
    }

    /// True when `text` is an unused outline entry near `page`. The entry
    /// stays unused, but the match is noted in `matchedOutlineEntries`,
    /// which is why this mutates.
    mutating func isOutlineTitle(_ text: String, page: Int) -> Bool {
        guard !outline.isEmpty else { return false }
        return outlineDepth(for: text, page: page, using: false) != nil
    }

    /// Starts the outline's use afresh: `used` entries count as used, and
    /// none as matched.
    mutating func resetOutlineUse(to used: Set<String> = []) {
        usedOutlineEntries = used
        matchedOutlineEntries = []
    }

    private mutating func outlineDepth(for text: String, page: Int, using: Bool = true) -> Int? {
        let key = PDFHeadingClassifier.matchKey(text)
        guard !key.isEmpty else { return nil }
        let unnumbered = PDFHeadingClassifier.matchKey(PDFHeadingClassifier.droppingSectionNumber(text))
        for candidatePage in [page, page - 1, page + 1] {
            for entry in outline[candidatePage] ?? [] {
                guard entry.key == key || (!unnumbered.isEmpty && entry.key == unnumbered) else { continue }
                let id = "\(candidatePage)|\(entry.key)"
                matchedOutlineEntries.insert(id)
                guard !usedOutlineEntries.contains(id) else { continue }
                if using { usedOutlineEntries.insert(id) }
                return entry.depth
            }
        }
        return nil
    }

    /// Letters and digits only, lower-cased: how outline titles and
    /// lines are compared.
    static func matchKey(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// "2.1 Scope" → "Scope": outlines often leave the numbers out.
    static func droppingSectionNumber(_ text: String) -> String {
        var rest = Substring(text)
        let number = rest.prefix { $0.isNumber || $0 == "." }
        guard !number.isEmpty, number.contains(where: { $0.isNumber }) else { return text }
        rest = rest.dropFirst(number.count)
        guard rest.first?.isWhitespace == true else { return text }
        return String(rest.drop { $0.isWhitespace })
    }
}
