/// Reads RTF bytes into the shared model in one pass over the tokens.
///
/// Groups never recurse: their states live on an explicit stack bounded
/// by `Limits.maxNestingDepth`, and groups deeper than that are read as
/// part of the deepest one allowed.
final class RTFReader {
    struct Field {
        var instruction = ""
        var resultStart: (story: Int, serial: Int, index: Int)?
    }

    struct DateParts {
        var year = 0, month = 0, day = 0, hour: Int?, minute = 0, second = 0
    }

    let bytes: [UInt8]
    let options: ConversionOptions
    let deadline: Deadline
    @exclusivity(unchecked)
    var tokenizer: RTFTokenizer
    @exclusivity(unchecked)
    var state = RTFGroupState()
    @exclusivity(unchecked)
    var stack: [RTFGroupState] = []
    /// Groups opened past the depth limit, read as their parent.
    @exclusivity(unchecked)
    var overflowDepth = 0
    let decoder = RTFTextDecoder()
    @exclusivity(unchecked)
    var tables = RTFDocumentTables()
    @exclusivity(unchecked)
    var metadata: Metadata
    @exclusivity(unchecked)
    var stories: [RTFStory] = [RTFStory()]
    @exclusivity(unchecked)
    var footnotes: [FootnoteDefinition] = []
    @exclusivity(unchecked)
    var fields: [Field] = []
    @exclusivity(unchecked)
    var documentCodePage = 1252
    @exclusivity(unchecked)
    var defaultFont: Int?
    @exclusivity(unchecked)
    var cellCount = 0

    // Unicode escapes.
    /// Whether the document sets `\uc` anywhere yet.
    @exclusivity(unchecked)
    var declaresUnicodeSkip = false
    @exclusivity(unchecked)
    var skipRemaining = 0
    /// When the skip count was only implied, a letter after a punctuation
    /// escape is text, not fallback (writers that forget `\uc0`).
    @exclusivity(unchecked)
    var lenientSkip = false
    @exclusivity(unchecked)
    var highSurrogate: UInt32?

    // Destination buffers.
    @exclusivity(unchecked)
    var listText: String?
    @exclusivity(unchecked)
    var infoText = ""
    @exclusivity(unchecked)
    var date = DateParts()
    @exclusivity(unchecked)
    var legacy = RTFLegacyNumbering()
    @exclusivity(unchecked)
    var shapeName = ""
    @exclusivity(unchecked)
    var shapeValue = ""
    @exclusivity(unchecked)
    var pictureDescription: String?
    @exclusivity(unchecked)
    var bookmarkName = ""
    @exclusivity(unchecked)
    var footnoteCount = 0
    @exclusivity(unchecked)
    var commentCount = 0
    @exclusivity(unchecked)
    var annotationAuthor = ""
    /// The `\mmath` zone being read.
    @exclusivity(unchecked)
    var math: RTFMathBuilder?

    // List numbering as the reader sees it.
    @exclusivity(unchecked)
    var listCounters: [Int: [Int?]] = [:]
    @exclusivity(unchecked)
    var legacyCounters: [Int?] = Array(repeating: nil, count: 9)

    init(input: ConversionInput) {
        bytes = input.bytes
        options = input.options
        deadline = input.deadline
        tokenizer = RTFTokenizer(bytes: input.bytes)
        metadata = Metadata(sourceFormat: input.format)
    }

    var story: RTFStory { stories[stories.count - 1] }

    func read() throws(ConversionError) -> Document {
        var count = 0
        loop: while true {
            count &+= 1
            if count & 0xFFF == 0 { try deadline.check() }
            switch tokenizer.next() {
            case .end:
                break loop
            case .groupStart:
                flushText()
                skipRemaining = 0
                if stack.count >= options.limits.maxNestingDepth {
                    overflowDepth += 1
                } else {
                    let parentEnd = state.onEnd
                    stack.append(state)
                    state = state.child
                    if state.destination == .styleSheet, parentEnd != .styleEntry { state.onEnd = .styleEntry }
                }
            case .groupEnd:
                flushText()
                skipRemaining = 0
                if overflowDepth > 0 {
                    overflowDepth -= 1
                } else if let parent = stack.popLast() {
                    let ended = state
                    state = parent
                    if let end = ended.onEnd { try endGroup(end) }
                }
            case .controlWord(let name, let parameter):
                if skipRemaining > 0 {
                    skipRemaining -= 1
                    continue
                }
                flushText()
                try controlWord(name, parameter)
            case .controlSymbol(let symbol):
                if skipRemaining > 0 {
                    skipRemaining -= 1
                    continue
                }
                flushText()
                controlSymbol(symbol)
            case .hexByte(let byte):
                if skipRemaining > 0 {
                    skipRemaining -= 1
                    continue
                }
                highSurrogate = nil
                guard state.destination.collectsText else { continue }
                if let earlier = decoder.append(byte, codePage: codePage) { deliver(earlier) }
            case .text(var range):
                if skipRemaining > 0 {
                    if lenientSkip, Self.isASCIILetterOrDigit(bytes[range.lowerBound]) {
                        skipRemaining = 0
                    } else {
                        let skipped = min(skipRemaining, range.count)
                        skipRemaining -= skipped
                        range = (range.lowerBound + skipped)..<range.upperBound
                    }
                }
                guard !range.isEmpty else { continue }
                highSurrogate = nil
                guard state.destination.collectsText else { continue }
                appendText(range)
            }
        }
        flushText()
        return try finish()
    }

