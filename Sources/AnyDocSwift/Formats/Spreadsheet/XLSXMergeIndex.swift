/// Which cells merged ranges cover, followed row by row as a sheet
/// streams. Only the top-left cell of a merge shows its value; the cells
/// it covers stay empty even if the file left stale values in them.
struct XLSXMergeIndex {
    private let pending: [XLSXRange]
    private var next = 0
    /// Merges that span the current row, ordered by first column.
    private var active: [XLSXRange] = []

    init(_ merges: [XLSXRange]) {
        pending = merges.sorted { $0.firstRow < $1.firstRow }
    }

    var isEmpty: Bool { pending.isEmpty }

    /// Moves to `row`; rows must ascend.
    mutating func advance(to row: Int) {
        if !active.isEmpty { active.removeAll { $0.lastRow < row } }
        var added = false
        while next < pending.count, pending[next].firstRow <= row {
            if pending[next].lastRow >= row {
                active.append(pending[next])
                added = true
            }
            next += 1
        }
        if added { active.sort { $0.firstColumn < $1.firstColumn } }
    }

    /// True when the cell at (`row`, `column`) is covered by a merge other
    /// than as its top-left cell.
    func isCovered(row: Int, column: Int) -> Bool {
        for merge in active {
            if merge.firstColumn > column { break }
            if column <= merge.lastColumn, row != merge.firstRow || column != merge.firstColumn { return true }
        }
        return false
    }
}
