import Testing
@testable import AnyDocSwift

/// The in-memory sheet the binary formats fill: cells come out in row and
/// column order whatever order the file gave, the later of two cells at
/// one position wins, and limits hold.
@Suite struct StoredSheetTests {
    static func cell(_ row: UInt32, _ column: UInt16, _ value: Double) -> StoredCell {
        StoredCell(value: .number(value), row: row, style: 0, column: column)
    }

    @Test func rowsAscendAndLaterDuplicatesWin() throws {
        var sheet = StoredSheet(maxCells: 10)
        for cell in [Self.cell(2, 1, 1), Self.cell(0, 3, 2), Self.cell(2, 0, 3), Self.cell(0, 3, 4), Self.cell(1, 0, 5)] {
            try sheet.append(cell)
        }
        sheet.finish()
        var seen: [String] = []
        try sheet.parse(wants: { $0 != 2 }) { row, cells in
            for cell in cells {
                guard case .number(let value) = cell.value else { continue }
                seen.append("\(row):\(cell.column)=\(value)")
            }
        }
        #expect(seen == ["1:3=4.0", "3:0=3.0", "3:1=1.0"])
    }

    @Test func cellAndMergeLimits() throws {
        var sheet = StoredSheet(maxCells: 2)
        try sheet.append(Self.cell(0, 0, 1))
        try sheet.append(Self.cell(0, 1, 1))
        // Outside the grid: dropped, not counted.
        try sheet.append(Self.cell(2_000_000, 0, 1))
        #expect(throws: ConversionError.self) { try sheet.append(Self.cell(1, 0, 1)) }
        try sheet.appendMerge(firstRow: 3, lastRow: 1, firstColumn: 0, lastColumn: 2)
        try sheet.appendMerge(firstRow: 5, lastRow: 5, firstColumn: 5, lastColumn: 5)
        #expect(sheet.merges == [XLSXRange(firstRow: 2, lastRow: 4, firstColumn: 1, lastColumn: 3)])
    }
}
