internal import AnyDocSwift
/// Turns a page's positioned characters into words and lines.
///
/// Poppler already separates words with spaces and lines with newlines;
/// its lines are kept (they follow baselines, superscripts included) but
/// split where a gap is wider than `splitGap` ems, so cells of a table row
/// and the two sides of a column gutter never share a line.
struct PDFLineBuilder {
    /// Characters Poppler could not map, dropped from the text.
    private(set) var unmappedCount = 0
    /// A gap wider than this many ems ends a line.
    var splitGap = 0.9

    mutating func lines(from given: PDFTextLayout, links: [PDFLink]) -> (lines: [PDFTextLine], uris: [String]) {
        let layout = PDFGlyphOrderRepair.apply(to: given)
        let (uris, uriAreas) = PDFLineBuilder.uriAreas(of: links)

        var lines: [PDFTextLine] = []
        lines.reserveCapacity(64)
        // One word and one Poppler line are gathered at a time, in buffers
        // kept for the whole page.
        var popplerLine: [PDFWord] = []
        var word = WordAccumulator()

        func finishWord() {
            if let finished = word.finish(styles: layout.styles) { popplerLine.append(finished) }
            word.reset()
        }
        func finishLine() {
            finishWord()
            split(popplerLine, into: &lines)
            popplerLine.removeAll(keepingCapacity: true)
        }

        let characters = layout.characters
        for offset in characters.indices {
            let character = characters[offset]
            let value = character.scalar.value
            if value == 0x0A {
                finishLine()
                continue
            }
            // Printable ASCII, most of any page, reads as itself.
            if value >= 0x21, value <= 0x7E {
                if let last = word.lastBox,
                   PDFLineBuilder.isApart(character, first: character.scalar, from: last, in: word, styles: layout.styles) {
                    finishWord()
                }
                word.softHyphen = false
                word.addASCII(UInt8(truncatingIfNeeded: value), box: character.box, style: character.style)
                continue
            }
            switch PDFCharacterNormalizer.normalize(character.scalar) {
            case .space:
                finishWord()
            case .ignored:
                continue
            case .softHyphen:
                word.softHyphen = true
                word.add("", box: character.box, style: character.style)
            case .unmapped:
                // A glyph without a character standing alone at the start of
                // a line is a bullet (symbol fonts, Redbooks' U+900B0).
                let next = offset + 1 < characters.count ? characters[offset + 1].scalar : " "
                let alone = next == " " || next == "\n"
                if word.isEmpty, popplerLine.isEmpty, character.scalar != "\u{FFFD}", character.scalar.value >= 0x80,
                   PDFCharacterNormalizer.isPrivateUseBullet(character.scalar) || alone {
                    word.add("•", box: character.box, style: character.style)
                } else {
                    unmappedCount += 1
                    // The glyph still takes its place in the word.
                    word.skip(character.box)
                }
            case .text(let text):
                // Poppler puts no space between pieces of a line it found
                // in different blocks: a wide gap still ends the word.
                if let last = word.lastBox,
                   PDFLineBuilder.isApart(character, first: text.unicodeScalars.first, from: last, in: word, styles: layout.styles) {
                    finishWord()
                }
                word.softHyphen = false
                word.add(text, box: character.box, style: character.style)
            }
        }
        finishLine()

        PDFLineBuilder.attach(uriAreas, to: &lines)
        return (mergeAdjacent(lines), uris)
    }

    /// The page's distinct web addresses, in order of first appearance, and
    /// each link's area with the index of its address there. Links to places
    /// inside the document and empty addresses are left out.
    private static func uriAreas(of links: [PDFLink]) -> (uris: [String], areas: [(area: PDFRect, index: Int)]) {
        var uris: [String] = []
        var uriAreas: [(area: PDFRect, index: Int)] = []
        for link in links {
            guard case .uri(let uri) = link.target, !uri.isEmpty else { continue }
            let index: Int
            if let known = uris.firstIndex(of: uri) {
                index = known
            } else {
                index = uris.count
                uris.append(uri)
            }
            uriAreas.append((link.area, index))
        }
        return (uris, uriAreas)
    }

