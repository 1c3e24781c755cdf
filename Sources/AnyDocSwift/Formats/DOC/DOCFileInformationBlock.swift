/// The File Information Block at the start of the `WordDocument` stream:
/// which Word wrote the file, how long each part of the text is, and
/// where the tables describing it live.
///
/// Word 97 and later (nFib ≥ 0x00C1) keep the tables in `0Table` or
/// `1Table`; Word 6 and Word 95 (nFib 101–105) use a fixed layout and keep
/// everything in the `WordDocument` stream itself.
struct DOCFileInformationBlock {
    enum Version {
        /// Word 6.0 and Word 95: 8-bit text, one-byte sprm codes.
        case word6
        /// Word 97 to 2003 and the binary files later versions write.
        case word97
    }

    /// A structure in the table stream, by offset and length.
    struct Location {
        let offset: Int
        let length: Int
        var isEmpty: Bool { length <= 0 }
    }

    /// The structures the converter reads.
    enum Structure: CaseIterable {
        case styleSheet, footnoteReferences, footnoteTexts, commentReferences, commentTexts
        case characterBins, paragraphBins, fontTable, pieceTable, commentAuthors
        case endnoteReferences, endnoteTexts, listDefinitions, listOverrides
    }

    /// Lengths in characters of the text ranges, which follow one
    /// another in this order in the document's character positions.
    struct StoryLengths {
        var main = 0
        var footnotes = 0
        var headers = 0
        var macros = 0
        var comments = 0
        var endnotes = 0
        var textBoxes = 0
        var headerTextBoxes = 0

        var total: Int { main + footnotes + headers + macros + comments + endnotes + textBoxes + headerTextBoxes }
    }

    let version: Version
    let nFib: Int
    /// `fWhichTblStm`: the tables are in `1Table` rather than `0Table`.
    let usesTable1: Bool
    /// `fComplex`: the text is described by a piece table (Word 6/95; Word
    /// 97 and later always have one).
    let isComplex: Bool
    /// The language of the document, which decides the code page of 8-bit
    /// Word 6/95 text.
    let languageID: Int
    /// fcMin: where the text of a file without a piece table begins.
    let textStart: Int
    let lengths: StoryLengths
    private let locations: [Structure: Location]
    /// Word 6/95: how many bin table pages the FKP tables really have and
    /// where the first one is (the PLC may list fewer).
    let word6CharacterPages: (first: Int, count: Int)
    let word6ParagraphPages: (first: Int, count: Int)

    func location(_ structure: Structure) -> Location {
        locations[structure] ?? Location(offset: 0, length: 0)
    }

    init(_ stream: [UInt8]) throws(ConversionError) {
        guard let ident = LittleEndian.uint16(stream, at: 0), let nFib = LittleEndian.uint16(stream, at: 2),
            let flags = LittleEndian.uint16(stream, at: 0x0A)
        else { throw .malformed("Word document stream is too short for its header") }
        guard ident == 0xA5EC || ident == 0xA5DC else {
            throw .unsupported("Word document stream has an unknown signature 0x\(String(ident, radix: 16))")
        }
        // Past its first 68 bytes an encrypted header is ciphertext too: stop here.
        guard flags & 0x0100 == 0 else { throw .encrypted("the Word document is encrypted or password protected") }
        self.nFib = Int(nFib)
        usesTable1 = flags & 0x0200 != 0
        isComplex = flags & 0x0004 != 0
        languageID = Int(LittleEndian.uint16(stream, at: 0x06) ?? 0)
        switch nFib {
        case 101...105:
            version = .word6
            (textStart, lengths, locations) = try Self.readWord6(stream)
            word6CharacterPages = (Int(LittleEndian.uint16(stream, at: 0x18A) ?? 0), Int(LittleEndian.uint16(stream, at: 0x18E) ?? 0))
            word6ParagraphPages = (Int(LittleEndian.uint16(stream, at: 0x18C) ?? 0), Int(LittleEndian.uint16(stream, at: 0x190) ?? 0))
        case 0..<101:
            throw .unsupported("Word documents older than Word 6 (nFib \(nFib)) are not supported")
        default:
            version = .word97
            (lengths, locations) = try Self.readWord97(stream)
            // fcMin: where the text starts when there is no piece table.
            textStart = Int(LittleEndian.uint32(stream, at: 0x18) ?? 0)
            word6CharacterPages = (0, 0)
            word6ParagraphPages = (0, 0)
        }
    }

