/// Passes a large UTF-8 text file through to a sink in blocks, so memory
/// stays at one block whatever the file's size.
///
/// The result is what `TextDecoder` gives for the whole file: a first
/// pass validates every block as UTF-8 and counts NULs and stray
/// controls over the whole; only then does a second pass send the text,
/// as one `.markdown` block in pieces (`DocumentSink.appendMarkdownPiece`).
/// Blocks are cut on character boundaries. Text that is not UTF-8
/// throughout, or that may be ISO-2022-JP or unmarked UTF-16, is left to
/// the whole-file decoder, which has to see everything to choose an
/// encoding. A file that changes between the passes fails with `io`.
enum TextFileStream {
    static let blockSize = 1 << 20

    /// Streams `file` into `sink`; false, with nothing sent, when the
    /// text needs the whole-file decoder.
    static func stream(
        _ file: InputFile, format: DocumentFormat, deadline: Deadline, into sink: DocumentSink
    ) throws(ConversionError) -> Bool {
        let head = try file.read(at: 0, count: 4096)
        if let (encoding, _) = TextDecoder.byteOrderMark(head), encoding != .utf8 { return false }
        if TextDecoder.unmarkedUTF16(head) != nil { return false }
        var census: ByteCensus?
        try forEachPiece(file, deadline: deadline) { piece throws(ConversionError) in
            let next = piece.withUnsafeBufferPointer(ByteCensus.init)
            if census == nil { census = next } else { census?.add(next) }
        }
        guard let census, census.isValidUTF8, !(census.isASCII && census.escapeCount > 0) else { return false }
        try TextDecoder.rejectBinary(census, nul: .reject)
        sink.setMetadata(Metadata(sourceFormat: format))
        var first = true
        try forEachPiece(file, deadline: deadline) { piece throws(ConversionError) in
            let check = piece.withUnsafeBufferPointer(ByteCensus.init)
            guard check.isValidUTF8, check.nulCount == 0 else { throw .io("the file changed while it was being read") }
            let text = String(decoding: piece, as: UTF8.self)
            if first { try sink.append(.markdown(text)) } else { try sink.appendMarkdownPiece(text) }
            first = false
        }
        if first { try sink.append(.markdown("")) }
        return true
    }

    /// The file's text in pieces that end on UTF-8 character boundaries,
    /// without a leading UTF-8 byte order mark. An incomplete sequence at
    /// the very end is handed on as it is, for validation to refuse.
    private static func forEachPiece(
        _ file: InputFile, deadline: Deadline, _ body: ([UInt8]) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        var carry: [UInt8] = []
        var atStart = true
        try file.forEachBlock(size: blockSize) { block throws(ConversionError) in
            try deadline.check()
            var piece = carry
            piece.append(contentsOf: block)
            if atStart, piece.starts(with: [0xEF, 0xBB, 0xBF]) { piece.removeFirst(3) }
            atStart = false
            let cut = boundary(piece)
            carry = Array(piece[cut...])
            piece.removeSubrange(cut...)
            if !piece.isEmpty { try body(piece) }
        }
        if !carry.isEmpty { try body(carry) }
    }

    /// Where the last complete character of `bytes` ends: before a lead
    /// byte among the last four whose sequence runs past the end.
    static func boundary(_ bytes: [UInt8]) -> Int {
        var index = bytes.count - 1
        while index >= max(0, bytes.count - 4) {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 {
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return index + length > bytes.count ? index : bytes.count
            }
            index -= 1
        }
        return bytes.count
    }
}
