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

    /// Characters (grapheme clusters) in the words, spaces between them not counted.
    let characterCount: Int

    init(words: [PDFWord]) {
        self.words = words
        self.text = PDFTextLine.joined(words)
        var box = words.first?.box ?? PDFRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        var sizes = SizeTally()
        var bold = 0, italic = 0, total = 0, rtl = 0
        for word in words {
            box = box.union(word.box)
            let weight = PDFTextLine.characterCount(of: word.text)
            sizes.add((word.fontSize * 2).rounded() / 2, weight)
            total += weight
            if word.isBold { bold += weight }
            if word.isItalic { italic += weight }
            if word.isRightToLeft { rtl += weight }
        }
        self.box = box
        fontSize = sizes.dominant ?? 0
        characterCount = total
        isBold = total > 0 && Double(bold) >= 0.8 * Double(total)
        isItalic = total > 0 && Double(italic) >= 0.8 * Double(total)
        isRightToLeft = total > 0 && rtl * 2 > total
    }

    /// The words' texts joined by single spaces, written straight into
    /// one string's storage.
    private static func joined(_ words: [PDFWord]) -> String {
        var length = max(0, words.count - 1)
        for index in words.indices { length += words[index].text.utf8.count }
        return String(utf8Count: length) { text in
            for index in words.indices {
                if index > 0 { text.append(byte: 0x20) }
                text.append(words[index].text)
            }
        }
    }

    /// `text.count` without grapheme breaking for ASCII text other than
    /// CR, where every byte is one character.
    static func characterCount(of text: String) -> Int {
        let utf8 = text.utf8
        // Scanned as one run of bytes where the string has one.
        let plain = utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte >= 0x80 || byte == 0x0D { return false }
            return true
        } ?? !utf8.contains { $0 >= 0x80 || $0 == 0x0D }
        return plain ? utf8.count : text.count
    }
}

/// Characters per font size within one line. Nearly every line has one
/// size, so the first is kept apart from the list of any others.
private struct SizeTally {
    private var first: (size: Double, weight: Int)?
    private var others: [(size: Double, weight: Int)] = []

    mutating func add(_ size: Double, _ weight: Int) {
        guard let current = first else {
            first = (size, weight)
            return
        }
        if current.size == size {
            first = (size, current.weight + weight)
        } else if let index = others.firstIndex(where: { $0.size == size }) {
            others[index].weight += weight
        } else {
            others.append((size, weight))
        }
    }

    /// The size with the most characters; the larger size on a tie.
    var dominant: Double? {
        guard var best = first else { return nil }
        for candidate in others where candidate.weight > best.weight || (candidate.weight == best.weight && candidate.size > best.size) {
            best = candidate
        }
        return best.size
    }
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
