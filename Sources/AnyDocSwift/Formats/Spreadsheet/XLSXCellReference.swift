/// A1-style cell references, read from UTF-8 bytes.
enum XLSXCellReference {
    static let maxColumn = 16_384
    static let maxRow = 1_048_576

    /// The 1-based column and row of `B12`-style text; either is nil when
    /// absent or out of Excel's grid. `$` anchors are ignored.
    static func parse(_ text: String) -> (column: Int?, row: Int?) {
        parse(bytes: text.utf8)
    }

    /// `parse` over raw bytes, as the worksheet scanner holds them.
    static func parse<Bytes: Sequence>(bytes: Bytes) -> (column: Int?, row: Int?) where Bytes.Element == UInt8 {
        var column = 0
        var row = 0
        var letters = 0
        var digits = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                guard digits == 0 else { return (nil, nil) }
                letters += 1
                guard letters <= 3 else { return (nil, nil) }
                column = column * 26 + Int((byte & 0xDF) - UInt8(ascii: "A")) + 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= 7 else { return (column > 0 ? column : nil, nil) }
                row = row * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "$"):
                continue
            default:
                return (nil, nil)
            }
        }
        let validColumn = letters > 0 && column <= maxColumn ? column : nil
        let validRow = digits > 0 && row >= 1 && row <= maxRow ? row : nil
        return (validColumn, validRow)
    }

    /// A range such as `A1:C3` (or one cell), corners ordered.
    static func parseRange(_ text: String) -> XLSXRange? {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let first = parse(String(parts[0]))
        let last = parts.count > 1 ? parse(String(parts[1])) : first
        guard let c1 = first.column, let r1 = first.row, let c2 = last.column, let r2 = last.row else { return nil }
        return XLSXRange(firstRow: min(r1, r2), lastRow: max(r1, r2), firstColumn: min(c1, c2), lastColumn: max(c1, c2))
    }
}

/// A rectangle of cells, 1-based and inclusive.
struct XLSXRange: Equatable, Sendable {
    var firstRow: Int
    var lastRow: Int
    var firstColumn: Int
    var lastColumn: Int
}
