/// A table laid out on its grid: every position holds the cell that
/// starts there, or is covered by a span from the left or above.
struct TableGrid {
    enum Slot {
        case origin(TableCell)
        case covered
        case empty
    }

    private(set) var rows: [[Slot]] = []
    private(set) var columnCount = 0
    private var carriedRowSpans: [Int] = []

    /// Upper bound on a single span, so one hostile number cannot
    /// allocate a huge row.
    static let maxColumnSpan = 1_000

    init() {}

    init(_ table: Table, maxCells: Int) throws(ConversionError) {
        var cells = 0
        for (index, row) in table.rows.enumerated() {
            let remaining = table.rows.count - index
            let slots = layOut(row, remainingRows: remaining)
            cells += slots.count
            if cells > maxCells {
                throw .resourceLimit("table has more than \(maxCells) cells")
            }
            rows.append(slots)
        }
        for index in rows.indices where rows[index].count < columnCount {
            rows[index].append(contentsOf: repeatElement(.empty, count: columnCount - rows[index].count))
        }
    }

    /// Places one row's cells after the spans carried down from the rows
    /// above, and returns its slots. Used row by row when streaming.
    /// True when no row span from the rows above reaches the next row.
    var carriesNoSpans: Bool { carriedRowSpans.isEmpty }

    /// Counts a row of `width` single cells laid out without `layOut`
    /// (only while `carriesNoSpans`).
    mutating func notePlainRow(width: Int) {
        columnCount = max(columnCount, width)
    }

    mutating func layOut(_ row: TableRow, remainingRows: Int = .max) -> [Slot] {
        var slots: [Slot] = []
        slots.reserveCapacity(max(row.cells.count, carriedRowSpans.count))
        var nextCarry = [Int](repeating: 0, count: carriedRowSpans.count)
        func skipCovered() {
            while slots.count < carriedRowSpans.count, carriedRowSpans[slots.count] > 0 {
                nextCarry[slots.count] = carriedRowSpans[slots.count] - 1
                slots.append(.covered)
            }
        }
        for cell in row.cells {
            skipCovered()
            let start = slots.count
            let columnSpan = min(cell.columnSpan, Self.maxColumnSpan)
            let rowSpan = min(cell.rowSpan, remainingRows)
            slots.append(.origin(cell))
            for _ in 1..<max(1, columnSpan) { slots.append(.covered) }
            if rowSpan > 1 {
                if nextCarry.count < slots.count {
                    nextCarry.append(contentsOf: repeatElement(0, count: slots.count - nextCarry.count))
                }
                for column in start..<slots.count { nextCarry[column] = rowSpan - 1 }
            }
        }
        skipCovered()
        // Spans from above that sit beyond this row's last cell.
        while slots.count < carriedRowSpans.count {
            if carriedRowSpans[slots.count] > 0 {
                nextCarry[slots.count] = carriedRowSpans[slots.count] - 1
                slots.append(.covered)
            } else {
                slots.append(.empty)
            }
        }
        while let last = nextCarry.last, last == 0 { nextCarry.removeLast() }
        carriedRowSpans = nextCarry
        columnCount = max(columnCount, slots.count)
        return slots
    }
}