    /// True when `character` (reading as text that starts with `first`) must start a new word
    /// although Poppler put no space before it: it is more than a quarter
    /// em from the previous character, off its line, or of the other
    /// writing direction.
    private static func isApart(
        _ character: PDFCharacter, first: Unicode.Scalar?, from last: PDFRect, in word: WordAccumulator, styles: [PDFTextStyle]
    ) -> Bool {
        let size = max(Int(character.style) < styles.count ? styles[Int(character.style)].fontSize : 0, character.box.height, 1)
        let gap = max(character.box.minX - last.maxX, last.minX - character.box.maxX)
        let overlap = min(character.box.maxY, last.maxY) - max(character.box.minY, last.minY)
        return gap > 0.25 * size || overlap <= 0 || word.changesDirection(first)
    }

    /// Gives each word the link whose area holds the word's middle; the
    /// first such link wins.
    private static func attach(_ uriAreas: [(area: PDFRect, index: Int)], to lines: inout [PDFTextLine]) {
        guard !uriAreas.isEmpty else { return }
        for l in lines.indices {
            for w in lines[l].words.indices {
                let box = lines[l].words[w].box
                if let hit = uriAreas.first(where: { $0.area.contains(x: box.midX, y: box.midY, tolerance: 1) }) {
                    lines[l].words[w].link = hit.index
                }
            }
        }
    }

    /// Splits a Poppler line where two neighbouring words are far apart
    /// and appends the pieces to `lines`.
    private func split(_ popplerWords: [PDFWord], into lines: inout [PDFTextLine]) {
        guard popplerWords.count > 1 else {
            if !popplerWords.isEmpty { lines.append(PDFTextLine(words: [popplerWords[0]])) }
            return
        }
        let words = PDFLineBuilder.readingOrder(popplerWords)
        var start = 0
        for index in 1..<words.count {
            let previous = words[index - 1].box, current = words[index].box
            let gap = max(current.minX - previous.maxX, previous.minX - current.maxX)
            let em = max(min(words[index - 1].fontSize, words[index].fontSize), 1)
            let verticalOverlap = min(previous.maxY, current.maxY) - max(previous.minY, current.minY)
            if gap > splitGap * em || verticalOverlap < -0.5 * em {
                lines.append(PDFTextLine(words: Array(words[start..<index])))
                start = index
            }
        }
        lines.append(PDFTextLine(words: Array(words[start...])))
    }

    /// Words in reading order. Poppler gives right-to-left lines sometimes
    /// in logical and sometimes in visual order: such a line is read from
    /// its right edge, with runs of left-to-right words (Latin, numbers)
    /// turned back the right way.
    static func readingOrder(_ words: [PDFWord]) -> [PDFWord] {
        let rtl = words.filter { $0.isRightToLeft }.count
        guard rtl > 0, rtl * 2 >= words.count else { return words }
        let visual = words.sorted { $0.box.midX > $1.box.midX }
        var result: [PDFWord] = []
        var run: [PDFWord] = []
        for word in visual {
            if word.isRightToLeft {
                result += run.reversed()
                run = []
                result.append(word)
            } else {
                run.append(word)
            }
        }
        return result + run.reversed()
    }

    /// Joins pieces of one baseline that Poppler put in separate lines
    /// although they are as close as words (a font change, say).
    private func mergeAdjacent(_ lines: [PDFTextLine]) -> [PDFTextLine] {
        guard lines.count > 1 else { return lines }
        // Group by baseline, then join left-to-right neighbours.
        let byBaseline = lines.sorted { $0.box.maxY < $1.box.maxY }
        var groups: [[PDFTextLine]] = []
        for line in byBaseline {
            if let last = groups.last?.last,
               abs(line.box.maxY - last.box.maxY) <= 0.25 * max(min(line.fontSize, last.fontSize), 1) {
                groups[groups.count - 1].append(line)
            } else {
                groups.append([line])
            }
        }
        var result: [PDFTextLine] = []
        result.reserveCapacity(lines.count)
        for group in groups {
            var current: PDFTextLine?
            for next in group.sorted(by: { $0.box.minX < $1.box.minX }) {
                guard let open = current else {
                    current = next
                    continue
                }
                let em = max(min(open.fontSize, next.fontSize), 1)
                let gap = next.box.minX - open.box.maxX
                let sameSize = abs(next.fontSize - open.fontSize) <= 0.15 * em + 0.5
                if !open.isRightToLeft, !next.isRightToLeft, gap >= -0.2 * em, gap <= 0.45 * em, sameSize {
                    current = PDFTextLine(words: open.words + next.words)
                } else {
                    result.append(open)
                    current = next
                }
            }
            if let current { result.append(current) }
        }
        // Back to top-to-bottom order; reading order is decided later.
        return result.sorted { ($0.box.minY, $0.box.minX) < ($1.box.minY, $1.box.minX) }
    }
}

