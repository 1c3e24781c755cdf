/// Ending paragraphs: into a table cell, or as a heading, list item or
/// plain paragraph of the current story.
extension RTFReader {
    func endParagraph(intoCell: Bool = false) throws(ConversionError) {
        let story = self.story
        var format = state.paragraph
        if format.isPlain, let atText = story.lastTextParagraph, !atText.isPlain { format = atText }
        let (pieces, equations) = Self.separatingDisplayMath(story.takePieces())
        let marker = listText
        listText = nil

        if intoCell || format.isInTable {
            let content = RTFInlineBuilder.inlines(pieces)
            if !content.isEmpty { story.table.addToCell(.paragraph(content)) }
            for latex in equations { story.table.addToCell(.math(latex)) }
            return
        }
        try closeTable(in: story)
        defer { for latex in equations { story.items.append(.block(.math(latex))) } }

        let text = RTFInlineBuilder.plainText(pieces)
        guard text.contains(where: { !FormattedRuns.isSpace($0) && $0 != "\n" })
            || pieces.contains(where: { if case .image = $0 { true } else { false } }) else { return }

        if let level = format.outlineLevel ?? format.style.flatMap(tables.outlineLevel(ofStyle:)), (0...8).contains(level) {
            let content = RTFInlineBuilder.inlines(pieces, dropBold: true)
            story.items.append(.paragraph(FlowParagraph(content: content, headingLevel: level + 1)))
            return
        }

        var body = pieces
        let list = listMarker(format: format, marker: marker, pieces: &body)
        if list == nil, format.legacy == nil { legacyCounters = Array(repeating: nil, count: 9) }
        guard list == nil else {
            story.items.append(.paragraph(FlowParagraph(content: RTFInlineBuilder.inlines(body), list: list)))
            return
        }
        for part in Self.splitAtBlankLines(body) {
            let content = RTFInlineBuilder.inlines(part)
            if !content.isEmpty { story.items.append(.paragraph(FlowParagraph(content: content))) }
        }
    }

    /// Splits where two line breaks meet with only spaces between: mail
    /// programs write paragraphs as `\line\line` inside one `\par`.
    static func splitAtBlankLines(_ pieces: [RTFPiece]) -> [[RTFPiece]] {
        var parts: [[RTFPiece]] = []
        var current: [RTFPiece] = []
        var breaks = 0
        var sinceBreak: [RTFPiece] = []
        for piece in pieces {
            switch piece {
            case .lineBreak:
                breaks += 1
                sinceBreak.append(piece)
            case .text(let text, _) where breaks > 0 && text.allSatisfy(FormattedRuns.isSpace):
                sinceBreak.append(piece)
            default:
                if breaks >= 2 {
                    parts.append(current)
                    current = []
                } else {
                    current += sinceBreak
                }
                breaks = 0
                sinceBreak = []
                current.append(piece)
            }
        }
        current += sinceBreak
        parts.append(current)
        return parts
    }

    /// How the paragraph is listed, from `\ls`, from `\pn`, or from a
    /// typed marker (`1.` or a bullet, then a tab) under a hanging indent;
    /// a typed marker is removed from `pieces`.
    private func listMarker(format: FlowParagraphFormat, marker: String?, pieces: inout [RTFPiece]) -> ListMarker? {
        let glyph = marker.map { $0.filter { $0 != "\t" }.rtfTrimmedSpaces }
        if let ls = format.listOverride, ls > 0 || tables.listOverrides[ls] != nil {
            let level = format.listLevel
            let isBullet = tables.isBullet(listOverride: ls, level: level) ?? glyph.map(Self.isBulletGlyph) ?? true
            let number = nextNumber(
                counters: &listCounters[ls, default: Array(repeating: nil, count: 9)], level: level,
                start: tables.startNumber(listOverride: ls, level: level), shown: glyph)
            return ListMarker(isBullet: isBullet, number: number, level: nestingKey(format, level: level), instance: "ls\(ls)")
        }
        if let legacy = format.legacy {
            guard !legacy.isContinuation else { return nil }
            let isBullet = legacy.isBullet || glyph.map(Self.isBulletGlyph) == true
            let number = nextNumber(counters: &legacyCounters, level: legacy.level, start: legacy.start, shown: glyph)
            return ListMarker(isBullet: isBullet, number: number, level: nestingKey(format, level: legacy.level), instance: "pn")
        }
        if let glyph, !glyph.isEmpty {
            let isBullet = Self.isBulletGlyph(glyph)
            return ListMarker(
                isBullet: isBullet, number: Self.shownNumber(glyph) ?? 1, level: nestingKey(format, level: format.listLevel),
                instance: "text")
        }
        guard format.firstLineIndent < 0, let typed = Self.typedMarker(pieces) else { return nil }
        pieces = Self.dropping(typed.length, from: pieces)
        let isBullet = Self.isBulletGlyph(typed.glyph)
        return ListMarker(
            isBullet: isBullet, number: Self.shownNumber(typed.glyph) ?? 1, level: nestingKey(format, level: 0), instance: "typed")
    }

