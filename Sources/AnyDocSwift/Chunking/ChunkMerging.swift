/// What happens to the packer's pieces before they become chunks: pieces
/// with nothing but headings or markers join the piece they introduce,
/// small pieces left at a section's end join the piece before, and an
/// overlap repeats the end of the previous chunk.
enum ChunkMerging {
    /// A piece of headings, markers or blank lines joins the next piece
    /// when both fit in one, else the previous one; a chunk holding only
    /// `<!-- page 2 -->` or a bare heading tells a reader nothing.
    static func mergingBodiless(_ pieces: [ChunkPiece], unit: ChunkOptions.Unit, budget: Int) -> [ChunkPiece] {
        var result: [ChunkPiece] = []
        var carried: ChunkPiece?
        for piece in pieces {
            guard let before = carried else {
                if piece.hasBody { result.append(piece) } else { carried = piece }
                continue
            }
            carried = nil
            if before.sizeJoined(with: piece).measure(unit) <= budget {
                let joined = before.joined(with: piece, facts: true)
                if joined.hasBody { result.append(joined) } else { carried = joined }
            } else {
                appendBackward(before, to: &result, unit: unit, budget: budget)
                if piece.hasBody { result.append(piece) } else { carried = piece }
            }
        }
        if let last = carried { appendBackward(last, to: &result, unit: unit, budget: budget) }
        return result
    }

    /// Joins a piece to the last one when they fit together, else adds it.
    private static func appendBackward(_ piece: ChunkPiece, to result: inout [ChunkPiece], unit: ChunkOptions.Unit, budget: Int) {
        if let last = result.last, piece.header == nil, last.sizeJoined(with: piece).measure(unit) <= budget {
            result[result.count - 1] = last.joined(with: piece, facts: false)
        } else {
            result.append(piece)
        }
    }

    /// A piece under a quarter of the budget joins the piece before it in
    /// the same section when they fit together.
    static func mergingSmall(_ pieces: [ChunkPiece], unit: ChunkOptions.Unit, budget: Int) -> [ChunkPiece] {
        var result: [ChunkPiece] = []
        for piece in pieces {
            if let last = result.last, last.section == piece.section, piece.size.measure(unit) * 4 < budget,
                last.sizeJoined(with: piece).measure(unit) <= budget
            {
                result[result.count - 1] = last.joined(with: piece, facts: false)
            } else {
                result.append(piece)
            }
        }
        return result
    }

    /// Starts a chunk earlier, inside the previous piece of its section, by
    /// up to `options.overlap` (whole words). A chunk that repeats a table
    /// header already has its context and gets none.
    static func addOverlap(to chunk: inout Chunk, piece: ChunkPiece, previous: ChunkPiece?, bytes: [UInt8], options: ChunkOptions) {
        guard piece.header == nil, let previous, previous.section == piece.section else { return }
        let lower = previous.bytes.lowerBound
        var cursor = piece.bytes.lowerBound
        var added = ChunkSize()
        while cursor > lower {
            // One step takes a word and the white space after it.
            var wordStart = cursor
            while wordStart > lower, isSpace(bytes[wordStart - 1]) { wordStart -= 1 }
            while wordStart > lower, !isSpace(bytes[wordStart - 1]) { wordStart -= 1 }
            let size = ChunkSize.of(bytes[wordStart..<cursor])
            guard (added + size).measure(options.unit) <= options.overlap else { break }
            added = added + size
            cursor = wordStart
        }
        guard cursor < piece.bytes.lowerBound else { return }
        let extra = bytes[cursor..<piece.bytes.lowerBound]
        chunk.offset -= added.characters
        chunk.length += added.characters
        chunk.byteOffset = cursor
        chunk.byteLength += extra.count
        chunk.text = String(decoding: extra, as: UTF8.self) + chunk.text
        chunk.size = ChunkSize.of(chunk.text)
        chunk.openFence = nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
