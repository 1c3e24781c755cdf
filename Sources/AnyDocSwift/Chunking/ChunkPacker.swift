/// Reads Markdown line by line and packs it into pieces no larger than a
/// budget, cutting at the best place the budget leaves: never across a
/// heading or page marker, else at a paragraph or list item, a line (a
/// table row, a line of code), a sentence, a word, and only as a last
/// resort inside a word. Pieces inside a table repeat its header rows.
///
/// It keeps only the text of the piece being packed, so its memory does
/// not grow with the document.
struct ChunkPacker {
    /// How good a place to cut the end of a segment is.
    enum Cut: Int, Comparable {
        case never = -1, anywhere = 0, word, sentence, line, paragraph
        static func < (lhs: Cut, rhs: Cut) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private struct Segment {
        var byteEnd: Int
        var scalarEnd: Int
        var size: ChunkSize
        var cut: Cut
        var fenceAfter: Chunk.CodeFence?
        var headerAfter: ArraySlice<UInt8>?
        var headerSizeAfter: ChunkSize
        /// Whether a piece cut after this segment ends inside an HTML table.
        var footerAfter: Bool
    }

    /// The size of the `</table>` a piece cut inside an HTML table ends with.
    static let footerSize = ChunkSize.of(ChunkLine.htmlTableFooter)

    /// What a cut at the current position costs on top of the text.
    private var footerCost: Int { htmlTable ? Self.footerSize.measure(unit) : 0 }

    let bytes: [UInt8]
    let unit: ChunkOptions.Unit
    let budget: Int
    let family: DocumentFormat.Family?
    let headingText: (ArraySlice<UInt8>) -> String
    private(set) var pieces: [ChunkPiece] = []

    // The section being read.
    private var section = 0
    private var headings: [(level: Int, text: String)] = []
    private var location: Provenance?
    // Block state where the text read so far ends.
    private var fence: Chunk.CodeFence?
    private var header: ArraySlice<UInt8>?
    private var headerSize = ChunkSize()
    private var tableFirstRow: Range<Int>?
    /// Inside a pipe table: a row is the next row, not a new table's first.
    private var inPipeTable = false
    /// Inside a list: an item may be nested deeper than an outer item.
    private var inList = false
    /// Inside an HTML table: a piece cut here needs `</table>` after it.
    private var htmlTable = false
    /// Where the HTML table's head starts, while its lines are read.
    private var htmlHead: Int?
    private var previousBlank = true
    // The piece being packed.
    private var start = (byte: 0, scalar: 0)
    private var startFence: Chunk.CodeFence?
    private var startHeader: ArraySlice<UInt8>?
    private var startHeaderSize = ChunkSize()
    private var pending: [Segment] = []
    /// Whether the piece being packed holds body text yet: until it does,
    /// headings and markers stay in it and a new section does not end it.
    private var pieceHasBody = false
    private var pieceProvenance: [Provenance] = []
    private var pendingSize = ChunkSize()
    private var position = (byte: 0, scalar: 0)

    init(bytes: [UInt8], unit: ChunkOptions.Unit, budget: Int, family: DocumentFormat.Family?,
         headingText: @escaping (ArraySlice<UInt8>) -> String) {
        self.bytes = bytes
        self.unit = unit
        self.budget = budget
        self.family = family
        self.headingText = headingText
    }

    /// Packs the whole text, reading what each line is from the Markdown.
    mutating func run() {
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            let range = lineStart..<min(lineEnd + 1, bytes.count)
            take(range, as: classify(range))
            lineStart = lineEnd + 1
        }
        finishPiece()
    }

    /// A line without its newline.
    func content(_ range: Range<Int>) -> ArraySlice<UInt8> {
        let full = bytes[range]
        return full.last == 0x0A ? full.dropLast() : full
    }