/// Gathers one word's characters, as UTF-8, and the styles they use.
/// One accumulator serves a whole page: `reset` keeps its buffers.
private struct WordAccumulator {
    var bytes: [UInt8] = []
    var box: PDFRect?
    /// The last character's box.
    var lastBox: PDFRect?
    /// How many characters use each style, in order of first use: a word
    /// has one or two, so a list beats hashing every character.
    var styleCounts: [(style: Int32, count: Int)] = []
    var softHyphen = false
    var rightToLeft = 0
    var letters = 0

    var isEmpty: Bool { bytes.isEmpty }

    /// Empties the word for the next one, keeping the buffers' storage.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        styleCounts.removeAll(keepingCapacity: true)
        box = nil
        lastBox = nil
        softHyphen = false
        rightToLeft = 0
        letters = 0
    }

    /// True when a piece starting with `first` starts a letter of the
    /// other writing direction (Poppler glues "habibi" to the Arabic word
    /// beside it).
    func changesDirection(_ first: Unicode.Scalar?) -> Bool {
        guard letters > 0, let first, Self.isAlphabetic(first) else { return false }
        let wordIsRTL = rightToLeft * 2 > letters
        return WordAccumulator.isRightToLeft(first) != wordIsRTL && (rightToLeft == 0 || rightToLeft == letters)
    }

    /// Moves past a character that adds no text.
    mutating func skip(_ box: PDFRect) {
        guard !bytes.isEmpty else { return }
        lastBox = box
        self.box = self.box.map { $0.union(box) } ?? box
    }

    /// Adds a printable ASCII character, which is never right to left.
    mutating func addASCII(_ byte: UInt8, box: PDFRect, style: Int32) {
        bytes.append(byte)
        self.box = self.box.map { $0.union(box) } ?? box
        lastBox = box
        count(style)
        if (0x61...0x7A).contains(byte | 0x20) { letters += 1 }
    }

    mutating func add(_ piece: String, box: PDFRect, style: Int32) {
        bytes.append(contentsOf: piece.utf8)
        self.box = self.box.map { $0.union(box) } ?? box
        lastBox = box
        if !piece.isEmpty { count(style) }
        for scalar in piece.unicodeScalars where Self.isAlphabetic(scalar) {
            letters += 1
            if WordAccumulator.isRightToLeft(scalar) { rightToLeft += 1 }
        }
    }

    private mutating func count(_ style: Int32) {
        if let index = styleCounts.firstIndex(where: { $0.style == style }) {
            styleCounts[index].count += 1
        } else {
            styleCounts.append((style, 1))
        }
    }

    func finish(styles: [PDFTextStyle]) -> PDFWord? {
        guard !bytes.isEmpty, let box else { return nil }
        let dominant = styleCounts.max { $0.count < $1.count || ($0.count == $1.count && $0.style > $1.style) }?.style ?? 0
        let style = Int(dominant) < styles.count && dominant >= 0 ? styles[Int(dominant)] : PDFTextStyle(fontName: "", fontSize: 0)
        let size = style.fontSize > 0 ? style.fontSize : box.height
        return PDFWord(
            text: String(decoding: bytes, as: UTF8.self), box: box, fontSize: size, isBold: style.isBold,
            isItalic: style.isItalic, link: nil, endsWithSoftHyphen: softHyphen,
            isRightToLeft: letters > 0 && rightToLeft * 2 > letters)
    }

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool { PDFPage.isRightToLeft(scalar) }

    /// Unicode's Alphabetic property, answered without a table look-up
    /// for ASCII, which most characters are.
    static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x80 else { return (0x61...0x7A).contains(scalar.value | 0x20) }
        return scalar.properties.isAlphabetic
    }
}
