/// Reads one worksheet substream of an XLS stream, from its BOF to its
/// EOF, into a `StoredSheet`: numbers (NUMBER, RK, MULRK, BIFF2 INTEGER),
/// strings (LABELSST, LABEL, RSTRING), booleans and errors (BOOLERR),
/// formulas' cached results (with the STRING record after a text
/// result) and merged ranges. Blank cells and everything else are passed
/// over; charts embedded in the sheet (a nested BOF ... EOF) are skipped.
struct XLSSheetReader {
    let stream: [UInt8]
    let workbook: XLSWorkbook
    let limits: Limits
    let deadline: Deadline

    /// What a sheet read found: nil when the offset holds no worksheet.
    struct Result {
        var sheet: StoredSheet
        /// True when the stream ended before the sheet's EOF.
        var isTruncated: Bool
    }

    func read(at offset: Int) throws(ConversionError) -> Result? {
        var walker = BIFFRecordWalker(stream, from: offset)
        guard let bof = walker.next(), bof.isBOF,
              BIFFVersion.substreamKind(of: bof, in: stream) == BIFFVersion.worksheet else { return nil }
        var sheet = StoredSheet(maxCells: limits.maxTableCells)
        let stringRecord = workbook.version == .biff2 ? BIFFRecord.string2 : BIFFRecord.string
        var pendingString: StoredCell?
        var nesting = 0
        var records = 0
        var ended = false
        while let record = walker.next() {
            records += 1
            if records & 0xFFF == 0 { try deadline.check() }
            if record.isBOF {
                nesting += 1
                continue
            }
            if record.type == BIFFRecord.eof {
                if nesting == 0 {
                    ended = true
                    break
                }
                nesting -= 1
                continue
            }
            guard nesting == 0 else { continue }
            switch record.type {
            case stringRecord:
                let continuations = walker.continuations()
                guard var cell = pendingString else { break }
                pendingString = nil
                if let text = formulaString(record, continuations: continuations) {
                    cell.value = .string(try workbook.strings.append(text))
                    try sheet.append(cell)
                }
            case BIFFRecord.mergedCells:
                try readMerges(record, into: &sheet)
            default:
                // Records that are no cells (shared formula definitions among
                // them) leave a formula's pending text result pending.
                let continuations = walker.continuations()
                guard let cells = try readCells(record, continuations: continuations) else { break }
                pendingString = nil
                switch cells {
                case .values(let values):
                    for cell in values { try sheet.append(cell) }
                case .stringResult(let cell):
                    pendingString = cell
                }
            }
        }
        sheet.finish()
        return Result(sheet: sheet, isTruncated: !ended)
    }

    private enum ReadCells {
        case values([StoredCell])
        /// A formula whose text result is in the STRING record that follows.
        case stringResult(StoredCell)
    }

    /// The cells of a cell record; nil for records that are no cells.
    private func readCells(_ record: BIFFRecord, continuations: [Range<Int>]) throws(ConversionError) -> ReadCells? {
        let data = record.data
        let start = data.lowerBound
        let isBIFF2 = workbook.version == .biff2
        // BIFF2 cells have three attribute bytes (the second naming the
        // format), later ones a 16-bit XF index.
        let valueOffset = isBIFF2 ? 7 : 6
        guard data.count >= valueOffset, let row = record.uint16(stream, at: 0), let column = record.uint16(stream, at: 2) else {
            return nil
        }
        let style = isBIFF2 ? UInt32(stream[start + 5] & 0x3F) : UInt32(record.uint16(stream, at: 4) ?? 0)
        func cell(_ content: StoredCell.Value) -> ReadCells {
            .values([StoredCell(value: content, row: UInt32(row), style: style, column: column)])
        }

        switch (record.type, isBIFF2) {
        case (BIFFRecord.number, false), (BIFFRecord.number2, true):
            return record.double(stream, at: valueOffset).map { cell(.number($0)) }
        case (BIFFRecord.integer2, true):
            return record.uint16(stream, at: valueOffset).map { cell(.number(Double($0))) }
        case (BIFFRecord.rk, false):
            return record.uint32(stream, at: valueOffset).map { cell(.number(RKNumber.value($0))) }
        case (BIFFRecord.mulRK, false):
            return .values(multipleRK(record, row: row, firstColumn: column))
        case (BIFFRecord.labelSST, false):
            guard workbook.version == .biff8, let index = record.uint32(stream, at: valueOffset),
                  Int(index) < workbook.sharedStringCount else { return nil }
            return cell(.string(Int(index)))
        case (BIFFRecord.label, false), (BIFFRecord.richString, false), (BIFFRecord.label2, true):
            guard let text = label(record, continuations: continuations) else { return nil }
            return cell(.string(try workbook.strings.append(text)))
        case (BIFFRecord.boolErr, false), (BIFFRecord.boolErr2, true):
            guard let content = record.uint8(stream, at: valueOffset), let isError = record.uint8(stream, at: valueOffset + 1) else {
                return nil
            }
            return isError != 0 ? cell(.error(content)) : cell(.boolean(content != 0))
        case (BIFFRecord.formula, _) where workbook.version >= .biff5 || isBIFF2,
             (BIFFRecord.formula4, false) where workbook.version == .biff4,
             (BIFFRecord.formula3, false) where workbook.version == .biff3:
            return formulaResult(of: record, at: valueOffset).map { result in
                switch result {
                case .value(let content): cell(content)
                case .string: .stringResult(StoredCell(value: .number(0), row: UInt32(row), style: style, column: column))
                }
            }
        default:
            return nil
        }
    }

