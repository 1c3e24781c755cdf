/// One text of a slide, notes page or table cell as its atoms store it:
/// UTF-16 units with `\r` ending paragraphs and `\v` breaking lines, runs
/// of paragraph and character formatting, hyperlink ranges and the
/// positions of field characters.
struct PPTTextBody {
    /// The TextHeaderAtom's text type (see `PPTTextType`).
    var type: UInt32
    var units: [UInt16] = []
    var style = PPTTextStyle()
    var links: [PPTTextLink] = []
    /// Slide number, date, header and footer fields: each is a `*` in the
    /// text that the viewer replaces; nothing to show in Markdown. In
    /// the order the atoms give them (`paragraphs` sorts them).
    var fieldPositions: [Int] = []
    /// Start numbers of the shape's numbering entries (nil where an
    /// entry does not number), which character runs select.
    var autoNumbers: [Int?] = []

    init(type: UInt32) {
        self.type = type
    }

    /// The paragraphs, each with its outline level and bullet: the one
    /// the text sets, else `inherited`; a bulleted paragraph whose
    /// numbering entry numbers is numbered instead.
    func paragraphs(inherited: BulletStyle = .none) -> [DrawingParagraph] {
        var result: [DrawingParagraph] = []
        var paragraphRuns = RunCursor(runs: style.paragraphs)
        var characterRuns = RunCursor(runs: style.characters)
        var linkCursor = LinkCursor(links: links)
        var fields = FieldCursor(positions: fieldPositions)
        // One buffer gathers the UTF-8 of every piece of the text, and one
        // list the pieces of each paragraph in turn.
        var buffer: [UInt8] = []
        buffer.reserveCapacity(units.count)
        var pieces: [Piece] = []
        var start = 0
        while start <= units.count {
            var end = start
            while end < units.count, units[end] != 0x0D { end += 1 }
            var level = 0
            var bullet = inherited
            if let run = paragraphRuns.index(at: start) {
                level = style.paragraphs[run].level
                if let hasBullet = style.paragraphs[run].hasBullet { bullet = hasBullet ? .symbol : .none }
            }
            if bullet != .none, let run = characterRuns.index(at: start), let number = numberingStart(run: run) {
                bullet = .number(start: number)
            }
            self.pieces(
                start..<end, into: &pieces, characterRuns: &characterRuns, links: &linkCursor, fields: &fields,
                buffer: &buffer)
            Self.trim(&pieces)
            result.append(DrawingParagraph(content: Self.linking(pieces), level: level, bullet: bullet))
            start = end + 1
        }
        return result
    }

    /// The start number of the numbering entry a character run selects,
    /// when that entry numbers.
    private func numberingStart(run: Int) -> Int? {
        let index = style.characters[run].numberingIndex
        return autoNumbers.indices.contains(index) ? autoNumbers[index] : nil
    }

    /// The text on one line, as a title wants it.
    var plainLine: String {
        if fieldPositions.isEmpty, let line = Self.plainASCIILine(units) { return line }
        return DrawingText.plainLine(paragraphs())
    }

    /// What `DrawingText.plainLine` makes of the paragraphs of units that
    /// are all printable ASCII or paragraph ends (most titles): each
    /// paragraph without its edge spaces, the empty ones left out, the
    /// rest joined by spaces. Nil for any other unit.
    private static func plainASCIILine(_ units: [UInt16]) -> String? {
        var line: [UInt8] = []
        line.reserveCapacity(units.count)
        var start = 0
        while start <= units.count {
            var end = start
            while end < units.count, units[end] != 0x0D {
                guard units[end] >= 0x20, units[end] < 0x7F else { return nil }
                end += 1
            }
            var first = start
            var last = end
            while first < last, units[first] == 0x20 { first += 1 }
            while last > first, units[last - 1] == 0x20 { last -= 1 }
            if first < last {
                if !line.isEmpty { line.append(0x20) }
                for index in first..<last { line.append(UInt8(truncatingIfNeeded: units[index])) }
            }
            start = end + 1
        }
        return String(decoding: line, as: UTF8.self)
    }

    // MARK: - Runs to inlines

    private struct Piece {
        var inline: Inline
        var link: String?
        /// Set for text, which merges with a neighbour formatted alike.
        var format: PPTCharacterFormat?
    }

    /// The pieces of one paragraph, in place of what `pieces` held. The
    /// text is walked in stretches over which the character run and the
    /// link stay the same, so each character costs only its own test and
    /// decoding.
    private func pieces(
        _ range: Range<Int>, into pieces: inout [Piece], characterRuns: inout RunCursor<PPTTextStyle.CharacterRun>,
        links: inout LinkCursor, fields: inout FieldCursor, buffer text: inout [UInt8]
    ) {
        pieces.removeAll(keepingCapacity: true)
        // The text piece being gathered, as UTF-8, with what it shares.
        text.removeAll(keepingCapacity: true)
        var textFormat: PPTCharacterFormat?
        var textLink: String?
        func flush() {
            if let format = textFormat, !text.isEmpty {
                pieces.append(Piece(inline: .text(String(decoding: text, as: UTF8.self)), link: textLink, format: format))
            }
            text.removeAll(keepingCapacity: true)
            textFormat = nil
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let link = links.destination(at: index)
            let run = characterRuns.index(at: index)
            let format = run.map { style.characters[$0].format } ?? PPTCharacterFormat()
            let stretchEnd = min(range.upperBound, links.nextChange, characterRuns.end)
            // Whether the piece being gathered already has this stretch's format and link.
            var matches = textFormat == format && textLink == link
            repeat {
                if fields.contains(index) {
                    index += 1
                    continue
                }
                let unit = units[index]
                if unit == 0x0B || unit == 0x0A {
                    flush()
                    matches = false
                    pieces.append(Piece(inline: .lineBreak, link: link))
                    index += 1
                    continue
                }
                let scalar: Unicode.Scalar?
                if unit >= 0x20 && unit < 0x7F {
                    scalar = Unicode.Scalar(UInt8(truncatingIfNeeded: unit))
                    index += 1
                } else {
                    let (decoded, width) = PPTCharacters.scalar(in: units, at: index)
                    scalar = decoded
                    index += width
                }
                guard let scalar else { continue }
                if !matches {
                    flush()
                    textFormat = format
                    textLink = link
                    matches = true
                }
                PPTCharacters.appendUTF8(scalar, to: &text)
            } while index < stretchEnd
        }
        flush()
    }