    /// What a line is, read from the Markdown and the state of the lines before it.
    func classify(_ range: Range<Int>) -> ChunkLine {
        let line = content(range)
        if let open = fence { return MarkdownLines.closesFence(line, open) ? .fenceClose : .code }
        if let opened = MarkdownLines.opensFence(line) { return .fenceOpen(opened) }
        if htmlTable, let role = HTMLTableLines.role(of: line, in: bytes, after: range.upperBound, head: htmlHead != nil) {
            return role
        }
        if let page = MarkdownLines.pageMarker(line) { return .pageMarker(page) }
        if let found = MarkdownLines.atxHeading(line) {
            let heading = (level: found.level, text: headingText(found.text))
            return .heading(level: heading.level, text: heading.text, location: headingLocation(heading))
        }
        if MarkdownLines.isBlank(line) { return .blank }
        if HTMLTableLines.opens(line) { return .htmlTableHead(last: !HTMLTableLines.headRowFollows(bytes, after: range.upperBound)) }
        if MarkdownLines.isTableRow(line) {
            if previousBlank || !inPipeTable { return .tableFirstRow }
            if tableFirstRow != nil, MarkdownLines.isDelimiterRow(line) { return .tableDelimiter }
            return .tableRow
        }
        if MarkdownLines.startsListItem(line) { return .listItem }
        // Items nested deeper than three spaces, inside a list.
        let indent = MarkdownLines.leadingSpaces(line)
        return inList && indent > 3 && MarkdownLines.startsListItem(line.dropFirst(indent)) ? .listItem : .text
    }

    /// Packs one line, told what it is.
    mutating func take(_ range: Range<Int>, as role: ChunkLine) {
        let line = content(range)
        if role == .listItem {
            inList = true
        } else if role != .blank, role != .text || MarkdownLines.leadingSpaces(line) == 0 {
            inList = false
        }
        switch role {
        case .code, .fenceClose:
            if role == .fenceClose { fence = nil }
            add(range, cut: fence == nil ? .paragraph : .line)
            if fence != nil, MarkdownLines.hasWords(line) { pieceHasBody = true }
            return
        case .fenceOpen(let opened):
            endTable()
            fence = opened
            add(range, cut: .line)
        case .pageMarker(let page):
            startSection(location: .page(page), heading: nil)
            endTable()
            add(range, cut: .paragraph)
        case .heading(let level, let text, let found):
            startSection(location: found ?? location, heading: (level, text))
            endTable()
            add(range, cut: .paragraph)
        case .blank:
            endTable()
            add(range, cut: .paragraph)
            previousBlank = true
            return
        default:
            takeBody(range, as: role)
            // After adding: a piece the line ended is not the one it is in.
            if MarkdownLines.hasWords(line) { pieceHasBody = true }
        }
        previousBlank = false
    }

    /// A line of a paragraph, list or table.
    private mutating func takeBody(_ range: Range<Int>, as role: ChunkLine) {
        switch role {
        case .tableFirstRow:
            endTable()
            inPipeTable = true
            tableFirstRow = range
            add(range, cut: .never)
        case .tableDelimiter:
            let candidate = (tableFirstRow ?? range).lowerBound..<range.upperBound
            tableFirstRow = nil
            repeatHeader(candidate)
            add(range, cut: .anywhere)
        case .tableRow:
            tableFirstRow = nil
            add(range, cut: .line)
        case .htmlTableHead(let last):
            if htmlHead == nil { endTable(); htmlTable = true; htmlHead = range.lowerBound }
            if last, let head = htmlHead {
                repeatHeader(head..<range.upperBound)
                // A head too large to repeat still opens each piece's table.
                if header == nil { repeatHeader(Self.tableOpening) }
                htmlHead = nil
            }
            add(range, cut: last ? .anywhere : .never)
        case .htmlTableRow:
            add(range, cut: .line)
        case .htmlTableEnd:
            endTable()
            add(range, cut: .line)
        case .listItem:
            endTable()
            if !pending.isEmpty, pending[pending.count - 1].cut < .paragraph { pending[pending.count - 1].cut = .paragraph }
            add(range, cut: .line)
        default:
            endTable()
            add(range, cut: .line)
        }
    }

    /// Makes `candidate` the header pieces of this table repeat, unless
    /// it is as large as half a chunk.
    private mutating func repeatHeader(_ candidate: Range<Int>) {
        repeatHeader(bytes[candidate])
    }

    private mutating func repeatHeader(_ candidate: ArraySlice<UInt8>) {
        let size = ChunkSize.of(candidate)
        if size.measure(unit) * 2 <= budget { (header, headerSize) = (candidate, size) }
    }

    static let tableOpening = ArraySlice("<table>".utf8)

