import Testing
@testable import AnyDocSwift

/// The writer's output buffer gives back what one huge cell made it grow
/// to, once emptied, and copies cells of every length exactly.
@Suite struct MarkdownBytesTests {
    @Test func aBufferGrownByAHugeCellShrinksWhenEmptied() {
        let buffer = MarkdownBytes(capacity: 1 << 10)
        let cell = [UInt8](repeating: 0x61, count: 1 << 20)
        cell.withUnsafeBufferPointer { buffer.appendPlainCell($0) }
        #expect(buffer.count == (1 << 20) + 3)
        #expect(buffer.reservedCapacity >= 1 << 20)
        buffer.removeAll()
        #expect(buffer.isEmpty && buffer.reservedCapacity == 1 << 10)
        // Growth within four times the first size is kept.
        let small = [UInt8](repeating: 0x62, count: 3000)
        small.withUnsafeBufferPointer { buffer.appendPlainCell($0) }
        let grown = buffer.reservedCapacity
        buffer.removeAll()
        #expect(buffer.reservedCapacity == grown)
    }

    @Test func plainCellsOfEveryLengthAreCopiedExactly() {
        let buffer = MarkdownBytes(capacity: 16)
        var expected: [UInt8] = []
        for length in 0...40 {
            let cell = (0..<length).map { UInt8(0x41 + ($0 * 7 + length) % 26) }
            cell.withUnsafeBufferPointer { buffer.appendPlainCell($0) }
            expected += [0x20] + cell + [0x20, 0x7C]
        }
        #expect(Array(buffer.bytes) == expected)
    }
}
