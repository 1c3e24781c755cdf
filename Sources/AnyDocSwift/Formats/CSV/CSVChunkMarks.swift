/// The delimiters, line breaks and quotes of one 64-byte chunk of a
/// reader's bytes, one bit per byte (`ByteChunk`), kept for the chunk
/// last looked at: records are short, so the next record usually starts
/// in the chunk where the last one ended and is read off the same marks.
///
/// Chunks are cut at multiples of 64 from the start of the bytes. The
/// last chunk may be short: its missing bytes read as NUL, which is no
/// delimiter, line break or quote.
struct CSVChunkMarks {
    let delimiter: UInt8
    /// Where the chunk whose marks are kept starts; -1 for none.
    private(set) var start = -1
    private(set) var delimiters: UInt64 = 0
    /// LF and CR.
    private(set) var breaks: UInt64 = 0
    private(set) var quotes: UInt64 = 0

    init(delimiter: UInt8) {
        self.delimiter = delimiter
    }

    /// Makes the marks those of the chunk at `chunk` (a multiple of 64
    /// below `bytes.count`), unless they already are.
    @inline(__always)
    mutating func load(_ bytes: UnsafeBufferPointer<UInt8>, chunk: Int) {
        guard chunk != start, let base = bytes.baseAddress else { return }
        start = chunk
        if chunk + ByteChunk.size <= bytes.count {
            mark(UnsafeRawPointer(base + chunk))
        } else {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteChunk.size) { padded in
                let copied = padded.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: bytes[chunk...]))
                padded[copied...].initialize(repeating: 0)
                mark(UnsafeRawPointer(padded.baseAddress!))
                padded.deinitialize()
            }
        }
    }

    @inline(__always)
    private mutating func mark(_ base: UnsafeRawPointer) {
        let delimiterLanes = SIMD16<UInt8>(repeating: delimiter), quoteLanes = SIMD16<UInt8>(repeating: 0x22)
        let lineFeeds = SIMD16<UInt8>(repeating: 0x0A), carriageReturns = SIMD16<UInt8>(repeating: 0x0D)
        var delimiters: UInt64 = 0, breaks: UInt64 = 0, quotes: UInt64 = 0
        for lane in 0..<4 {
            let bytes = ByteChunk.lanes(base, 16 * lane), shift = UInt64(16 * lane)
            delimiters |= ByteChunk.bits(bytes .== delimiterLanes) << shift
            breaks |= ByteChunk.bits((bytes .== lineFeeds) .| (bytes .== carriageReturns)) << shift
            quotes |= ByteChunk.bits(bytes .== quoteLanes) << shift
        }
        self.delimiters = delimiters
        self.breaks = breaks
        self.quotes = quotes
    }
}