    private mutating func endTable() {
        header = nil
        headerSize = ChunkSize()
        tableFirstRow = nil
        htmlTable = false
        htmlHead = nil
        inPipeTable = false
    }

    /// A heading or page marker: what is packed ends, a new section starts.
    private mutating func startSection(location newLocation: Provenance?, heading: (level: Int, text: String)?) {
        if pieceHasBody || pending.isEmpty || startHeader != nil {
            finishPiece()
            pieceProvenance = []
        }
        section += 1
        location = newLocation
        if let newLocation, !pieceProvenance.contains(newLocation) { pieceProvenance.append(newLocation) }
        if let heading {
            while let last = headings.last, last.level >= heading.level { headings.removeLast() }
            headings.append(heading)
        }
    }

    /// The sheet or slide a level-2 heading names, by the source's family.
    func headingLocation(_ heading: (level: Int, text: String)) -> Provenance? {
        guard heading.level == 2 else { return nil }
        switch family {
        case .presentation?:
            return Chunker.slideNumber(heading.text).map { .slide(number: $0.number, title: $0.title) }
        case .spreadsheet?:
            return .sheet(name: heading.text)
        case .wordprocessing?, .ebook?, .web?, .table?, .text?, .pdf?, .image?, nil:
            return nil
        }
    }

    // MARK: - Packing

