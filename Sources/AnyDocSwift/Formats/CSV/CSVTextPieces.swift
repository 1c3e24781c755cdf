#if canImport(Glibc)
import Glibc
#endif

/// An input's raw bytes in order, a piece at a time: a file's blocks
/// (`CSVFileBlocks`) or slices of bytes in memory (`CSVByteSlices`).
/// A copy reads on from where the original stands, independently.
protocol CSVRawPieces {
    /// The next piece, never empty; nil at the end of the input.
    mutating func next() throws(ConversionError) -> [UInt8]?
}

/// The text of a UTF-8 CSV input as `TextDecoder` makes it of the whole
/// (`nul: .drop`), a piece at a time: without a leading byte order mark
/// and without NUL bytes. Optionally takes the census of the text after
/// the mark, as the decoder judges it.
struct CSVTextPieces<Raw: CSVRawPieces> {
    private var raw: Raw
    private var atStart = true
    private var census: ByteCensus?
    /// The bytes after the last complete character, held back from the
    /// census until the next piece completes them.
    private var censusCarry: [UInt8] = []
    private let takesCensus: Bool

    /// The text of `raw`; `takesCensus` makes `finishCensus()` available.
    init(_ raw: Raw, takesCensus: Bool = false) {
        self.raw = raw
        self.takesCensus = takesCensus
    }

    /// The next piece of text, never empty; nil at the end.
    mutating func next() throws(ConversionError) -> [UInt8]? {
        while var piece = try raw.next() {
            if atStart {
                // A mark cut across pieces is still a mark.
                while piece.count < 3, let more = try raw.next() { piece.append(contentsOf: more) }
                if piece.starts(with: [0xEF, 0xBB, 0xBF]) { piece.removeFirst(3) }
                atStart = false
            }
            if takesCensus { addToCensus(piece) }
            let hasNUL = piece.withUnsafeBufferPointer { ByteSearch.firstIndex(of: 0, in: $0) != nil }
            if hasNUL { piece.removeAll { $0 == 0 } }
            if !piece.isEmpty { return piece }
        }
        return nil
    }

    /// The census of all the text read, once `next()` has returned nil.
    mutating func finishCensus() -> ByteCensus {
        let tail = censusCarry.withUnsafeBufferPointer(ByteCensus.init)
        censusCarry = []
        if census == nil { census = tail } else { census?.add(tail) }
        return census ?? [UInt8]().withUnsafeBufferPointer(ByteCensus.init)
    }

    private mutating func addToCensus(_ piece: [UInt8]) {
        var whole = censusCarry
        whole.append(contentsOf: piece)
        let cut = TextFileStream.boundary(whole)
        let next = whole.withUnsafeBufferPointer { ByteCensus(UnsafeBufferPointer(rebasing: $0[..<cut])) }
        censusCarry = Array(whole[cut...])
        if census == nil { census = next } else { census?.add(next) }
    }
}

/// A file's bytes in blocks, up to the size it had when opened; throws
/// `io` when it turns out shorter or longer (it changed while read).
struct CSVFileBlocks: CSVRawPieces {
    private let file: InputFile
    private let blockSize: Int
    private let deadline: Deadline
    private var offset = 0
    private var finished = false

    init(_ file: InputFile, blockSize: Int, deadline: Deadline) {
        self.file = file
        self.blockSize = blockSize
        self.deadline = deadline
    }

    mutating func next() throws(ConversionError) -> [UInt8]? {
        guard !finished else { return nil }
        try deadline.check()
        guard offset < file.size else {
            finished = true
            guard try file.read(at: offset, count: 1).isEmpty else { throw .io("the file changed while it was being read") }
            return nil
        }
        let block = try file.read(at: offset, count: min(blockSize, file.size - offset))
        guard !block.isEmpty else { throw .io("the file changed while it was being read") }
        offset += block.count
        return block
    }
}

/// Bytes in memory in slices whose sizes are taken in turn from `sizes`:
/// a text cut at every kind of place, as block edges cut a file.
struct CSVByteSlices: CSVRawPieces {
    private let bytes: [UInt8]
    private let sizes: [Int]
    private var offset = 0
    private var turn = 0

    init(_ bytes: [UInt8], sizes: [Int]) {
        precondition(!sizes.isEmpty && sizes.allSatisfy { $0 > 0 })
        self.bytes = bytes
        self.sizes = sizes
    }

    mutating func next() throws(ConversionError) -> [UInt8]? {
        guard offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + sizes[turn % sizes.count])
        turn += 1
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
}