    private static func formatted(_ piece: Piece) -> Inline {
        guard let format = piece.format else { return piece.inline }
        var inline = piece.inline
        if format.baseline != 0 { inline = format.baseline > 0 ? .superscript([inline]) : .subscript([inline]) }
        if format.italic { inline = .emphasis([inline]) }
        if format.bold { inline = .strong([inline]) }
        return inline
    }

    /// Pieces in a row that share a link become one link.
    private static func linking(_ pieces: [Piece]) -> [Inline] {
        LinkedRuns.inlines(pieces, link: { $0.link }, inline: formatted)
    }

    // MARK: - Blank edges

    /// Strips the paragraph's blank edges as `InlineTrimming.trimmed`
    /// does on the linked, formatted inlines, but on the pieces: each is a
    /// line break or one text, and formatting and links only wrap them,
    /// so dropping or trimming a piece is what the trim does inside its
    /// wrappers, without rebuilding them.
    private static func trim(_ pieces: inout [Piece]) {
        var first = 0
        while first < pieces.count {
            guard case .text(let text) = pieces[first].inline else {
                first += 1
                continue
            }
            guard InlineTrimming.edgeMayBeSpace(text, atStart: true) else { break }
            let kept = String(text.drop(while: InlineTrimming.isSpace))
            if kept.isEmpty {
                first += 1
                continue
            }
            pieces[first].inline = .text(kept)
            break
        }
        if first > 0 { pieces.removeFirst(first) }
        while let last = pieces.last {
            guard case .text(let text) = last.inline else {
                pieces.removeLast()
                continue
            }
            guard InlineTrimming.edgeMayBeSpace(text, atStart: false) else { break }
            let kept = InlineTrimming.droppingTrailingSpaces(text)
            if kept.isEmpty {
                pieces.removeLast()
                continue
            }
            pieces[pieces.count - 1].inline = .text(kept)
            break
        }
    }
}

/// A hyperlink over a range of a text's units.
struct PPTTextLink {
    var range: Range<Int>
    var destination: String
}

/// The TextHeaderAtom's text types (MS-PPT TextTypeEnum).
enum PPTTextType {
    static let title: UInt32 = 0
    static let body: UInt32 = 1
    static let notes: UInt32 = 2
    static let other: UInt32 = 4
    static let centerBody: UInt32 = 5
    static let centerTitle: UInt32 = 6
    static let halfBody: UInt32 = 7
    static let quarterBody: UInt32 = 8
}

/// A run of a StyleTextPropAtom: so many units formatted alike.
protocol PPTStyleRun {
    var length: Int { get }
}

extension PPTTextStyle.ParagraphRun: PPTStyleRun {}
extension PPTTextStyle.CharacterRun: PPTStyleRun {}

/// Finds which run covers a position, for positions asked in increasing
/// order: each run is passed once.
private struct RunCursor<Run: PPTStyleRun> {
    let runs: [Run]
    private var run = 0
    private var runStart = 0

    init(runs: [Run]) {
        self.runs = runs
    }

    mutating func index(at position: Int) -> Int? {
        while run < runs.count, runStart + runs[run].length <= position {
            runStart += runs[run].length
            run += 1
        }
        return run < runs.count ? run : nil
    }

    /// Where the run found last ends: `index(at:)` gives the same answer
    /// for every position before it.
    var end: Int { run < runs.count ? runStart + runs[run].length : .max }
}

/// Finds the link over a position, for positions asked in increasing
/// order: links sorted by start, each passed once. Where links overlap,
/// the one starting last wins.
private struct LinkCursor {
    private let links: [PPTTextLink]
    private var next = 0
    private var current: PPTTextLink?

    init(links: [PPTTextLink]) {
        self.links = links.count > 1 ? links.sorted { $0.range.lowerBound < $1.range.lowerBound } : links
    }

    mutating func destination(at position: Int) -> String? {
        while next < links.count, links[next].range.lowerBound <= position {
            if links[next].range.upperBound > position { current = links[next] }
            next += 1
        }
        if let link = current, link.range.upperBound <= position { current = nil }
        return current?.destination
    }

    /// The first position at which `destination(at:)` could answer
    /// otherwise than it did last: the next link's start or the current
    /// link's end. Positions before it leave the cursor as it is.
    var nextChange: Int {
        let nextStart = next < links.count ? links[next].range.lowerBound : .max
        return min(nextStart, current?.range.upperBound ?? .max)
    }
}

/// Tells whether a position holds a field character, for positions asked
/// in increasing order.
private struct FieldCursor {
    private let positions: [Int]
    private var next = 0

    init(positions: [Int]) {
        self.positions = positions.count > 1 ? positions.sorted() : positions
    }

    mutating func contains(_ position: Int) -> Bool {
        while next < positions.count, positions[next] < position { next += 1 }
        return next < positions.count && positions[next] == position
    }
}