    /// Adds a line: whole when it fits a chunk, else as sentences and words.
    private mutating func add(_ range: Range<Int>, cut: Cut) {
        let size = ChunkSize.of(bytes[range])
        var room = budget - headerSize.measure(unit) - footerCost
        // Headings with no text under them yet must not be cut off alone:
        // a line that does not fit after them goes in as sentences and words.
        if !pieceHasBody { room -= pendingSize.measure(unit) }
        if size.measure(unit) <= room {
            append(range.upperBound, size: size, cut: cut)
            return
        }
        var segmentStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            var end = index + 1
            while end < range.upperBound, bytes[end] & 0xC0 == 0x80 { end += 1 }
            var found: Cut?
            if byte == 0x20 || byte == UInt8(ascii: ">") {
                let previous = index > range.lowerBound ? bytes[index - 1] : 0
                found = byte == 0x20 && (previous == UInt8(ascii: ".") || previous == UInt8(ascii: "!") || previous == UInt8(ascii: "?")) ? .sentence : .word
            } else if end - index == 3, Self.isCJKSentenceEnd(bytes[index..<end]) {
                found = .sentence
            }
            if let found, end < range.upperBound {
                append(end, size: ChunkSize.of(bytes[segmentStart..<end]), cut: found)
                segmentStart = end
            }
            index = end
        }
        append(range.upperBound, size: ChunkSize.of(bytes[segmentStart..<range.upperBound]), cut: cut)
    }

    /// `。`, `！`, `？` and their halfwidth forms end a sentence with no space after.
    private static func isCJKSentenceEnd(_ scalar: ArraySlice<UInt8>) -> Bool {
        let value = Array(scalar)
        return value == [0xE3, 0x80, 0x82] || value == [0xEF, 0xBC, 0x81] || value == [0xEF, 0xBC, 0x9F]
            || value == [0xEF, 0xBD, 0xA1]
    }

    /// Adds the segment that ends at `end`, cutting pieces off the front of
    /// what is pending until it fits.
    private mutating func append(_ end: Int, size: ChunkSize, cut: Cut) {
        var segmentStart = position.byte
        var size = size
        while startHeaderSize.measure(unit) + (pendingSize + size).measure(unit) + footerCost > budget {
            if pending.isEmpty {
                // A word longer than a chunk: cut where the budget ends.
                let room = max(1, budget - startHeaderSize.measure(unit) - footerCost)
                let (cutEnd, cutSize) = prefix(of: segmentStart..<end, fitting: room)
                pushSegment(cutEnd, size: cutSize, cut: .anywhere)
                emit(upTo: 0)
                segmentStart = cutEnd
                size = size - cutSize
                continue
            }
            emit(upTo: bestCut())
        }
        pushSegment(end, size: size, cut: cut)
    }

    private mutating func pushSegment(_ end: Int, size: ChunkSize, cut: Cut) {
        position = (end, position.scalar + size.characters)
        pending.append(Segment(
            byteEnd: end, scalarEnd: position.scalar, size: size, cut: cut,
            fenceAfter: fence, headerAfter: header, headerSizeAfter: headerSize, footerAfter: htmlTable))
        pendingSize = pendingSize + size
    }

    /// The longest start of `range` (whole scalars) of at most `room`.
    private func prefix(of range: Range<Int>, fitting room: Int) -> (Int, ChunkSize) {
        var counter = ChunkSize.Counter()
        var index = range.lowerBound
        var last = (range.lowerBound, ChunkSize())
        while index < range.upperBound {
            var end = index + 1
            while end < range.upperBound, bytes[end] & 0xC0 == 0x80 { end += 1 }
            for byte in bytes[index..<end] { counter.add(byte) }
            if counter.size.measure(unit) > room { break }
            last = (end, counter.size)
            index = end
        }
        if last.0 == range.lowerBound {
            // Not even one scalar fits: take one anyway.
            var end = range.lowerBound + 1
            while end < range.upperBound, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return (end, ChunkSize.of(bytes[range.lowerBound..<end]))
        }
        return last
    }

    /// Where to end the piece: the best kind of cut in the second half of
    /// the budget (so pieces are not left small), else the best anywhere;
    /// the latest of equals.
    private func bestCut() -> Int {
        let headerMeasure = startHeaderSize.measure(unit)
        var running = ChunkSize()
        var late: (index: Int, cut: Cut)?
        var any: (index: Int, cut: Cut)?
        for (index, segment) in pending.enumerated() {
            running = running + segment.size
            let measure = headerMeasure + running.measure(unit)
            if measure > budget { break }
            if segment.footerAfter, measure + Self.footerSize.measure(unit) > budget { continue }
            if any == nil || segment.cut >= any!.cut { any = (index, segment.cut) }
            if measure * 2 >= budget, segment.cut >= .word, late == nil || segment.cut >= late!.cut { late = (index, segment.cut) }
        }
        return (late ?? any)?.index ?? 0
    }

    /// Ends the piece after `pending[index]`.
    private mutating func emit(upTo index: Int) {
        let last = pending[index]
        let size = pending[...index].reduce(ChunkSize()) { $0 + $1.size }
        appendPiece(end: (last.byteEnd, last.scalarEnd), size: size, footer: last.footerAfter)
        pending.removeFirst(index + 1)
        pendingSize = pendingSize - size
        start = (last.byteEnd, last.scalarEnd)
        pieceHasBody = !pending.isEmpty
        pieceProvenance = location.map { [$0] } ?? []
        startFence = last.fenceAfter
        (startHeader, startHeaderSize) = (last.headerAfter, last.headerSizeAfter)
    }

    /// Ends the piece with everything pending.
    mutating func finishPiece() {
        if !pending.isEmpty { emit(upTo: pending.count - 1) }
    }

    private mutating func appendPiece(end: (byte: Int, scalar: Int), size: ChunkSize, footer: Bool) {
        guard end.byte > start.byte else { return }
        let (hasBody, hasWords) = Self.content(of: bytes[start.byte..<end.byte], fence: startFence)
        pieces.append(ChunkPiece(
            bytes: start.byte..<end.byte, scalars: start.scalar..<end.scalar, size: size,
            header: startHeader, headerSize: startHeaderSize, footer: footer, fence: startFence, section: section,
            headings: headings.map(\.text), location: location,
            provenance: pieceProvenance.isEmpty ? (location.map { [$0] } ?? []) : pieceProvenance,
            hasBody: hasBody, hasWords: hasWords))
    }

    /// Whether the text has body lines with words, and words at all.
    static func content(of text: ArraySlice<UInt8>, fence: Chunk.CodeFence?) -> (body: Bool, words: Bool) {
        var fence = fence
        var words = false
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex(of: 0x0A) ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            if let open = fence {
                if MarkdownLines.closesFence(line, open) { fence = nil } else if MarkdownLines.hasWords(line) { return (true, true) }
                continue
            }
            if let opened = MarkdownLines.opensFence(line) { fence = opened; continue }
            guard MarkdownLines.hasWords(line) else { continue }
            if MarkdownLines.pageMarker(line) != nil { continue }
            if MarkdownLines.atxHeading(line) != nil { words = true; continue }
            return (true, true)
        }
        return (false, words)
    }
}
