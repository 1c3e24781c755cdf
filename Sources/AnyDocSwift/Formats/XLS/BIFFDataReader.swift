/// Reads a record's data followed by its CONTINUE records' data as one
/// run of bytes. Where a record break falls inside a string's characters,
/// the next record opens with a fresh option byte saying whether the
/// characters go on as 8 or 16 bits (BIFF8 string tables and long
/// strings); every other field simply goes on.
///
/// Reads past the end return nil; nothing is read twice, so a reader over
/// hostile data ends after at most as many steps as it has bytes.
struct BIFFDataReader {
    private let bytes: [UInt8]
    private let fragments: [Range<Int>]
    private var fragment = 0
    private var position: Int

    /// `fragments` are ranges of `bytes`: the record's data, then its
    /// continuations.
    init(_ bytes: [UInt8], fragments: [Range<Int>]) {
        self.bytes = bytes
        self.fragments = fragments.filter { $0.lowerBound >= 0 && $0.upperBound <= bytes.count }
        position = self.fragments.first?.lowerBound ?? 0
    }

    init(_ bytes: [UInt8], data: Range<Int>) {
        self.init(bytes, fragments: [data])
    }

    /// Bytes left in the current fragment.
    private var available: Int {
        fragment < fragments.count ? fragments[fragment].upperBound - position : 0
    }

    var isAtEnd: Bool {
        var probe = self
        return !probe.enterNonEmptyFragment()
    }

    /// Moves to the next fragment that has bytes when the current one is
    /// used up; false at the end of the data.
    private mutating func enterNonEmptyFragment() -> Bool {
        while fragment < fragments.count, position >= fragments[fragment].upperBound {
            fragment += 1
            guard fragment < fragments.count else { return false }
            position = fragments[fragment].lowerBound
        }
        return fragment < fragments.count
    }

    mutating func uint8() -> UInt8? {
        guard enterNonEmptyFragment() else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint16() -> UInt16? {
        if available >= 2 {
            defer { position += 2 }
            return LittleEndian.uint16(bytes, at: position)
        }
        guard let low = uint8(), let high = uint8() else { return nil }
        return UInt16(low) | UInt16(high) << 8
    }

    mutating func uint32() -> UInt32? {
        guard let low = uint16(), let high = uint16() else { return nil }
        return UInt32(low) | UInt32(high) << 16
    }

    /// Skips `count` bytes; false when the data ends first.
    @discardableResult
    mutating func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0 {
            guard enterNonEmptyFragment() else { return false }
            let step = min(left, available)
            position += step
            left -= step
        }
        return true
    }

    /// `count` characters, 16-bit when `highByte`, else 8-bit (Latin-1);
    /// a record break inside them reads a new option byte. Nil when the
    /// data ends first.
    mutating func characters(_ count: Int, highByte: Bool) -> [UInt16]? {
        var units: [UInt16] = []
        units.reserveCapacity(min(count, 8_224))
        var wide = highByte
        while units.count < count {
            if available <= 0 || (wide && available == 1) {
                // A break: the next fragment opens with the option byte.
                if available == 1 { position += 1 }
                guard fragment + 1 < fragments.count else { return nil }
                fragment += 1
                position = fragments[fragment].lowerBound
                guard available > 0 else { continue }
                wide = bytes[position] & 0x01 != 0
                position += 1
                continue
            }
            let take = min(count - units.count, wide ? available / 2 : available)
            if wide {
                for index in 0..<take {
                    let at = position + 2 * index
                    units.append(UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8)
                }
                position += 2 * take
            } else {
                for index in 0..<take { units.append(UInt16(bytes[position + index])) }
                position += take
            }
        }
        return units
    }

    /// A BIFF8 string: a character count of `countBytes` (1 or 2) bytes,
    /// option flags, then the characters; rich-text runs and phonetic
    /// data that follow are skipped.
    mutating func unicodeString(countBytes: Int) -> String? {
        let count: Int
        if countBytes == 1 {
            guard let byte = uint8() else { return nil }
            count = Int(byte)
        } else {
            guard let word = uint16() else { return nil }
            count = Int(word)
        }
        guard let flags = uint8() else { return nil }
        var runs = 0
        var extended = 0
        if flags & 0x08 != 0 {
            guard let value = uint16() else { return nil }
            runs = Int(value)
        }
        if flags & 0x04 != 0 {
            guard let value = uint32() else { return nil }
            extended = Int(value)
        }
        guard let units = characters(count, highByte: flags & 0x01 != 0) else { return nil }
        let text = UTF16Text.string(units)
        // Runs and phonetic data may be cut off at the end of the data;
        // the text itself is complete.
        _ = skip(4 * runs) && skip(extended)
        return text
    }
}
