/// Reads the characters of paragraphs into inline pieces: special
/// characters normalised, hidden and deleted text dropped, fields reduced
/// to their shown result, HYPERLINK fields made links and note marks made
/// footnote references.
///
/// Fields (0x13 begin, 0x14 separator, 0x15 end) may span paragraphs, so
/// the field stack lives as long as the reader, one per story.
struct DOCInlineReader {
    private struct Field {
        var showsResult = false
        var instruction: [UInt16] = []
        var linkTarget: String?
        /// Where the link's content starts in the current paragraph's pieces.
        var linkStart = 0
    }

    /// Deeper fields are read as plain content; Word itself nests far less.
    private static let maxFieldDepth = 32
    private static let maxInstructionLength = 2048

    let document: DOCDocument
    /// Note and comment reference marks with their labels, sorted by CP:
    /// a cursor moving with the characters read finds them, rather than
    /// a look-up per character.
    private let noteMarks: [(cp: Int, label: String)]
    private var nextNoteMark = 0
    let showsDeletions: Bool
    private var fields: [Field] = []
    /// Field begins past `maxFieldDepth` whose ends are still to come.
    private var ignoredFieldDepth = 0

    private var pieces: [DOCInlinePiece] = []
    private var buffer: [UInt16] = []
    private var bufferFormat = DOCTextFormat()

    init(document: DOCDocument, noteReferences: [Int: String], showsDeletions: Bool) {
        self.document = document
        self.noteMarks = noteReferences.map { (cp: $0.key, label: $0.value) }.sorted { $0.cp < $1.cp }
        self.showsDeletions = showsDeletions
    }

    /// The inlines of the characters in `range` (a paragraph without its
    /// mark). Headings pass `dropsBold`: their bold comes from the style.
    mutating func inlines(_ range: Range<Int>, paragraphStyle: Int, dropsBold: Bool) -> [Inline] {
        pieces = []
        for index in fields.indices { fields[index].linkStart = 0 }
        let text = document.text
        var cp = max(range.lowerBound, 0)
        let end = min(range.upperBound, text.count)
        nextNoteMark = firstNoteMark(atOrAfter: cp)
        while cp < end {
            let (properties, runEnd) = document.characterProperties(at: cp, paragraphStyle: paragraphStyle)
            let stop = min(max(runEnd, cp + 1), end)
            var format = DOCTextFormat(
                bold: properties.bold && !dropsBold, italic: properties.italic, strike: properties.strike,
                superscript: properties.superscript, subscript: properties.subscript)
            let isShown = !properties.hidden && (!properties.deleted || showsDeletions)
            if properties.deleted { format.strike = true }
            var position = cp
            while position < stop {
                let plainEnd = isShown ? plainTextEnd(from: position, to: stop, special: properties.special) : position
                if plainEnd > position {
                    append(text[position..<plainEnd], format: format)
                    position = plainEnd
                } else {
                    read(text[position], at: position, properties: properties, format: format, isShown: isShown)
                    position += 1
                }
            }
            cp = stop
        }
        flush()
        // A link still open at the paragraph's end wraps what it holds so
        // far; the rest of its result continues in the next paragraph.
        for index in fields.indices.reversed() where fields[index].linkTarget != nil {
            wrapLink(index)
        }
        return DOCInlineSpans.inlines(pieces)
    }

    /// Where a stretch of ordinary shown characters from `start` ends:
    /// text `read` would append unit by unit, taken in one go. It is
    /// `start` itself when the character there needs a closer look (a
    /// field instruction, a note mark, a control or a symbol).
    private mutating func plainTextEnd(from start: Int, to end: Int, special: Bool) -> Int {
        guard !fields.contains(where: { !$0.showsResult }) else { return start }
        var end = end
        while nextNoteMark < noteMarks.count, noteMarks[nextNoteMark].cp < start { nextNoteMark += 1 }
        if nextNoteMark < noteMarks.count { end = min(end, noteMarks[nextNoteMark].cp) }
        let text = document.text
        var position = start
        while position < end, Self.isPlain(text[position], special: special) { position += 1 }
        return position
    }

    /// Characters `read` appends as they are.
    private static func isPlain(_ unit: UInt16, special: Bool) -> Bool {
        switch unit {
        case 0x28: !special
        case 0..<0x20, 0x7F...0x9F, 0xF000...0xF0FF: false
        default: true
        }
    }

