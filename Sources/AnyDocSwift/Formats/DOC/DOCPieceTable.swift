/// The piece table (the CLX): which bytes of the `WordDocument` stream
/// hold each run of character positions (CPs), and whether they are
/// 8-bit or UTF-16.
///
/// Word writes text out of order after editing, so every CP is found
/// through this table; formatting (FKPs) is keyed by the stream offset
/// (FC) the table maps a CP to.
struct DOCPieceTable {
    struct Piece {
        let startCP: Int
        let endCP: Int
        /// Offset in the `WordDocument` stream of the piece's first character.
        let byteOffset: Int
        /// One byte per character (compressed or Word 6 8-bit text) rather than two.
        let isEightBit: Bool
        /// `Prm`: formatting applied to the whole piece.
        let modifier: UInt16
    }

    private(set) var pieces: [Piece]
    /// The property modifier lists (`Prc`) a complex `Prm` points into.
    private(set) var modifierLists: [ArraySlice<UInt8>] = []

    /// One piece covering the whole text: a Word 6/95 file saved without
    /// fast save keeps its text contiguously from `fcMin`.
    init(contiguousFrom byteOffset: Int, length: Int) {
        pieces = [Piece(startCP: 0, endCP: length, byteOffset: byteOffset, isEightBit: true, modifier: 0)]
    }

    /// Parses a CLX: any number of `Prc` (0x01) blocks, then one `Pcdt`
    /// (0x02) holding the PLC of piece descriptors.
    init(clx: ArraySlice<UInt8>, version: DOCFileInformationBlock.Version) throws(ConversionError) {
        let bytes = Array(clx)
        var offset = 0
        pieces = []
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x01:
                guard let size = LittleEndian.uint16(bytes, at: offset + 1) else { throw .malformed("piece table is cut short") }
                let start = offset + 3
                let end = start + Int(Int16(bitPattern: size))
                guard end >= start, end <= bytes.count else { throw .malformed("piece table modifier overruns its table") }
                modifierLists.append(bytes[start..<end])
                offset = end
            case 0x02:
                guard let length = LittleEndian.uint32(bytes, at: offset + 1) else { throw .malformed("piece table is cut short") }
                let start = offset + 5
                guard Int(length) <= bytes.count - start else { throw .malformed("piece table overruns its stream") }
                pieces = try Self.pieces(bytes[start..<(start + Int(length))], version: version)
                return
            default:
                throw .malformed("piece table has an unknown block type \(bytes[offset])")
            }
        }
        throw .malformed("piece table has no piece descriptors")
    }

    /// `PlcPcd`: n+1 CPs, then n 8-byte descriptors (flags, FC, Prm).
    private static func pieces(_ plc: ArraySlice<UInt8>, version: DOCFileInformationBlock.Version) throws(ConversionError) -> [Piece] {
        let bytes = Array(plc)
        guard bytes.count >= 16, (bytes.count - 4) % 12 == 0 else { throw .malformed("piece table has a bad size") }
        let count = (bytes.count - 4) / 12
        var result: [Piece] = []
        result.reserveCapacity(count)
        let descriptors = 4 * (count + 1)
        for index in 0..<count {
            guard let start = LittleEndian.uint32(bytes, at: 4 * index), let end = LittleEndian.uint32(bytes, at: 4 * index + 4),
                let fc = LittleEndian.uint32(bytes, at: descriptors + 8 * index + 2),
                let modifier = LittleEndian.uint16(bytes, at: descriptors + 8 * index + 6)
            else { throw .malformed("piece table is cut short") }
            // CPs must not go backwards; an empty or reversed piece holds nothing.
            guard start <= end, start <= Int32.max, end <= Int32.max else { continue }
            if let last = result.last, Int(start) < last.endCP { throw .malformed("piece table pieces overlap") }
            let isEightBit: Bool
            let byteOffset: Int
            if version == .word6 {
                isEightBit = true
                byteOffset = Int(fc)
            } else {
                isEightBit = fc & 0x4000_0000 != 0
                byteOffset = isEightBit ? Int(fc & 0x3FFF_FFFF) / 2 : Int(fc & 0x3FFF_FFFF)
            }
            result.append(Piece(startCP: Int(start), endCP: Int(end), byteOffset: byteOffset, isEightBit: isEightBit, modifier: modifier))
        }
        return result
    }

    /// Up to `limit` bytes of the 8-bit pieces' text, for telling its code page.
    func eightBitSample(stream: [UInt8], limit: Int = 64 << 10) -> [UInt8] {
        var sample: [UInt8] = []
        for piece in pieces where piece.isEightBit && piece.byteOffset >= 0 && piece.byteOffset < stream.count {
            let end = min(stream.count, piece.byteOffset + (piece.endCP - piece.startCP), piece.byteOffset + limit - sample.count)
            if end > piece.byteOffset { sample += stream[piece.byteOffset..<end] }
            if sample.count >= limit { break }
        }
        return sample
    }

    /// The CP just past the last piece.
    var endCP: Int { pieces.last?.endCP ?? 0 }

    /// The index of the piece holding `cp`.
    func pieceIndex(containing cp: Int) -> Int? {
        var low = 0
        var high = pieces.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let piece = pieces[middle]
            if cp < piece.startCP {
                high = middle - 1
            } else if cp >= piece.endCP {
                low = middle + 1
            } else {
                return middle
            }
        }
        return nil
    }

    /// The stream offset of the character at `cp`, the key of its formatting.
    func fileOffset(ofCP cp: Int) -> Int? {
        guard let index = pieceIndex(containing: cp) else { return nil }
        let piece = pieces[index]
        return piece.byteOffset + (cp - piece.startCP) * (piece.isEightBit ? 1 : 2)
    }

    /// The sprms of a piece's complex `Prm`, if it has one.
    func modifierSprms(of piece: Piece) -> ArraySlice<UInt8>? {
        guard piece.modifier & 1 == 1 else { return nil }
        let index = Int(piece.modifier >> 1)
        return index < modifierLists.count ? modifierLists[index] : nil
    }

    /// The UTF-16 code units of CPs `0..<count`, one per CP. Characters a
    /// piece places outside the stream, and CPs no piece covers, read as
    /// 0 so that positions stay aligned with the document's tables.
    func text(count: Int, stream: [UInt8], eightBit: DOCEightBitText, deadline: Deadline) throws(ConversionError) -> [UInt16] {
        var units = [UInt16](repeating: 0, count: max(count, 0))
        for (number, piece) in pieces.enumerated() {
            if number % 256 == 0 { try deadline.check() }
            let start = min(piece.startCP, units.count)
            let end = min(piece.endCP, units.count)
            guard start < end, piece.byteOffset >= 0 else { continue }
            if piece.isEightBit {
                let available = max(0, min(end - start, stream.count - piece.byteOffset))
                eightBit.decode(stream, offset: piece.byteOffset, count: available, into: &units, at: start)
            } else {
                let available = max(0, min(end - start, (stream.count - piece.byteOffset) / 2))
                for index in 0..<available {
                    let at = piece.byteOffset + 2 * index
                    units[start + index] = UInt16(stream[at]) | UInt16(stream[at + 1]) << 8
                }
            }
        }
        return units
    }
}
