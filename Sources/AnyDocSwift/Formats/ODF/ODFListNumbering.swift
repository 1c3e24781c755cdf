/// Running list counters, so items are numbered as a reader sees them.
///
/// Every top-level `text:list` starts a new sequence unless it continues
/// one: `text:continue-list` names the list (by `xml:id`) whose numbers
/// go on, `text:continue-numbering="true"` continues the latest list of
/// the same style (else the latest list). Nested lists share their
/// top-level list's sequence; advancing a level restarts the levels
/// below it, and `text:start-value` on an item sets its number.
struct ODFListNumbering {
    private struct Sequence {
        var styleName: String?
        var counters: [Int: Int] = [:]
    }

    private var sequences: [Sequence] = []
    private var sequenceByID: [String: Int] = [:]

    /// The sequence a top-level list numbers its items in.
    mutating func beginList(styleName: String?, xmlID: String?, continueList: String?, continueNumbering: Bool) -> Int {
        var index: Int?
        if let continueList, let found = sequenceByID[continueList] {
            index = found
        } else if continueNumbering, !sequences.isEmpty {
            index = sequences.lastIndex { $0.styleName == styleName } ?? sequences.count - 1
        }
        let sequence: Int
        if let index {
            sequence = index
        } else {
            sequences.append(Sequence(styleName: styleName))
            sequence = sequences.count - 1
        }
        if let xmlID, !xmlID.isEmpty { sequenceByID[xmlID] = sequence }
        return sequence
    }

    /// The number of the next item at `level` (1-based).
    mutating func advance(sequence: Int, level: Int, startValue: Int?, levelStart: Int) -> Int {
        guard sequences.indices.contains(sequence) else { return startValue ?? levelStart }
        var counters = sequences[sequence].counters
        let previous = counters[level] ?? (levelStart &- 1)
        let number = startValue ?? (previous &+ 1)
        counters[level] = number
        for deeper in counters.keys where deeper > level { counters[deeper] = nil }
        sequences[sequence].counters = counters
        return number
    }
}