    private mutating func read(_ unit: UInt16, at cp: Int, properties: DOCCharacterProperties, format: DOCTextFormat, isShown: Bool) {
        switch unit {
        case 0x13:
            beginField()
            return
        case 0x14:
            separateField()
            return
        case 0x15:
            endField()
            return
        default:
            break
        }
        if fields.contains(where: { !$0.showsResult }) {
            // Instruction text: kept for the innermost field reading it.
            if let index = fields.lastIndex(where: { !$0.showsResult }), fields[index].instruction.count < Self.maxInstructionLength {
                // Object anchors and other marks inside an instruction are not words.
                fields[index].instruction.append(unit < 0x20 ? 0x20 : unit)
            }
            return
        }
        guard isShown else { return }
        if nextNoteMark < noteMarks.count, let label = noteMark(at: cp) {
            flush()
            pieces.append(.noteReference(label))
            return
        }
        switch unit {
        case 0x0B:
            flush()
            pieces.append(.lineBreak)
        case 0x09:
            append(0x09, format: format)
        case 0x1E:
            append(0x2D, format: format)
        case 0x28 where properties.special:
            if let symbol = properties.symbol { appendSymbol(symbol.character, font: symbol.font, format: format) }
        case 0xF000...0xF0FF:
            appendSymbol(unit, font: properties.font, format: format)
        case 0..<0x20, 0x7F...0x9F:
            // Object anchors, note and comment marks without a note, page
            // breaks and other controls show nothing.
            break
        default:
            append(unit, format: format)
        }
    }

    /// The label of the note mark at `cp`; positions are asked in
    /// increasing order within a paragraph.
    private mutating func noteMark(at cp: Int) -> String? {
        while nextNoteMark < noteMarks.count, noteMarks[nextNoteMark].cp < cp { nextNoteMark += 1 }
        guard nextNoteMark < noteMarks.count, noteMarks[nextNoteMark].cp == cp else { return nil }
        return noteMarks[nextNoteMark].label
    }

    private func firstNoteMark(atOrAfter cp: Int) -> Int {
        var low = 0
        var high = noteMarks.count
        while low < high {
            let middle = (low + high) / 2
            if noteMarks[middle].cp < cp { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A symbol-font character as the Unicode character it looks like;
    /// one that cannot be told is dropped rather than shown as a box.
    private mutating func appendSymbol(_ unit: UInt16, font: Int, format: DOCTextFormat) {
        guard unit >= 0x20 else { return }
        if unit < 0xF000 || unit > 0xF0FF {
            append(unit, format: format)
        } else if let scalar = DOCSymbolFont.character(UInt8(unit & 0xFF), font: document.fontName(font)) {
            append(UInt16(scalar.value), format: format)
        }
    }

    private mutating func append(_ unit: UInt16, format: DOCTextFormat) {
        if format != bufferFormat { flush() }
        bufferFormat = format
        buffer.append(unit)
    }

    private mutating func append(_ units: ArraySlice<UInt16>, format: DOCTextFormat) {
        if format != bufferFormat { flush() }
        bufferFormat = format
        buffer.append(contentsOf: units)
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        pieces.append(.text(UTF16Text.string(buffer), bufferFormat))
        buffer.removeAll(keepingCapacity: true)
    }

    // MARK: - Fields

    private mutating func beginField() {
        flush()
        guard fields.count < Self.maxFieldDepth else {
            ignoredFieldDepth += 1
            return
        }
        fields.append(Field())
    }

    private mutating func separateField() {
        guard ignoredFieldDepth == 0, let index = fields.indices.last, !fields[index].showsResult else { return }
        flush()
        fields[index].showsResult = true
        if Self.mayBeHyperlink(fields[index].instruction),
            let target = WordFieldInstruction.hyperlinkTarget(UTF16Text.string(fields[index].instruction)), !target.isEmpty
        {
            fields[index].linkTarget = target
            fields[index].linkStart = pieces.count
        }
        fields[index].instruction = []
    }

    private mutating func endField() {
        if ignoredFieldDepth > 0 {
            ignoredFieldDepth -= 1
            return
        }
        guard let index = fields.indices.last else { return }
        flush()
        if fields[index].linkTarget != nil { wrapLink(index) }
        let field = fields.removeLast()
        // A field without a result shows nothing, except the text an EQ
        // field lays out (phonetic guides above their base text).
        if !field.showsResult, !fields.contains(where: { !$0.showsResult }),
            let shown = DOCEquationField.baseText(UTF16Text.string(field.instruction))
        {
            pieces.append(.text(shown, DOCTextFormat()))
        }
    }

    /// False when the instruction's first word cannot be HYPERLINK: it
    /// starts with an ASCII character other than `h` or a quote. Most
    /// fields (page numbers, tables of contents, equations) are told
    /// apart without splitting their instruction into words.
    private static func mayBeHyperlink(_ instruction: [UInt16]) -> Bool {
        guard let first = instruction.first(where: { !(0x09...0x0D).contains($0) && $0 != 0x20 }) else { return false }
        return first >= 0x80 || first == 0x22 || first == 0x48 || first == 0x68
    }

    /// Replaces the pieces since the link field's start by one link.
    private mutating func wrapLink(_ index: Int) {
        guard let target = fields[index].linkTarget else { return }
        flush()
        let start = min(fields[index].linkStart, pieces.count)
        let content = Array(pieces[start...])
        pieces.removeSubrange(start...)
        if !content.isEmpty { pieces.append(.link(target, content)) }
        fields[index].linkStart = pieces.count
    }
}
