/// Rebuilds a central directory from a ZIP file's local headers.
///
/// A truncated download or a damaged end record leaves libzip nothing to
/// open, yet the complete entries before the damage are intact. Walking
/// the local headers from the start and appending a fresh central
/// directory makes those entries readable again; the first header that
/// is incomplete or inconsistent ends the walk.
enum ZipRecovery {
    private static let localSignature: UInt32 = 0x0403_4B50
    private static let descriptorSignature: UInt32 = 0x0807_4B50

    private struct Found {
        let offset: Int
        let versionNeeded: UInt16
        let flags: UInt16
        let method: UInt16
        let time: UInt16
        let date: UInt16
        let crc: UInt32
        let compressedSize: UInt32
        let size: UInt32
        let name: ArraySlice<UInt8>
    }

    /// The bytes of a well-formed archive holding every complete entry,
    /// or nil when not even one entry is complete.
    static func rebuild(_ bytes: [UInt8], maxEntries: Int) -> [UInt8]? {
        var offset = 0
        // A spanned-archive marker may precede the first header.
        if let marker = LittleEndian.uint32(bytes, at: 0), marker == descriptorSignature || marker == 0x3030_4B50 {
            offset = 4
        }
        var found: [Found] = []
        var end = offset
        // ZIP64 is not attempted; the 16-bit entry count is the ceiling.
        let cap = min(maxEntries, 0xFFFF)
        while found.count < cap, LittleEndian.uint32(bytes, at: offset) == localSignature,
              let (entry, next) = localEntry(bytes, at: offset) {
            found.append(entry)
            end = min(next, bytes.count)
            offset = next
        }
        guard !found.isEmpty, end <= 0xFFFF_FFFF else { return nil }
        var rebuilt = Array(bytes[0..<end])
        appendCentralDirectory(found, to: &rebuilt)
        return rebuilt
    }

    /// The complete entry whose local header is at `offset`, and where the
    /// next header would start; nil when it is incomplete or inconsistent.
    private static func localEntry(_ bytes: [UInt8], at offset: Int) -> (Found, next: Int)? {
        guard let versionNeeded = LittleEndian.uint16(bytes, at: offset + 4),
            let flags = LittleEndian.uint16(bytes, at: offset + 6),
            let method = LittleEndian.uint16(bytes, at: offset + 8),
            let time = LittleEndian.uint16(bytes, at: offset + 10),
            let date = LittleEndian.uint16(bytes, at: offset + 12),
            var crc = LittleEndian.uint32(bytes, at: offset + 14),
            var compressedSize = LittleEndian.uint32(bytes, at: offset + 18),
            var size = LittleEndian.uint32(bytes, at: offset + 22),
            let nameLength = LittleEndian.uint16(bytes, at: offset + 26),
            let extraLength = LittleEndian.uint16(bytes, at: offset + 28)
        else { return nil }
        let nameStart = offset + 30
        let dataStart = nameStart + Int(nameLength) + Int(extraLength)
        guard dataStart <= bytes.count, compressedSize != 0xFFFF_FFFF, size != 0xFFFF_FFFF else { return nil }
        var next: Int
        if flags & 0x0008 != 0 && compressedSize == 0 {
            // Sizes follow the data in a descriptor: find the one whose
            // compressed size matches the distance from the data.
            guard let descriptor = findDescriptor(bytes, dataStart: dataStart),
                let descriptorCRC = LittleEndian.uint32(bytes, at: descriptor + 4),
                let descriptorCompressed = LittleEndian.uint32(bytes, at: descriptor + 8),
                let descriptorSize = LittleEndian.uint32(bytes, at: descriptor + 12)
            else { return nil }
            crc = descriptorCRC
            compressedSize = descriptorCompressed
            size = descriptorSize
            next = descriptor + 16
        } else {
            let dataEnd = dataStart + Int(compressedSize)
            guard dataEnd <= bytes.count else { return nil }
            next = dataEnd
            if flags & 0x0008 != 0, LittleEndian.uint32(bytes, at: dataEnd) == descriptorSignature {
                next = dataEnd + 16
            }
        }
        let entry = Found(
            offset: offset, versionNeeded: versionNeeded, flags: flags, method: method, time: time, date: date,
            crc: crc, compressedSize: compressedSize, size: size,
            name: bytes[nameStart..<(nameStart + Int(nameLength))])
        return (entry, next)
    }

    /// Appends a central directory for `found` and its end record.
    private static func appendCentralDirectory(_ found: [Found], to rebuilt: inout [UInt8]) {
        let directoryStart = rebuilt.count
        for entry in found {
            LittleEndian.append(UInt32(0x0201_4B50), to: &rebuilt)
            LittleEndian.append(UInt16(20), to: &rebuilt)  // made by
            LittleEndian.append(entry.versionNeeded, to: &rebuilt)
            LittleEndian.append(entry.flags, to: &rebuilt)
            LittleEndian.append(entry.method, to: &rebuilt)
            LittleEndian.append(entry.time, to: &rebuilt)
            LittleEndian.append(entry.date, to: &rebuilt)
            LittleEndian.append(entry.crc, to: &rebuilt)
            LittleEndian.append(entry.compressedSize, to: &rebuilt)
            LittleEndian.append(entry.size, to: &rebuilt)
            LittleEndian.append(UInt16(entry.name.count), to: &rebuilt)
            LittleEndian.append(UInt16(0), to: &rebuilt)  // extra
            LittleEndian.append(UInt16(0), to: &rebuilt)  // comment
            LittleEndian.append(UInt16(0), to: &rebuilt)  // disk
            LittleEndian.append(UInt16(0), to: &rebuilt)  // internal attributes
            LittleEndian.append(UInt32(0), to: &rebuilt)  // external attributes
            LittleEndian.append(UInt32(entry.offset), to: &rebuilt)
            rebuilt.append(contentsOf: entry.name)
        }
        let directorySize = rebuilt.count - directoryStart
        LittleEndian.append(UInt32(0x0605_4B50), to: &rebuilt)
        LittleEndian.append(UInt16(0), to: &rebuilt)
        LittleEndian.append(UInt16(0), to: &rebuilt)
        LittleEndian.append(UInt16(found.count), to: &rebuilt)
        LittleEndian.append(UInt16(found.count), to: &rebuilt)
        LittleEndian.append(UInt32(truncatingIfNeeded: directorySize), to: &rebuilt)
        LittleEndian.append(UInt32(truncatingIfNeeded: directoryStart), to: &rebuilt)
        LittleEndian.append(UInt16(0), to: &rebuilt)
    }

    /// The offset of the data descriptor closing data that starts at
    /// `dataStart`: a signature whose compressed-size field equals the
    /// distance back to the data.
    private static func findDescriptor(_ bytes: [UInt8], dataStart: Int) -> Int? {
        var position = dataStart
        while position + 16 <= bytes.count {
            if bytes[position] == 0x50, LittleEndian.uint32(bytes, at: position) == descriptorSignature,
                let compressed = LittleEndian.uint32(bytes, at: position + 8), Int(compressed) == position - dataStart
            {
                return position
            }
            position += 1
        }
        return nil
    }
}
