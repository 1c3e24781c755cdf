internal import AnyDocSwift
/// A word of a page: characters between spaces, with the font facts
/// that decide emphasis and headings.
struct PDFWord: Sendable {
    var text: String
    var box: PDFRect
    var fontSize: Double
    var isBold: Bool
    var isItalic: Bool
    /// Index into the page's external links, when a link covers the word.
    var link: Int?
    /// The word ended in a soft hyphen (already dropped from `text`).
    var endsWithSoftHyphen = false
    /// Written right to left (Arabic, Hebrew).
    var isRightToLeft = false
}

/// Words on one baseline with no wide gap between them: a line of a
/// paragraph, a heading, or one cell of a table row.
struct PDFTextLine: Sendable {
    /// The words; after the line is made only their links change.
    var words: [PDFWord]
    /// The words joined by spaces, made once: every pass reads it.
    let text: String
    var box: PDFRect
    /// The size most of the characters have.
    var fontSize: Double
    /// Nearly every character is bold (or italic).
    var isBold: Bool
    var isItalic: Bool
    var isRightToLeft: Bool
    /// Pieces of one row set apart by wide gaps that did not make a
    /// table (a contents line, a form row): kept as a line of its own.
    var isTabular = false

    init(words: [PDFWord]) {
        self.words = words
        text = words.map { $0.text }.joined(separator: " ")
        var box = words.first?.box ?? PDFRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        var sizes: [Double: Int] = [:]
        var bold = 0, italic = 0, total = 0, rtl = 0
        for word in words {
            box = box.union(word.box)
            let weight = word.text.count
            sizes[(word.fontSize * 2).rounded() / 2, default: 0] += weight
            total += weight
            if word.isBold { bold += weight }
            if word.isItalic { italic += weight }
            if word.isRightToLeft { rtl += weight }
        }
        self.box = box
        fontSize = sizes.max { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }?.key ?? 0
        isBold = total > 0 && Double(bold) >= 0.8 * Double(total)
        isItalic = total > 0 && Double(italic) >= 0.8 * Double(total)
        isRightToLeft = total > 0 && rtl * 2 > total
    }

    var characterCount: Int { words.reduce(0) { $0 + $1.text.count } }
}

/// What the first pass keeps of a page: its lines, links and size.
struct PDFPageContent: Sendable {
    var number: Int
    var width: Double
    var height: Double
    var lines: [PDFTextLine]
    /// External link targets; words refer to them by index.
    var links: [String]
    /// Blocks an OCR engine produced for a page without a text layer.
    var recognizedBlocks: [Block]?
    /// Text OCRed from images on a page that has a text layer, written
    /// after the page's own blocks.
    var imageTextBlocks: [Block] = []
    /// Rules drawn where the text looks like a table.
    var rules = PDFRules.none
}
