import Testing
@testable import AnyDocSwift

/// A large sheet read once and held as its cells' text writes the same
/// table as the two streamed passes, and reads its part only once.
@Suite struct SheetFirstPassTests {
    typealias Cell = PackedSheetText.Cell

    /// Rows listed in memory, counting the passes made over them.
    final class ListedRows: SheetRowSource {
        let rows: [(Int, [Cell])]
        let merges: [XLSXRange]
        private(set) var passes = 0

        init(_ rows: [(Int, [Cell])], merges: [XLSXRange] = []) {
            self.rows = rows
            self.merges = merges
        }

        func parse(wants: (Int) -> Bool, visit: (Int, [Cell]) throws(ConversionError) -> Void) throws(ConversionError) {
            passes += 1
            for (row, cells) in rows where wants(row) { try visit(row, cells) }
        }
    }

    static func cell(_ column: Int, _ text: String) -> Cell { Cell(column: column, text: text) }

    /// A sheet with a blank leading column, blank cells, a gap of empty
    /// rows, a long gap, and a stale value under a merge on its border.
    static let sheet: [(Int, [Cell])] = [
        (2, [cell(1, ""), cell(2, "Name"), cell(3, "a | b")]),
        (3, [cell(2, "x"), cell(4, "")]),
        (7, [cell(3, "after a gap")]),
        (900, [cell(2, "far"), cell(3, "merged"), cell(4, "stale")]),
        (901, []),
    ]
    static let merges = [XLSXRange(firstRow: 900, lastRow: 900, firstColumn: 3, lastColumn: 4)]

    private func markdown(_ write: (inout SheetTableWriter<HeldCellText>, DocumentSink) throws(ConversionError) -> Void) throws -> String {
        let output = StringOutput()
        let sink = MarkdownWriter(output: output)
        var writer = SheetTableWriter(cellText: HeldCellText(), deadline: Deadline(secondsFromNow: .infinity), cellBudget: 1_000_000)
        try write(&writer, sink)
        try sink.finish()
        return output.text
    }

    @Test func oneReadingWritesWhatTwoPassesWrite() throws {
        let streamed = ListedRows(Self.sheet, merges: Self.merges)
        let twice = try markdown { writer, sink throws(ConversionError) in
            try writer.write(name: "S", open: { streamed }, into: sink)
        }
        let once = ListedRows(Self.sheet, merges: Self.merges)
        let held = try markdown { writer, sink throws(ConversionError) in
            try writer.writeReadingOnce(name: "S", open: { once }, maxHeldBytes: 1 << 20, into: sink)
        }
        #expect(held == twice)
        #expect(held.contains("| Name | a \\| b |\n| --- | --- |\n| x |  |\n"))
        #expect(!held.contains("stale"))
        #expect(streamed.passes == 3)
        #expect(once.passes == 1)
    }

    @Test func aSheetPastTheBudgetIsStreamedAgain() throws {
        let streamed = ListedRows(Self.sheet, merges: Self.merges)
        let twice = try markdown { writer, sink throws(ConversionError) in
            try writer.write(name: "S", open: { streamed }, into: sink)
        }
        let rows = ListedRows(Self.sheet, merges: Self.merges)
        let again = try markdown { writer, sink throws(ConversionError) in
            try writer.writeReadingOnce(name: "S", open: { rows }, maxHeldBytes: 8, into: sink)
        }
        #expect(again == twice)
        #expect(rows.passes == 3)
    }

    @Test func packedTextReadsBackAcrossBlocks() throws {
        var packed = PackedSheetText()
        let long = String(repeating: "é", count: PackedSheetText.blockSize)
        var expected: [(Int, [(Int, String)])] = []
        for row in [1, 127, 128, 16_384, 1_048_576] {
            let cells = [(1, "one"), (127, ""), (128, "ünï"), (16_384, row == 128 ? long : "z\(row)")]
            packed.appendRow(row)
            for (column, text) in cells { packed.appendCell(column: column, text: text) }
            expected.append((row, cells))
        }
        for row in 2_000_000..<2_100_000 {
            packed.appendRow(row)
            packed.appendCell(column: 3, text: "\(row)")
            expected.append((row, [(3, "\(row)")]))
        }
        var read: [(Int, [(Int, String)])] = []
        try packed.forEachRow { row, cells in read.append((row, cells.map { ($0.column, $0.text) })) }
        #expect(read.count == expected.count)
        #expect(zip(read, expected).allSatisfy { $0.0 == $1.0 && $0.1.elementsEqual($1.1, by: ==) })
        #expect(packed.byteCount > 2 * PackedSheetText.blockSize)
    }
}
