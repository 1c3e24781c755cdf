/// Finds the bytes a pipe-table cell cannot carry as they are: the ones
/// Markdown escaping changes (`` \`*_~[]<&!$| ``), controls and DEL.
/// Most cells have none, so eight bytes are ruled out at a time; a word
/// that may hold one is settled byte by byte. Cells under 16 bytes are
/// looked up a byte at a time in a table.
///
/// The word test works on the low seven bits of each byte, where adding
/// a constant never carries into the next byte, so every test is exact
/// per byte; bytes of 0x80 and above (UTF-8 beyond ASCII) never count.
/// It lets through `^` and `}` as well (they share ranges with wanted
/// bytes), which only sends such words to the byte test.
enum PlainCellScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080
    /// Bit `b` set for each wanted byte `b` below 64, and for `b - 64` above.
    private static let lowSet: UInt64 = 0x1000_0452_FFFF_FFFF
    private static let highSet: UInt64 = 0xD000_0001_B800_0000

    /// Whether `byte` is one a plain cell cannot hold.
    @inline(__always)
    static func isStopper(_ byte: UInt8) -> Bool {
        let set = byte & 0x40 == 0 ? lowSet : highSet
        return byte < 0x80 && (set >> UInt64(byte & 0x3F)) & 1 != 0
    }

    /// High bits on the bytes of `word` whose low seven bits equal `byte`.
    @inline(__always)
    private static func equal(_ low: UInt64, _ byte: UInt8) -> UInt64 {
        ~((low ^ (ones &* UInt64(byte))) &+ ones &* 0x7F)
    }

    /// False only when no byte of `word` is a stopper.
    @inline(__always)
    static func mayHoldStopper(_ word: UInt64) -> Bool {
        stopperMarks(word) != 0
    }

    /// High bits on the bytes of `word` that may be stoppers, each
    /// decided by its own byte alone.
    @inline(__always)
    private static func stopperMarks(_ word: UInt64) -> UInt64 {
        let low = word & ~highs
        let control = ~(low &+ ones &* 0x60)
        let brackets = (low &+ ones &* (0x80 - 0x5B)) & ~(low &+ ones &* (0x7F - 0x60))
        let pipeTildeDelete = low &+ ones &* 0x04
        let singles = equal(low, 0x21) | equal(low, 0x24) | equal(low, 0x26) | equal(low, 0x2A) | equal(low, 0x3C)
        return (control | brackets | pipeTildeDelete | singles) & ~word & highs
    }

    /// Whether no byte of `span` other than `separator` may be a stopper,
    /// eight bytes at a time (the last word overlapping the one before):
    /// false also when one might be, so a caller then tests each cell.
    /// Spans shorter than a word are left to the cells (false).
    @inline(__always)
    static func hasNoStopper(_ span: UnsafeBufferPointer<UInt8>, apartFrom separator: UInt8) -> Bool {
        guard let base = span.baseAddress, span.count >= 8 else { return false }
        let raw = UnsafeRawPointer(base)
        let separators = ByteWord.repeating(separator)
        func clear(_ word: UInt64) -> Bool {
            stopperMarks(word) & ~ByteWord.equalMarks(word, separators) == 0
        }
        var index = 0
        while index + 8 < span.count {
            guard clear(load(raw, index)) else { return false }
            index += 8
        }
        return clear(load(raw, span.count - 8))
    }

    /// Whether `bytes` hold no stopper. Every byte goes through the word
    /// test, the last few in a word that overlaps the one before it (or,
    /// for fewer than eight, one put together from overlapping loads and
    /// padded with `a`); only a word that may hold one is gone through
    /// byte by byte.
    @inline(__always)
    static func hasNoStopper(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        let count = bytes.count
        if count < 16 { return hasNoStopper(short: bytes) }
        let raw = UnsafeRawPointer(base)
        var mayHold = false
        if count >= 8 {
            var index = 0
            while index + 8 < count, !mayHold {
                mayHold = mayHoldStopper(load(raw, index))
                index += 8
            }
            mayHold = mayHold || mayHoldStopper(load(raw, count - 8))
        } else if count >= 4 {
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            mayHold = mayHoldStopper(low | high << 32)
        } else {
            let word = UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16
            mayHold = mayHoldStopper(word | 0x6161_6161_6100_0000)
        }
        guard mayHold else { return true }
        for byte in bytes where isStopper(byte) { return false }
        return true
    }

    /// One entry a byte value, 1 for a stopper: a short cell is cheaper
    /// looked up byte by byte than tested a word at a time, whose test
    /// costs about five times a lookup.
    /// Written once, on first use, and only read after.
    nonisolated(unsafe) private static let stopperTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0...255 { table[byte] = isStopper(UInt8(byte)) ? 1 : 0 }
        return UnsafePointer(table)
    }()

    /// Whether the few bytes of `bytes` hold no stopper, looked up
    /// without a branch a byte.
    @inline(__always)
    private static func hasNoStopper(short bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let table = stopperTable
        var found: UInt8 = 0
        for byte in bytes { found |= table[Int(byte)] }
        return found == 0
    }

    @inline(__always)
    private static func load(_ raw: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
