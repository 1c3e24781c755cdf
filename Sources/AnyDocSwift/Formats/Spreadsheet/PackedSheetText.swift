/// The text of a worksheet's cells packed into byte blocks of fixed
/// capacity: a row is a zero byte and its number, a cell its column, its
/// length and its UTF-8 bytes (numbers as LEB128 varints; a column is at
/// least 1, so a cell never starts with a zero byte). Holding costs the
/// text plus about three bytes a cell, and growing never copies what is
/// already held, so memory stays close to what the sheet shows.
struct PackedSheetText {
    /// A cell as read back: its column and its text.
    struct Cell {
        var column: Int
        var text: String
    }

    static let blockSize = 1 << 20

    private var blocks: [[UInt8]] = []
    /// Bytes held, over all blocks.
    private(set) var byteCount = 0

    /// Starts row `row`; its cells follow.
    mutating func appendRow(_ row: Int) {
        reserve(11)
        blocks[blocks.count - 1].append(0)
        appendNumber(row)
    }

    /// Adds a cell to the row last started.
    mutating func appendCell(column: Int, text: String) {
        var text = text
        text.withUTF8 { bytes in
            reserve(20 + bytes.count)
            appendNumber(column)
            appendNumber(bytes.count)
            blocks[blocks.count - 1].append(contentsOf: bytes)
            byteCount += bytes.count
        }
    }

    /// Makes room for a record of up to `count` bytes in the last block,
    /// so that no record spans two blocks.
    private mutating func reserve(_ count: Int) {
        if let last = blocks.last, last.count + count <= last.capacity { return }
        var block: [UInt8] = []
        block.reserveCapacity(max(Self.blockSize, count))
        blocks.append(block)
    }

    private mutating func appendNumber(_ number: Int) {
        var rest = UInt(number)
        let last = blocks.count - 1
        while rest >= 0x80 {
            blocks[last].append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
            byteCount += 1
        }
        blocks[last].append(UInt8(rest))
        byteCount += 1
    }

    /// Calls `visit` with each row held and its cells, in order.
    func forEachRow(_ visit: (Int, [Cell]) throws(ConversionError) -> Void) throws(ConversionError) {
        var cells: [Cell] = []
        var row: Int?
        for block in blocks {
            var index = 0
            while index < block.count {
                if block[index] == 0 {
                    if let row, !cells.isEmpty { try visit(row, cells) }
                    cells.removeAll(keepingCapacity: true)
                    index += 1
                    row = Self.readNumber(block, &index)
                    continue
                }
                let column = Self.readNumber(block, &index)
                let length = Self.readNumber(block, &index)
                let text = block.withUnsafeBufferPointer {
                    String(decoding: UnsafeBufferPointer(rebasing: $0[index..<(index + length)]), as: UTF8.self)
                }
                index += length
                cells.append(Cell(column: column, text: text))
            }
        }
        if let row, !cells.isEmpty { try visit(row, cells) }
    }

    private static func readNumber(_ block: [UInt8], _ index: inout Int) -> Int {
        var number = 0
        var shift = 0
        while true {
            let byte = block[index]
            index += 1
            number |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return number }
            shift += 7
        }
    }
}
