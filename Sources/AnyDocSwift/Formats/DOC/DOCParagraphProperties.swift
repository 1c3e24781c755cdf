/// The paragraph properties that shape Markdown: style, table membership,
/// list membership and outline level.
struct DOCParagraphProperties {
    var style = 0
    var inTable = false
    /// `fTtp`: this paragraph mark ends a table row.
    var endsRow = false
    /// `itap`: the table nesting depth, when the file states it.
    var tableDepth: Int?
    var endsInnerCell = false
    var endsInnerRow = false
    /// `ilfo`: 1-based index of the list override, 0 for none.
    var listOverride = 0
    var listLevel = 0
    /// 0–8 for outline levels 1–9; 9 is body text.
    var outlineLevel: Int?
    /// The cell layout a row-end mark carries.
    var row: DOCTableRowDefinition?

    /// How deep in tables the paragraph sits (0: not in a table).
    var depth: Int {
        if let tableDepth { return max(0, tableDepth) }
        return inTable ? 1 : 0
    }

    mutating func apply(_ sprms: [DOCSprm]) {
        for sprm in sprms { apply(sprm) }
    }

    mutating func apply(_ sprm: DOCSprm) {
        switch sprm.opcode {
        case DOCSprm.paragraphStyle: style = sprm.word
        case DOCSprm.inTable: inTable = sprm.byte != 0
        case DOCSprm.tableRowEnd: endsRow = sprm.byte != 0
        case DOCSprm.tableDepth: tableDepth = min(max(sprm.long, 0), 64)
        case DOCSprm.tableDepthChange: tableDepth = min(max((tableDepth ?? depth) + sprm.long, 0), 64)
        case DOCSprm.innerTableCell: endsInnerCell = sprm.byte != 0
        case DOCSprm.innerTableRowEnd: endsInnerRow = sprm.byte != 0
        case DOCSprm.listOverride: listOverride = sprm.signedWord
        case DOCSprm.listLevel: listLevel = Int(sprm.byte)
        case DOCSprm.outlineLevel: outlineLevel = Int(sprm.byte)
        case DOCSprm.tableDefinition: row = DOCTableRowDefinition(tableDefinition: sprm.operand)
        case DOCSprm.tableVerticalMerge:
            guard sprm.operand.count >= 2 else { break }
            let start = sprm.operand.startIndex
            row?.setVerticalMerge(cell: Int(sprm.operand[start]), flag: Int(sprm.operand[start + 1]))
        default: break
        }
    }
}

/// One table row's cells as `sprmTDefTable` describes them: which are
/// merged into their left neighbour or into the cell above.
struct DOCTableRowDefinition {
    enum Merge: Equatable {
        case none
        /// The first cell of a horizontal or vertical merge.
        case starts
        /// Covered by the cell before it (horizontal) or above it (vertical).
        case continues
    }

    struct Cell {
        var horizontal = Merge.none
        var vertical = Merge.none
    }

    var cells: [Cell]
    /// The cells' left and right edges in twips: `cells.count + 1` values
    /// when the operand holds them all.
    var edges: [Int] = []

    /// `TDefTableOperand`: the cell count, its column edges, then one TC80
    /// (20 bytes: flags, width, four borders) per cell.
    init?(tableDefinition operand: ArraySlice<UInt8>) {
        guard let count = operand.first.map(Int.init), count > 0 else { return nil }
        let edgesStart = operand.startIndex + 1
        let cellsStart = edgesStart + 2 * (count + 1)
        if cellsStart <= operand.endIndex {
            edges = (0...count).map { index in
                Int(Int16(bitPattern: UInt16(operand[edgesStart + 2 * index]) | UInt16(operand[edgesStart + 2 * index + 1]) << 8))
            }
        }
        var cells: [Cell] = []
        for index in 0..<count {
            let at = cellsStart + 20 * index
            var cell = Cell()
            if at + 2 <= operand.endIndex {
                let flags = Int(operand[at]) | Int(operand[at + 1]) << 8
                cell.horizontal = flags & 0x02 != 0 ? .continues : (flags & 0x01 != 0 ? .starts : .none)
                cell.vertical = Self.verticalMerge(flags >> 5 & 0x03)
            }
            cells.append(cell)
        }
        self.cells = cells
    }

    mutating func setVerticalMerge(cell index: Int, flag: Int) {
        guard index < cells.count else { return }
        cells[index].vertical = Self.verticalMerge(flag)
    }

    /// `VerticalMergeFlag`: 1 merges with the cell above, 3 starts a merge.
    private static func verticalMerge(_ flag: Int) -> Merge {
        switch flag {
        case 1: .continues
        case 2, 3: .starts
        default: .none
        }
    }
}