    /// The code page `\'hh` bytes are read in: the current font's, else
    /// the document's.
    var codePage: Int {
        if let font = state.font, let page = tables.fontCodePages[font] { return page }
        return documentCodePage
    }

    private func appendText(_ range: Range<Int>) {
        var slice = bytes[range]
        if slice.contains(where: { $0 < 0x20 && $0 != 0x09 }) {
            slice = ArraySlice(slice.filter { $0 >= 0x20 || $0 == 0x09 })
        }
        if let earlier = decoder.append(slice, codePage: codePage) { deliver(earlier) }
    }

    func flushText() {
        if let text = decoder.flush() { deliver(text) }
    }

    /// Sends decoded text to the current destination.
    func deliver(_ text: String) {
        switch state.destination {
        case .body:
            guard !state.format.hidden else { return }
            story.appendText(state.allCaps ? text.uppercased() : text, format: state.format, paragraph: state.paragraph)
        case .styleSheet:
            tables.style.name += text
        case .infoText:
            infoText += text
        case .listText:
            listText = (listText ?? "") + text
        case .fieldInstruction:
            if !fields.isEmpty { fields[fields.count - 1].instruction += text }
        case .shapeName:
            shapeName += text
        case .shapeValue:
            shapeValue += text
        case .bookmark:
            bookmarkName += text
        case .annotationAuthor:
            annotationAuthor += text
        case .math:
            math?.appendText(text)
        default:
            break
        }
    }

    /// `\uN`: a UTF-16 code unit, signed; surrogate halves are paired.
    func unicode(_ parameter: Int?) {
        guard var value = parameter else { return }
        if value < 0 { value += 65536 }
        skipRemaining = state.unicodeSkip
        lenientSkip = false
        guard (0...0xFFFF).contains(value) else { return }
        let unit = UInt32(value)
        switch unit {
        case 0xD800..<0xDC00:
            highSurrogate = unit
        case 0xDC00..<0xE000:
            defer { highSurrogate = nil }
            guard let high = highSurrogate,
                  let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)) else { return }
            deliver(String(Character(scalar)))
        default:
            highSurrogate = nil
            guard let scalar = Unicode.Scalar(unit), unit >= 0x20 || unit == 0x09 else { return }
            lenientSkip = !declaresUnicodeSkip && !scalar.properties.isAlphabetic
            deliver(String(Character(scalar)))
        }
    }

    static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    // MARK: - Finishing

    private func finish() throws(ConversionError) -> Document {
        while stories.count > 1 { try endFootnote() }
        if story.hasContent { try endParagraph() }
        try closeTable(in: story)
        let blocks = FlowGrouper.group(story.items)
        return Document(metadata: metadata, blocks: blocks, footnotes: footnotes)
    }

    func endFootnote() throws(ConversionError) {
        guard stories.count > 1 else { return }
        if story.hasContent { try endParagraph() }
        try closeTable(in: story)
        let note = stories.removeLast()
        var blocks = FlowGrouper.group(note.items)
        if let author = note.author {
            // Comments name their author, as in Word documents.
            let name = Inline.strong([.text(author + ":")])
            if case .paragraph(let content)? = blocks.first {
                blocks[0] = .paragraph([name, .text(" ")] + content)
            } else {
                blocks.insert(.paragraph([name]), at: 0)
            }
        }
        footnotes.append(FootnoteDefinition(label: note.label ?? "\(footnotes.count + 1)", blocks: blocks))
    }

    func closeTable(in story: RTFStory) throws(ConversionError) {
        guard story.table.isOpen else { return }
        if let table = story.table.finish() { story.items.append(.block(.table(table))) }
    }
}
