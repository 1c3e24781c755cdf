/// A Word binary file opened for reading: its header, its text as UTF-16
/// indexed by character position, and the tables that format it.
struct DOCDocument {
    let fib: DOCFileInformationBlock
    let stream: [UInt8]
    let table: [UInt8]
    let pieces: DOCPieceTable
    /// One UTF-16 code unit per character position.
    let text: [UInt16]
    let paragraphRuns: DOCPropertyRuns
    let characterRuns: DOCPropertyRuns
    let styles: DOCStyleSheet
    let lists: DOCListTables
    /// Where each font's name lies in `table`, by font index: names are
    /// decoded only for the symbol fonts text asks about.
    private let fontNameRanges: [Range<Int>]

    var version: DOCFileInformationBlock.Version { fib.version }

    init(file: CompoundFile, input: ConversionInput) throws(ConversionError) {
        guard let wordEntry = file.entry(named: "WordDocument"), wordEntry.kind == .stream else {
            throw .missingPart("WordDocument")
        }
        let stream = try file.read(wordEntry)
        let fib = try DOCFileInformationBlock(stream)
        let table: [UInt8]
        if fib.version == .word6 {
            table = stream
        } else {
            let name = fib.usesTable1 ? "1Table" : "0Table"
            guard let entry = file.entry(named: name), entry.kind == .stream else { throw .missingPart(name) }
            table = try file.read(entry)
        }
        let pieces = try Self.pieceTable(fib: fib, stream: stream, table: table)
        let count = try Self.characterCount(fib: fib, pieces: pieces, stream: stream, input: input)
        let eightBit = fib.version == .word6
            ? DOCEightBitText.forLanguage(fib.languageID)
            : DOCEightBitText.forWord97(languageID: fib.languageID, sample: pieces.eightBitSample(stream: stream))
        self.fib = fib
        self.stream = stream
        self.table = table
        self.pieces = pieces
        text = try pieces.text(count: count, stream: stream, eightBit: eightBit, deadline: input.deadline)
        paragraphRuns = try DOCPropertyRuns(kind: .paragraph, location: fib.location(.paragraphBins), table: table, stream: stream, fib: fib)
        characterRuns = try DOCPropertyRuns(kind: .character, location: fib.location(.characterBins), table: table, stream: stream, fib: fib)
        styles = DOCStyleSheet(table: table, location: fib.location(.styleSheet), version: fib.version)
        fontNameRanges = fib.version == .word97 ? Self.fontNameRanges(table: table, location: fib.location(.fontTable)) : []
        lists = fib.version == .word97
            ? DOCListTables(table: table, definitions: fib.location(.listDefinitions), overrides: fib.location(.listOverrides))
            : DOCListTables()
    }

    /// Word 97+ always has a piece table, except in minimal files whose FIB
    /// stops before it: their text lies from fcMin on, as in a Word 6/95
    /// file that was not fast-saved.
    private static func pieceTable(fib: DOCFileInformationBlock, stream: [UInt8], table: [UInt8]) throws(ConversionError) -> DOCPieceTable {
        let location = fib.location(.pieceTable)
        let hasTable = !location.isEmpty && location.offset <= table.count && location.length <= table.count - location.offset
        if fib.version == .word6, !fib.isComplex || !hasTable {
            return DOCPieceTable(contiguousFrom: fib.textStart, length: fib.lengths.total)
        }
        if !hasTable, fib.textStart > 0, fib.textStart < stream.count, fib.lengths.total > 0 {
            return DOCPieceTable(contiguousFrom: fib.textStart, length: fib.lengths.total)
        }
        guard hasTable else { throw .malformed("Word document has no readable piece table") }
        return try DOCPieceTable(clx: table[location.offset..<(location.offset + location.length)], version: fib.version)
    }

    /// The number of CPs to decode: the header's story lengths, cut to what
    /// the pieces actually store, within the output limits.
    private static func characterCount(
        fib: DOCFileInformationBlock, pieces: DOCPieceTable, stream: [UInt8], input: ConversionInput
    ) throws(ConversionError) -> Int {
        var stored = 0
        for piece in pieces.pieces where piece.byteOffset >= 0 && piece.byteOffset < stream.count {
            let available = (stream.count - piece.byteOffset) / (piece.isEightBit ? 1 : 2)
            stored = max(stored, min(piece.endCP, piece.startCP + available))
        }
        // The last paragraph mark of the last story is counted separately.
        let count = min(fib.lengths.total + 1, stored)
        let limits = input.limits
        let allowed = min(limits.maxOutputBytes, max(limits.outputRatioGraceBytes, input.bytes.count.multipliedReportingOverflow(by: limits.maxOutputRatio).partialValue))
        guard count <= allowed else {
            throw .resourceLimit("Word document declares \(count) characters, more than the \(allowed) the limits allow")
        }
        return count
    }

