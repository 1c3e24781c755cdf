/// Builds small version-3 compound files byte by byte, so tests can break
/// exactly one structure at a time.
///
/// Layout: header, sector 0 the FAT, sector 1 the directory (four
/// entries), then regular streams, then the mini stream container and
/// its mini FAT. Streams under 4096 bytes go to the mini stream.
struct CompoundFileFixture {
    static let sectorSize = 512
    static let endOfChain: UInt32 = 0xFFFF_FFFE
    static let free: UInt32 = 0xFFFF_FFFF

    var streams: [(name: String, bytes: [UInt8])]

    /// Where things landed, for tests that corrupt them.
    struct Layout {
        var fatOffset: Int { 512 }
        var directoryOffset: Int { 1024 }
        /// The sector each stream starts in (regular or mini).
        var startSectors: [UInt32] = []
        var miniFATSector: UInt32?
        var miniStreamSector: UInt32?
    }

    func build() -> (bytes: [UInt8], layout: Layout) {
        precondition(streams.count <= 3, "one directory sector holds the root and three streams")
        var fat: [UInt32] = [0xFFFF_FFFD, Self.endOfChain]
        var sectors: [[UInt8]] = []  // sectors after the directory, numbered from 2
        var layout = Layout()
        var miniStream: [UInt8] = []
        var miniFAT: [UInt32] = []

        func appendChain(_ data: [UInt8]) -> UInt32 {
            let first = UInt32(2 + sectors.count)
            let count = max(1, (data.count + Self.sectorSize - 1) / Self.sectorSize)
            for index in 0..<count {
                var sector = Array(data.dropFirst(index * Self.sectorSize).prefix(Self.sectorSize))
                sector += [UInt8](repeating: 0, count: Self.sectorSize - sector.count)
                sectors.append(sector)
                fat.append(index == count - 1 ? Self.endOfChain : UInt32(fat.count + 1))
            }
            return first
        }

        for stream in streams {
            if stream.bytes.count >= 4096 {
                layout.startSectors.append(appendChain(stream.bytes))
            } else {
                let first = UInt32(miniStream.count / 64)
                let count = max(1, (stream.bytes.count + 63) / 64)
                for index in 0..<count {
                    var chunk = Array(stream.bytes.dropFirst(index * 64).prefix(64))
                    chunk += [UInt8](repeating: 0, count: 64 - chunk.count)
                    miniStream += chunk
                    miniFAT.append(index == count - 1 ? Self.endOfChain : UInt32(miniFAT.count + 1))
                }
                layout.startSectors.append(first)
            }
        }
        var rootStart = Self.endOfChain
        var miniFATStart = Self.endOfChain
        if !miniStream.isEmpty {
            rootStart = appendChain(miniStream)
            layout.miniStreamSector = rootStart
            var table: [UInt8] = []
            for value in miniFAT { table += Self.le32(value) }
            miniFATStart = appendChain(table)
            layout.miniFATSector = miniFATStart
        }
        precondition(fat.count <= 128, "one FAT sector")

        var header = [UInt8](repeating: 0, count: 512)
        header.replaceSubrange(0..<8, with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1])
        Self.put16(&header, 0x18, 0x003E)
        Self.put16(&header, 0x1A, 3)
        Self.put16(&header, 0x1C, 0xFFFE)
        Self.put16(&header, 0x1E, 9)
        Self.put16(&header, 0x20, 6)
        Self.put32(&header, 0x2C, 1)  // FAT sectors
        Self.put32(&header, 0x30, 1)  // first directory sector
        Self.put32(&header, 0x38, 4096)
        Self.put32(&header, 0x3C, miniFATStart)
        Self.put32(&header, 0x40, miniFATStart == Self.endOfChain ? 0 : 1)
        Self.put32(&header, 0x44, Self.endOfChain)
        Self.put32(&header, 0x48, 0)
        for slot in 0..<109 { Self.put32(&header, 0x4C + 4 * slot, slot == 0 ? 0 : Self.free) }

        var fatSector: [UInt8] = []
        for slot in 0..<128 { fatSector += Self.le32(slot < fat.count ? fat[slot] : Self.free) }

        var directory: [UInt8] = []
        directory += entry(name: "Root Entry", type: 5, left: Self.free, right: Self.free,
                           child: streams.isEmpty ? Self.free : 1, start: rootStart, size: UInt32(miniStream.count))
        for (index, stream) in streams.enumerated() {
            let right = index + 1 < streams.count ? UInt32(index + 2) : Self.free
            directory += entry(name: stream.name, type: 2, left: Self.free, right: right, child: Self.free,
                               start: layout.startSectors[index], size: UInt32(stream.bytes.count))
        }
        while directory.count < 512 { directory += entry(name: "", type: 0, left: Self.free, right: Self.free, child: Self.free, start: 0, size: 0) }

        var bytes = header + fatSector + directory
        for sector in sectors { bytes += sector }
        return (bytes, layout)
    }

    private func entry(name: String, type: UInt8, left: UInt32, right: UInt32, child: UInt32, start: UInt32, size: UInt32) -> [UInt8] {
        var record = [UInt8](repeating: 0, count: 128)
        let units = Array(name.utf16.prefix(31))
        for (index, unit) in units.enumerated() {
            record[2 * index] = UInt8(unit & 0xFF)
            record[2 * index + 1] = UInt8(unit >> 8)
        }
        Self.put16(&record, 0x40, name.isEmpty ? 0 : UInt16((units.count + 1) * 2))
        record[0x42] = type
        record[0x43] = 1
        Self.put32(&record, 0x44, left)
        Self.put32(&record, 0x48, right)
        Self.put32(&record, 0x4C, child)
        Self.put32(&record, 0x74, start)
        Self.put32(&record, 0x78, size)
        return record
    }

    static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    static func put16(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt16) {
        bytes[offset] = UInt8(value & 0xFF)
        bytes[offset + 1] = UInt8(value >> 8)
    }

    static func put32(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
        bytes.replaceSubrange(offset..<(offset + 4), with: le32(value))
    }
}