    /// Word 97+: FibBase (32 bytes), then three counted arrays: 16-bit
    /// words, 32-bit longs (the text lengths) and offset/length pairs.
    /// The counts are the FIB's own (MS-DOC): minimal writers carry fewer
    /// than Word does, and what is missing, or past the stream's end,
    /// reads as zero, an empty structure. Without `ccpText` the main text
    /// runs from fcMin to fcMac.
    private static func readWord97(_ stream: [UInt8]) throws(ConversionError) -> (StoryLengths, [Structure: Location]) {
        var offset = 32
        let wordCount = Int(LittleEndian.uint16(stream, at: offset) ?? 0)
        offset += 2 + 2 * wordCount
        let longCount = Int(LittleEndian.uint16(stream, at: offset) ?? 0)
        let longs = offset + 2
        offset = longs + 4 * longCount
        let pairCount = Int(LittleEndian.uint16(stream, at: offset) ?? 0)
        let pairs = offset + 2
        func long(_ index: Int) -> Int {
            guard index < longCount else { return 0 }
            return Int(Int32(bitPattern: LittleEndian.uint32(stream, at: longs + 4 * index) ?? 0))
        }
        var lengths = StoryLengths()
        lengths.main = long(3)
        lengths.footnotes = long(4)
        lengths.headers = long(5)
        lengths.comments = long(7)
        lengths.endnotes = long(8)
        lengths.textBoxes = long(9)
        lengths.headerTextBoxes = long(10)
        if longCount <= 3 {
            let fcMin = Int(LittleEndian.uint32(stream, at: 0x18) ?? 0)
            let fcMac = Int(LittleEndian.uint32(stream, at: 0x1C) ?? 0)
            lengths.main = max(0, fcMac - fcMin)
        }
        let indices: [Structure: Int] = [
            .styleSheet: 1, .footnoteReferences: 2, .footnoteTexts: 3, .commentReferences: 4, .commentTexts: 5,
            .characterBins: 12, .paragraphBins: 13, .fontTable: 15, .pieceTable: 33, .commentAuthors: 36,
            .endnoteReferences: 46, .endnoteTexts: 47, .listDefinitions: 73, .listOverrides: 74,
        ]
        var locations: [Structure: Location] = [:]
        for (structure, index) in indices where index < Int(pairCount) {
            locations[structure] = location(in: stream, at: pairs + 8 * index)
        }
        return (try checked(lengths), locations)
    }

    /// Word 6/95: a fixed layout.
    private static func readWord6(_ stream: [UInt8]) throws(ConversionError) -> (Int, StoryLengths, [Structure: Location]) {
        guard stream.count >= 0x192 else { throw .malformed("Word 6 header is cut short") }
        func long(_ offset: Int) -> Int { Int(Int32(bitPattern: LittleEndian.uint32(stream, at: offset) ?? 0)) }
        var lengths = StoryLengths()
        lengths.main = long(0x34)
        lengths.footnotes = long(0x38)
        lengths.headers = long(0x3C)
        lengths.macros = long(0x40)
        lengths.comments = long(0x44)
        lengths.endnotes = long(0x48)
        lengths.textBoxes = long(0x4C)
        lengths.headerTextBoxes = long(0x50)
        let offsets: [Structure: Int] = [
            .styleSheet: 0x60, .footnoteReferences: 0x68, .footnoteTexts: 0x70, .commentReferences: 0x78,
            .commentTexts: 0x80, .characterBins: 0xB8, .paragraphBins: 0xC0, .pieceTable: 0x160,
        ]
        var locations: [Structure: Location] = [:]
        for (structure, offset) in offsets {
            locations[structure] = location(in: stream, at: offset)
        }
        return (long(0x18), try checked(lengths), locations)
    }

    private static func location(in stream: [UInt8], at offset: Int) -> Location {
        let start = LittleEndian.uint32(stream, at: offset) ?? 0
        let length = LittleEndian.uint32(stream, at: offset + 4) ?? 0
        return Location(offset: Int(start), length: Int(length))
    }

    /// Negative lengths are damage; they would make every range below wrong.
    private static func checked(_ lengths: StoryLengths) throws(ConversionError) -> StoryLengths {
        let all = [lengths.main, lengths.footnotes, lengths.headers, lengths.macros, lengths.comments,
                   lengths.endnotes, lengths.textBoxes, lengths.headerTextBoxes]
        guard all.allSatisfy({ $0 >= 0 }) else { throw .malformed("Word header has a negative text length") }
        return lengths
    }
}