    /// `SttbfFfn`: a count, then FFNs (a size byte, 39 bytes of font
    /// metrics, a NUL-terminated UTF-16 name). Each range runs from the
    /// name to the end of its FFN.
    private static func fontNameRanges(table: [UInt8], location: DOCFileInformationBlock.Location) -> [Range<Int>] {
        guard !location.isEmpty, location.offset <= table.count, location.length <= table.count - location.offset,
            let count = LittleEndian.uint16(table, at: location.offset)
        else { return [] }
        let end = location.offset + location.length
        var offset = location.offset + 4
        var ranges: [Range<Int>] = []
        for _ in 0..<Int(count) {
            guard offset < end else { break }
            let size = Int(table[offset])
            let nameStart = offset + 1 + 39
            let stop = min(offset + 1 + size, end)
            ranges.append(nameStart..<max(nameStart, stop))
            offset += 1 + size
        }
        return ranges
    }

    func fontName(_ index: Int) -> String? {
        guard index >= 0 && index < fontNameRanges.count else { return nil }
        let range = fontNameRanges[index]
        var units: [UInt16] = []
        var at = range.lowerBound
        while at + 2 <= range.upperBound, let unit = LittleEndian.uint16(table, at: at), unit != 0 {
            units.append(unit)
            at += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    // MARK: - Formatting lookups

    /// The paragraph whose mark is at `cp`: its style's properties with its
    /// own sprms (and those of its piece) applied, and whether it set its
    /// outline level itself.
    func paragraphProperties(markAt cp: Int) -> (DOCParagraphProperties, directOutlineLevel: Int?) {
        guard let fc = pieces.fileOffset(ofCP: cp), let run = paragraphRuns.run(containing: fc) else {
            return (styles.paragraphProperties(style: DOCStyleSheet.normalStyle), nil)
        }
        var properties = styles.paragraphProperties(style: run.style)
        var sprms = DOCSprm.list(run.sprms, version: version)
        if let index = pieces.pieceIndex(containing: cp), let modifier = pieces.modifierSprms(of: pieces.pieces[index]) {
            sprms += DOCSprm.list(modifier, version: version)
        }
        properties.apply(sprms)
        properties.style = run.style
        let direct = sprms.last { $0.opcode == DOCSprm.outlineLevel }.map { Int($0.byte) }
        return (properties, direct)
    }

    /// The formatting of the character at `cp` in a paragraph of
    /// `paragraphStyle`, with the range of CPs it also covers.
    func characterProperties(at cp: Int, paragraphStyle: Int) -> (DOCCharacterProperties, end: Int) {
        let base = styles.characterProperties(paragraphStyle: paragraphStyle)
        guard let pieceIndex = pieces.pieceIndex(containing: cp) else { return (base, cp + 1) }
        let piece = pieces.pieces[pieceIndex]
        let width = piece.isEightBit ? 1 : 2
        let fc = piece.byteOffset + (cp - piece.startCP) * width
        var end = piece.endCP
        var sprms: [DOCSprm] = []
        if let run = characterRuns.run(containing: fc) {
            sprms = DOCSprm.list(run.sprms, version: version)
            let runEnd = piece.startCP + (run.endFC - piece.byteOffset + width - 1) / width
            end = min(end, max(runEnd, cp + 1))
        } else if let next = characterRuns.nextStart(after: fc) {
            end = min(end, max(cp + 1, piece.startCP + (next - piece.byteOffset) / width))
        }
        if let modifier = pieces.modifierSprms(of: piece) { sprms += DOCSprm.list(modifier, version: version) }
        var styleBase = base
        if let characterStyle = sprms.last(where: { $0.opcode == DOCSprm.characterStyle }) {
            styleBase = styles.applyingCharacterStyle(characterStyle.word, to: base)
        }
        var properties = styleBase
        properties.apply(sprms, style: styleBase)
        return (properties, end)
    }
}