    private enum FormulaResult {
        case value(StoredCell.Value)
        /// The text follows in a STRING record.
        case string
    }

    /// A FORMULA record's cached result: a double, or a tagged boolean,
    /// error, empty or following string when its top two bytes are 0xFFFF.
    private func formulaResult(of record: BIFFRecord, at offset: Int) -> FormulaResult? {
        guard let number = record.double(stream, at: offset), let tag = record.uint8(stream, at: offset),
              let detail = record.uint8(stream, at: offset + 2) else { return nil }
        guard number.bitPattern >> 48 == 0xFFFF else { return .value(.number(number)) }
        switch tag {
        case 0: return .string
        case 1: return .value(.boolean(detail != 0))
        case 2: return .value(.error(detail))
        default: return nil
        }
    }

    /// A MULRK record: cells from the first column on, each an XF index
    /// and an RK number; the last column closes the record.
    private func multipleRK(_ record: BIFFRecord, row: UInt16, firstColumn: UInt16) -> [StoredCell] {
        let count = (record.data.count - 6) / 6
        guard count > 0 else { return [] }
        var cells: [StoredCell] = []
        cells.reserveCapacity(count)
        for index in 0..<count {
            let at = 4 + 6 * index
            guard let style = record.uint16(stream, at: at), let rk = record.uint32(stream, at: at + 2) else { break }
            let column = Int(firstColumn) + index
            guard column <= Int(UInt16.max) else { break }
            cells.append(StoredCell(value: .number(RKNumber.value(rk)), row: UInt32(row), style: UInt32(style), column: UInt16(column)))
        }
        return cells
    }

    /// The text of a LABEL or RSTRING record (BIFF8: a Unicode string
    /// that may go on in CONTINUE records; earlier: 8-bit).
    private func label(_ record: BIFFRecord, continuations: [Range<Int>]) -> String? {
        let data = record.data
        switch workbook.version {
        case .biff8:
            var reader = BIFFDataReader(stream, fragments: [(data.lowerBound + 6)..<data.upperBound] + continuations)
            return reader.unicodeString(countBytes: 2)
        case .biff2:
            return XLSWorkbook.byteString(in: stream, at: data.lowerBound + 7, end: data.upperBound, codePage: workbook.codePage)
        default:
            return wideCountByteString(from: data.lowerBound + 6, end: data.upperBound)
        }
    }

    /// The text of a STRING record after a formula.
    private func formulaString(_ record: BIFFRecord, continuations: [Range<Int>]) -> String? {
        let data = record.data
        switch workbook.version {
        case .biff8:
            var reader = BIFFDataReader(stream, fragments: [data] + continuations)
            return reader.unicodeString(countBytes: 2)
        case .biff2:
            return XLSWorkbook.byteString(in: stream, at: data.lowerBound, end: data.upperBound, codePage: workbook.codePage)
        default:
            return wideCountByteString(from: data.lowerBound, end: data.upperBound)
        }
    }

    /// An 8-bit string with a two-byte length (BIFF3-5), cut at `end`.
    private func wideCountByteString(from offset: Int, end: Int) -> String? {
        guard let count = LittleEndian.uint16(stream, at: offset), offset + 2 <= end else { return nil }
        let stop = min(offset + 2 + Int(count), end)
        return workbook.codePage.decode(stream[(offset + 2)..<stop])
    }

    /// A MERGEDCELLS record: a count, then ranges of four 16-bit numbers
    /// (first row, last row, first column, last column).
    private func readMerges(_ record: BIFFRecord, into sheet: inout StoredSheet) throws(ConversionError) {
        guard let count = record.uint16(stream, at: 0) else { return }
        for index in 0..<Int(count) {
            let at = 2 + 8 * index
            guard let firstRow = record.uint16(stream, at: at), let lastRow = record.uint16(stream, at: at + 2),
                  let firstColumn = record.uint16(stream, at: at + 4), let lastColumn = record.uint16(stream, at: at + 6)
            else { return }
            try sheet.appendMerge(
                firstRow: Int(firstRow), lastRow: Int(lastRow), firstColumn: Int(firstColumn), lastColumn: Int(lastColumn))
        }
    }
}
