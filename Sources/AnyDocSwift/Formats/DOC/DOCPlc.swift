/// A PLC: n + 1 character positions followed by n data elements of one
/// size, the shape of most of Word's position-keyed tables.
struct DOCPlc {
    let positions: [Int]
    let elements: [ArraySlice<UInt8>]

    var count: Int { elements.count }

    /// Reads the PLC at `location` in `table`; empty when it is absent or
    /// does not fit.
    init(table: [UInt8], location: DOCFileInformationBlock.Location, elementSize: Int) {
        guard !location.isEmpty, location.offset <= table.count, location.length <= table.count - location.offset,
            location.length >= 4
        else {
            positions = []
            elements = []
            return
        }
        let count = (location.length - 4) / (4 + elementSize)
        var positions: [Int] = []
        positions.reserveCapacity(count + 1)
        for index in 0...count {
            positions.append(Int(LittleEndian.uint32(table, at: location.offset + 4 * index) ?? 0))
        }
        let elementsStart = location.offset + 4 * (count + 1)
        var elements: [ArraySlice<UInt8>] = []
        elements.reserveCapacity(count)
        for index in 0..<count {
            let start = elementsStart + elementSize * index
            elements.append(table[start..<(start + elementSize)])
        }
        self.positions = positions
        self.elements = elements
    }

    /// The range of element `index`: from its position to the next.
    func range(_ index: Int) -> Range<Int>? {
        guard index >= 0, index + 1 < positions.count, positions[index] <= positions[index + 1] else { return nil }
        return positions[index]..<positions[index + 1]
    }
}
