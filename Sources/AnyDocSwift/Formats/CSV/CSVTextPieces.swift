#if canImport(Glibc)
import Glibc
#endif

/// An input's raw bytes in order, a piece at a time: a file's blocks
/// (`CSVFileBlocks`) or slices of bytes in memory (`CSVByteSlices`).
/// A copy reads on from where the original stands, independently.
protocol CSVRawPieces: Sendable {
    /// The next piece, never empty; nil at the end of the input.
    mutating func next() throws(ConversionError) -> [UInt8]?
    /// Reads the next bytes into `buffer` (not empty), at most one piece
    /// and never more than the buffer holds; 0 at the end of the input.
    /// The same bytes `next()` gives, without an array between.
    mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ConversionError) -> Int
    /// The number of bytes all the pieces hold (a file's size when opened).
    var totalBytes: Int { get }
    /// About how many bytes a piece holds: what a reader asks for at once.
    var pieceSize: Int { get }
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

    /// About how many bytes a piece holds.
    var pieceSize: Int { raw.pieceSize }

    /// Reads the next text into `buffer` (at least 3 bytes at the start,
    /// to hold a byte order mark), as `next()` would give it, and returns
    /// how many bytes; 0 at the end. The census is taken only through
    /// `next()`.
    mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ConversionError) -> Int {
        precondition(!takesCensus && (!atStart || buffer.count >= 3), "the census reads pieces; a mark needs 3 bytes")
        while true {
            var got = try raw.read(into: buffer)
            guard got > 0 else { return 0 }
            if atStart {
                // A mark cut across reads is still a mark.
                while got < 3 {
                    let more = try raw.read(into: UnsafeMutableBufferPointer(rebasing: buffer[got...]))
                    if more == 0 { break }
                    got += more
                }
                if got >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                    buffer.baseAddress!.update(from: buffer.baseAddress! + 3, count: got - 3)
                    got -= 3
                }
                atStart = false
            }
            got = Self.removeNULs(UnsafeMutableBufferPointer(rebasing: buffer[..<got]))
            if got > 0 { return got }
        }
    }

    /// Moves the bytes of `text` that are not NUL to its front, in
    /// order, and returns how many there are.
    private static func removeNULs(_ text: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard var kept = ByteSearch.firstIndex(of: 0, in: UnsafeBufferPointer(text)) else { return text.count }
        for index in kept..<text.count where text[index] != 0 {
            text[kept] = text[index]
            kept += 1
        }
        return kept
    }

    /// The census of all the text read, once `next()` has returned nil.
    mutating func finishCensus() -> ByteCensus {
        let tail = censusCarry.withUnsafeBufferPointer(ByteCensus.init)
        censusCarry = []
        if census == nil { census = tail } else { census?.add(tail) }
        return census ?? [UInt8]().withUnsafeBufferPointer(ByteCensus.init)
    }

    /// Adds `piece` to the census, cut where `TextFileStream.boundary`
    /// cuts the carry and the piece together, without copying the piece:
    /// the carry goes in with the piece's bytes up to its first one that
    /// does not continue a character, where the census may be split.
    private mutating func addToCensus(_ piece: [UInt8]) {
        guard piece.count >= 4 else { return addToCensusJoined(piece) }
        let cut = TextFileStream.boundary(piece)
        piece.withUnsafeBufferPointer { bytes in
            var split = 0
            if !censusCarry.isEmpty {
                while split < cut, bytes[split] & 0xC0 == 0x80 { split += 1 }
                var head = censusCarry
                head.append(contentsOf: bytes[..<split])
                addCensus(head.withUnsafeBufferPointer(ByteCensus.init))
            }
            if split < cut { addCensus(ByteCensus(UnsafeBufferPointer(rebasing: bytes[split..<cut]))) }
            censusCarry = Array(bytes[cut...])
        }
    }

    /// Adds `piece` after the carry, joined: for pieces too short to
    /// tell the cut from alone.
    private mutating func addToCensusJoined(_ piece: [UInt8]) {
        var whole = censusCarry
        whole.append(contentsOf: piece)
        let cut = TextFileStream.boundary(whole)
        addCensus(whole.withUnsafeBufferPointer { ByteCensus(UnsafeBufferPointer(rebasing: $0[..<cut])) })
        censusCarry = Array(whole[cut...])
    }

    private mutating func addCensus(_ next: ByteCensus) {
        if census == nil { census = next } else { census?.add(next) }
    }
}

/// A file's bytes in blocks, up to the size it had when opened; throws
/// `io` when it turns out shorter or longer, or written to since it was
/// opened (it changed while read, or between passes).
///
/// Each block is read into the array the previous one came in, when its
/// reader has let go of it: a fresh megabyte per block would be mapped
/// and unmapped by the allocator every time, and its pages cleared.
struct CSVFileBlocks: CSVRawPieces {
    private let file: InputFile
    private let blockSize: Int
    private let deadline: Deadline
    private var offset = 0
    private var finished = false
    private var block: [UInt8] = []

    init(_ file: InputFile, blockSize: Int, deadline: Deadline) {
        self.file = file
        self.blockSize = blockSize
        self.deadline = deadline
    }

    var totalBytes: Int { file.size }
    var pieceSize: Int { blockSize }

    mutating func next() throws(ConversionError) -> [UInt8]? {
        guard try !atEnd() else {
            block = []
            return nil
        }
        let wanted = min(blockSize, file.size - offset)
        // Taken out while filled, so the array stays the only reference.
        var piece: [UInt8] = []
        swap(&piece, &block)
        if piece.count != wanted { piece = [UInt8](repeating: 0, count: wanted) }
        let got = try piece.withUnsafeMutableBufferPointer { buffer throws(ConversionError) in try fill(buffer) }
        if got < wanted { piece.removeLast(wanted - got) }
        block = piece
        return piece
    }

    /// Reads one block at most, so the deadline is looked at every block.
    mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ConversionError) -> Int {
        guard try !atEnd() else { return 0 }
        return try fill(UnsafeMutableBufferPointer(rebasing: buffer[..<min(buffer.count, blockSize, file.size - offset)]))
    }

    /// Whether every byte has been read, checking the deadline first and,
    /// at the end, that the file is as it was when opened.
    private mutating func atEnd() throws(ConversionError) -> Bool {
        guard !finished else { return true }
        try deadline.check()
        guard offset >= file.size else { return false }
        finished = true
        try file.checkEnd(at: offset)
        return true
    }

    /// Reads the bytes at `offset` into `buffer` (not more than are left).
    private mutating func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) throws(ConversionError) -> Int {
        let got = POSIXFile.fill(file.descriptor, UnsafeMutableRawBufferPointer(buffer), at: offset)
        if got < 0 { throw .io("cannot read: \(String(cString: strerror(errno)))") }
        guard got > 0 else { throw .io("the file changed while it was being read") }
        offset += got
        return got
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

    var totalBytes: Int { bytes.count }
    var pieceSize: Int { sizes.max() ?? 1 }

    mutating func next() throws(ConversionError) -> [UInt8]? {
        guard offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + sizes[turn % sizes.count])
        turn += 1
        defer { offset = end }
        return Array(bytes[offset..<end])
    }

    /// Reads one slice, or as much of it as `buffer` holds; the next
    /// read starts where this one stopped, with the next size in turn.
    mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ConversionError) -> Int {
        guard offset < bytes.count else { return 0 }
        let end = min(bytes.count, offset + sizes[turn % sizes.count], offset + buffer.count)
        turn += 1
        defer { offset = end }
        return buffer.initialize(fromContentsOf: bytes[offset..<end])
    }
}