    /// Orders items for nesting: by left indent first, then by list level.
    private func nestingKey(_ format: FlowParagraphFormat, level: Int) -> Int {
        max(0, min(format.leftIndent, 1 << 20)) * 16 + level
    }

    /// The item's number: what its marker shows when that is a number,
    /// else one more than the previous item at its level.
    private func nextNumber(counters: inout [Int?], level: Int, start: Int, shown: String?) -> Int {
        let level = min(max(level, 0), counters.count - 1)
        var number = counters[level].map { $0 + 1 } ?? start
        if let shown = shown.flatMap(Self.shownNumber) { number = shown }
        counters[level] = number
        for deeper in (level + 1)..<counters.count { counters[deeper] = nil }
        return number
    }

    static func isBulletGlyph(_ glyph: String) -> Bool {
        if glyph.contains(where: { $0.isNumber }) { return false }
        // Letters and roman numerals followed by `.` or `)`.
        if let last = glyph.last, last == "." || last == ")" {
            let body = glyph.dropLast().drop(while: { $0 == "(" })
            if !body.isEmpty, body.count <= 5, body.allSatisfy({ $0.isASCII && $0.isLetter }) { return false }
        }
        return true
    }

    /// The last number in a marker such as `3.` or `1.2)`.
    static func shownNumber(_ glyph: String) -> Int? {
        var digits = ""
        var last = ""
        for character in glyph {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else {
                if !digits.isEmpty { last = digits }
                digits = ""
            }
        }
        if !digits.isEmpty { last = digits }
        guard !last.isEmpty, last.count <= 9 else { return nil }
        return Int(last)
    }

    /// A marker typed at the start of the text: a bullet or `1.`/`a)`,
    /// then a tab.
    private static func typedMarker(_ pieces: [RTFPiece]) -> (glyph: String, length: Int)? {
        var prefix = ""
        for piece in pieces {
            guard case .text(let text, _) = piece else { break }
            prefix += text
            if prefix.count > 12 { break }
        }
        let leading = prefix.prefix(while: { $0 == " " })
        let rest = prefix.dropFirst(leading.count)
        guard let tab = rest.firstIndex(of: "\t") else { return nil }
        let glyph = String(rest[..<tab])
        guard !glyph.isEmpty, glyph.count <= 6 else { return nil }
        let bullets: Set<Character> = ["\u{2022}", "\u{00B7}", "\u{25AA}", "\u{25E6}", "\u{25CF}", "o", "-", "\u{2013}", "*", "\u{F0B7}", "\u{2043}"]
        let isBullet = glyph.count == 1 && glyph.first.map(bullets.contains) == true
        let isNumber = !isBulletGlyph(glyph)
        guard isBullet || isNumber else { return nil }
        return (glyph, leading.count + glyph.count + 1)
    }

    private static func dropping(_ count: Int, from pieces: [RTFPiece]) -> [RTFPiece] {
        var remaining = count
        var result = pieces
        while remaining > 0, let first = result.first, case .text(let text, let format) = first {
            if text.count <= remaining {
                remaining -= text.count
                result.removeFirst()
            } else {
                result[0] = .text(String(text.dropFirst(remaining)), format)
                remaining = 0
            }
        }
        return result
    }
}

extension String {
    var rtfTrimmedSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\u{A0}" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\u{A0}" { slice.removeLast() }
        return String(slice)
    }
}
