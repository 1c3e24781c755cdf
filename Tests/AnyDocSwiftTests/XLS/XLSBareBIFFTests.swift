import Testing
@testable import AnyDocSwift

/// Workbook streams built record by record, for what the generated
/// fixtures cannot show: a BIFF2 worksheet (Excel 2 files are the records
/// themselves, with no compound file, and every cell carries its format
/// index in its attribute bytes), damage and untrusted counts.
@Suite struct XLSBareBIFFTests {
    static func record(_ type: UInt16, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        LittleEndian.append(type, to: &bytes)
        LittleEndian.append(UInt16(data.count), to: &bytes)
        return bytes + data
    }

    /// Row, column and the three attribute bytes (the second holds the format).
    static func cell(_ row: UInt16, _ column: UInt16, format: UInt8 = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        LittleEndian.append(row, to: &bytes)
        LittleEndian.append(column, to: &bytes)
        return bytes + [0, format, 0]
    }

    static func double(_ value: Double) -> [UInt8] {
        var bytes: [UInt8] = []
        LittleEndian.append(UInt32(truncatingIfNeeded: value.bitPattern), to: &bytes)
        LittleEndian.append(UInt32(truncatingIfNeeded: value.bitPattern >> 32), to: &bytes)
        return bytes
    }

    static func text(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count)] + bytes }

    static let workbook: [UInt8] = {
        var file = record(0x0009, [0x02, 0x00, 0x10, 0x00])
        file += record(0x0042, [0xE3, 0x04])  // code page 1251
        file += record(0x0022, [0x00, 0x00])
        for code in ["General", "0.00", "yyyy-mm-dd"] { file += record(0x001E, text(Array(code.utf8))) }
        file += record(0x0004, cell(0, 0) + text(Array("Name".utf8)))
        file += record(0x0004, cell(0, 1) + text(Array("Value".utf8)))
        file += record(0x0004, cell(1, 0) + text(Array("integer".utf8)))
        file += record(0x0002, cell(1, 1) + [7, 0])
        file += record(0x0004, cell(2, 0) + text(Array("number".utf8)))
        file += record(0x0003, cell(2, 1, format: 1) + double(3.14159))
        file += record(0x0004, cell(3, 0) + text(Array("date".utf8)))
        file += record(0x0003, cell(3, 1, format: 2) + double(45351))
        file += record(0x0004, cell(4, 0) + text(Array("boolean".utf8)))
        file += record(0x0005, cell(4, 1) + [1, 0])
        file += record(0x0004, cell(5, 0) + text(Array("error".utf8)))
        file += record(0x0005, cell(5, 1) + [0x2A, 1])
        // "Привет" in Windows-1251, and a formula whose text result follows.
        file += record(0x0004, cell(6, 0) + text([0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]))
        file += record(0x0006, cell(6, 1) + [0, 0, 0, 0, 0, 0, 0xFF, 0xFF] + [0, 0, 0, 0, 0])
        file += record(0x0007, text(Array("formula text".utf8)))
        return file + record(0x000A, [])
    }()

    @Test func biff2Worksheet() throws {
        #expect(BIFFScan.isBareWorkbook(Self.workbook))
        #expect(try SpreadsheetTestSupport.markdown(Self.workbook, converter: XLSConverter.self, format: .xls) == """
        ## Sheet1

        | Name | Value |
        | --- | --- |
        | integer | 7 |
        | number | 3.14 |
        | date | 2024-02-29 |
        | boolean | TRUE |
        | error | #N/A |
        | Привет | formula text |

        """)
    }

    @Test func cutOffWorksheetKeepsEarlierCells() throws {
        let cut = Array(Self.workbook.prefix(Self.workbook.count - 30))
        let collector = DocumentCollector()
        try XLSConverter.convert(
            ConversionInput(bytes: cut, format: .xls, options: SpreadsheetTestSupport.options(format: .xls),
                            deadline: Deadline(secondsFromNow: 30), fileName: "cut.xls"),
            into: collector)
        #expect(collector.document.warnings == ["sheet Sheet1 is cut off; the cells before the cut are shown"])
        guard case .table(let table)? = collector.document.blocks.last else {
            Issue.record("expected a table")
            return
        }
        // The cut falls inside the last formula: its row keeps the label only.
        #expect(table.rows.count == 7)
        #expect(table.rows.last?.cells.count == 1)
    }

    @Test func encryptedGlobalsAreRefused() throws {
        let file = Self.record(0x0809, [0x00, 0x06, 0x05, 0x00] + [UInt8](repeating: 0, count: 12))
            + Self.record(0x002F, [0x00, 0x00]) + Self.record(0x000A, [])
        let error = #expect(throws: ConversionError.self) {
            try XLSWorkbook.read(file, streamName: "Workbook", limits: .default, deadline: Deadline(secondsFromNow: 30))
        }
        #expect(error?.kind == .encrypted)
    }

    @Test func declaredCountsAreNotTrusted() throws {
        // The SST claims four billion strings and holds two; DIMENSIONS
        // claims the whole grid; MERGEDCELLS claims 65,535 ranges and holds
        // one. Cells sit at A1 and B65536.
        func uint16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func uint32(_ value: UInt32) -> [UInt8] { uint16(UInt16(value & 0xFFFF)) + uint16(UInt16(value >> 16)) }
        func string(_ text: String) -> [UInt8] { uint16(UInt16(text.utf8.count)) + [0] + Array(text.utf8) }
        let bof = Self.record(0x0809, [0x00, 0x06, 0x05, 0x00] + [UInt8](repeating: 0, count: 12))
        let sst = Self.record(0x00FC, uint32(2) + uint32(0xFFFF_FFFF) + string("first") + string("last"))
        let boundSheetLength = 4 + 6 + 2 + 3
        let sheetOffset = bof.count + boundSheetLength + sst.count + 4
        let boundSheet = Self.record(0x0085, uint32(UInt32(sheetOffset)) + [0, 0] + [3, 0] + Array("Big".utf8))
        var file = bof + boundSheet + sst + Self.record(0x000A, [])
        #expect(file.count == sheetOffset)
        file += Self.record(0x0809, [0x00, 0x06, 0x10, 0x00] + [UInt8](repeating: 0, count: 12))
        file += Self.record(0x0200, uint32(0) + uint32(0xFFFF_FFFF) + uint16(0) + uint16(0xFFFF) + uint16(0))
        file += Self.record(0x00FD, uint16(0) + uint16(0) + uint16(0) + uint32(0))
        file += Self.record(0x00FD, uint16(0xFFFF) + uint16(1) + uint16(0) + uint32(1))
        file += Self.record(0x00E5, uint16(0xFFFF) + uint16(2) + uint16(3) + uint16(0) + uint16(1))
        file += Self.record(0x000A, [])
        #expect(try SpreadsheetTestSupport.markdown(file, converter: XLSConverter.self, format: .xls) == """
        ## Big

        | first |  |
        | --- | --- |
        |  |  |
        |  | last |

        """)
    }

    @Test func formulaTextAcrossContinue() throws {
        // A STRING record of six characters: three 8-bit ones, then a
        // CONTINUE whose option byte switches the rest to 16 bits.
        let bof = Self.record(0x0809, [0x00, 0x06, 0x05, 0x00] + [UInt8](repeating: 0, count: 12))
        let sheetOffset = bof.count + (4 + 6 + 2 + 1) + 4
        let boundSheet = Self.record(0x0085, [UInt8(sheetOffset), 0, 0, 0, 0, 0, 1, 0] + Array("S".utf8))
        var file = bof + boundSheet + Self.record(0x000A, [])
        file += Self.record(0x0809, [0x00, 0x06, 0x10, 0x00] + [UInt8](repeating: 0, count: 12))
        let cell: [UInt8] = [0, 0, 0, 0, 0, 0]
        file += Self.record(0x0006, cell + [0, 0, 0, 0, 0, 0, 0xFF, 0xFF] + [0, 0] + [0, 0, 0, 0] + [0, 0])
        file += Self.record(0x0207, [6, 0, 0] + Array("abc".utf8))
        file += Self.record(0x003C, [1] + Array("déf".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        file += Self.record(0x000A, [])
        #expect(try SpreadsheetTestSupport.markdown(file, converter: XLSConverter.self, format: .xls) == "## S\n\n| abcdéf |\n| --- |\n")
    }
}
