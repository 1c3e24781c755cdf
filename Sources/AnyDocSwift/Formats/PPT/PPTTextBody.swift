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
        var paragraphRuns = RunCursor(lengths: style.paragraphs.map(\.length))
        var characterRuns = RunCursor(lengths: style.characters.map(\.length))
        var linkCursor = LinkCursor(links: links)
        var fields = FieldCursor(positions: fieldPositions)
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
            let pieces = self.pieces(start..<end, characterRuns: &characterRuns, links: &linkCursor, fields: &fields)
            result.append(DrawingParagraph(content: InlineTrimming.trimmed(Self.linking(pieces)), level: level, bullet: bullet))
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
    var plainLine: String { DrawingText.plainLine(paragraphs()) }

    // MARK: - Runs to inlines

    private struct Piece {
        var inline: Inline
        var link: String?
        /// Set for text, which merges with a neighbour formatted alike.
        var format: PPTCharacterFormat?
    }

    /// The pieces of one paragraph. The text is walked in stretches over
    /// which the character run and the link stay the same, so each
    /// character costs only its own test and decoding.
    private func pieces(
        _ range: Range<Int>, characterRuns: inout RunCursor, links: inout LinkCursor, fields: inout FieldCursor
    ) -> [Piece] {
        var pieces: [Piece] = []
        // The text piece being gathered, as UTF-8, with what it shares.
        var text: [UInt8] = []
        text.reserveCapacity(range.count)
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
        return pieces
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
        LinkedRuns.inlines(pieces, link: \.link, inline: formatted)
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

/// Finds which run covers a position, for positions asked in increasing
/// order: each run is passed once.
private struct RunCursor {
    let lengths: [Int]
    private var run = 0
    private var runStart = 0

    init(lengths: [Int]) {
        self.lengths = lengths
    }

    mutating func index(at position: Int) -> Int? {
        while run < lengths.count, runStart + lengths[run] <= position {
            runStart += lengths[run]
            run += 1
        }
        return run < lengths.count ? run : nil
    }

    /// Where the run found last ends: `index(at:)` gives the same answer
    /// for every position before it.
    var end: Int { run < lengths.count ? runStart + lengths[run] : .max }
}

/// Finds the link over a position, for positions asked in increasing
/// order: links sorted by start, each passed once. Where links overlap,
/// the one starting last wins.
private struct LinkCursor {
    private let links: [PPTTextLink]
    private var next = 0
    private var current: PPTTextLink?

    init(links: [PPTTextLink]) {
        self.links = links.sorted { $0.range.lowerBound < $1.range.lowerBound }
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
