/// A reader for OLE2 compound files (MS-CFB): the container of legacy
/// Word, Excel and PowerPoint files and of encrypted OOXML packages.
///
/// Opening parses the header, the DIFAT, the FAT, the mini FAT and the
/// directory tree; streams are read on demand. Every sector number,
/// chain and size is checked against the file: cycles, links out of
/// range and streams longer than their chains are `malformed`; streams
/// over `Limits.maxEntryBytes` are `resource limit`. A damaged file
/// gives an error, never a trap or an endless loop.
struct CompoundFile: Sendable {
    /// A storage or stream of the directory tree.
    struct Entry: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case root, storage, stream }

        /// Position in `CompoundFile.entries`.
        let index: Int
        let name: String
        /// Names from the root down, joined by `/`; empty for the root.
        let path: String
        let kind: Kind
        let startSector: UInt32
        /// The size the directory claims; `read` checks it against the chain.
        let declaredSize: UInt64
        /// Positions in `CompoundFile.entries`, in directory order.
        var children: [Int]
        let parent: Int?
    }

    static let freeSector: UInt32 = 0xFFFF_FFFF
    static let endOfChain: UInt32 = 0xFFFF_FFFE
    static let noStream: UInt32 = 0xFFFF_FFFF
    /// Streams shorter than this live in the mini stream. The header
    /// repeats the value, but MS-CFB fixes it at 4096, so another value
    /// there is damage rather than a choice to follow.
    static let miniStreamCutoff = 4096

    let header: CompoundFileHeader
    let limits: Limits
    /// Every entry reachable from the root; the root is first.
    private(set) var entries: [Entry] = []

    private let bytes: [UInt8]
    // Each table is read with the ones before it, hence vars.
    private var fat: [UInt32] = []
    private var miniFAT: [UInt32] = []
    /// The regular sectors holding the mini stream, in order.
    private var miniStreamSectors: [UInt32] = []
    /// Sectors the file has room for, counting a short last one.
    private let sectorCount: Int

    init(_ bytes: [UInt8], limits: Limits = .default) throws(ConversionError) {
        guard bytes.count <= limits.maxInputBytes else {
            throw .resourceLimit("compound file is \(bytes.count) bytes, over the \(limits.maxInputBytes)-byte input limit")
        }
        let header = try CompoundFileHeader(bytes)
        let sectorSize = header.sectorSize
        // The header fills sector -1; a short last sector still counts.
        let sectorCount = max(0, (bytes.count - 1) / sectorSize)
        self.header = header
        self.limits = limits
        self.bytes = bytes
        self.sectorCount = sectorCount
        self.fat = try readFAT()
        let miniFATSectors = try chain(from: header.firstMiniFATSector, limit: sectorCount)
        self.miniFAT = words(inSectors: miniFATSectors)
        let directorySectors = try chain(from: header.firstDirectorySector, limit: sectorCount)
        guard !directorySectors.isEmpty else { throw .malformed("compound file: no directory") }
        let records = directoryRecords(inSectors: directorySectors)
        let entries = try Self.walkTree(records, maxDepth: limits.maxNestingDepth)
        self.entries = entries
        if let root = entries.first, root.declaredSize > 0 {
            self.miniStreamSectors = try chain(from: root.startSector, limit: sectorCount)
        }
    }

    // MARK: - Lookup

    var root: Entry { entries[0] }

    func children(of entry: Entry) -> [Entry] {
        entry.children.compactMap { $0 < entries.count ? entries[$0] : nil }
    }

    /// The entry at a `/`-separated path below the root, compared
    /// case-insensitively as MS-CFB names are.
    func entry(atPath path: String) -> Entry? {
        var current = root
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            let wanted = component.lowercased()
            guard let next = children(of: current).first(where: { $0.name.lowercased() == wanted }) else { return nil }
            current = next
        }
        return current
    }

    /// A stream or storage directly under the root.
    func entry(named name: String) -> Entry? {
        // Exact first: stream names are almost always spelled as written.
        // Detection asks for names most files lack, so the root's children
        // are walked in place, and folded only when lengths agree.
        let children = entries[0].children
        let length = name.utf8.count
        for index in children where index < entries.count {
            let candidate = entries[index].name
            if candidate.utf8.count == length, candidate == name { return entries[index] }
        }
        // Folded, only names of as many bytes can match: most lookups meet
        // none, and decide nothing more. An ASCII name can only match a
        // name that is ASCII too, and those compare byte by byte.
        var isASCII: Bool?
        var wanted: String?
        for index in children where index < entries.count {
            let candidate = entries[index].name
            guard candidate.utf8.count == length else { continue }
            let ascii = isASCII ?? name.utf8.allSatisfy { $0 < 0x80 }
            isASCII = ascii
            if ascii {
                if Self.equalFoldingASCII(candidate, name) { return entries[index] }
            } else {
                let lowercased = wanted ?? name.lowercased()
                wanted = lowercased
                if candidate.lowercased() == lowercased { return entries[index] }
            }
        }
        return nil
    }

    /// Whether two strings of equal UTF-8 length, `ascii` all ASCII, are
    /// the same but for the case of ASCII letters.
    private static func equalFoldingASCII(_ candidate: String, _ ascii: String) -> Bool {
        var other = ascii.utf8.makeIterator()
        for byte in candidate.utf8 {
            guard byte < 0x80, let wanted = other.next() else { return false }
            if byte == wanted { continue }
            let folded = byte | 0x20
            guard folded == wanted | 0x20, folded >= UInt8(ascii: "a"), folded <= UInt8(ascii: "z") else { return false }
        }
        return true
    }

    /// Every stream, depth first, with its path.
    var streams: [Entry] { entries.filter { $0.kind == .stream } }

    // MARK: - Reading

    /// The bytes of a stream, or of the root's mini-stream container.
    func read(_ entry: Entry) throws(ConversionError) -> [UInt8] {
        guard entry.declaredSize <= UInt64(limits.maxEntryBytes) else {
            throw .resourceLimit("stream \(entry.path) declares \(entry.declaredSize) bytes, over the \(limits.maxEntryBytes)-byte limit")
        }
        return try read(entry, maxBytes: Int(entry.declaredSize))
    }

    /// At most the first `maxBytes` bytes of a stream: enough for a
    /// header without reading the rest.
    func read(_ entry: Entry, maxBytes: Int) throws(ConversionError) -> [UInt8] {
        try read(entry, maxBytes: maxBytes, copying: .max)
    }

    /// What `read(entry, maxBytes:)` gives, checked as it checks (the
    /// same errors for the same damage), but only the first `copying`
    /// bytes of it copied: for readers that know how much of a stream
    /// they need only once they have seen its start.
    func read(_ entry: Entry, maxBytes: Int, copying: Int) throws(ConversionError) -> [UInt8] {
        guard entry.kind != .storage else { throw .malformed("compound file: \(entry.path) is a storage, not a stream") }
        let wanted = Int(clamping: min(entry.declaredSize, UInt64(max(maxBytes, 0))))
        if wanted == 0 { return [] }
        // No chain of distinct sectors can hold more than the file does.
        guard wanted <= sectorCount * header.sectorSize else {
            throw .malformed("compound file: stream \(entry.path) claims more bytes than the file holds")
        }
        if entry.kind == .stream && entry.declaredSize < UInt64(Self.miniStreamCutoff) {
            return try readMini(from: entry.startSector, count: wanted, name: entry.path)
        }
        return try readRegular(from: entry.startSector, count: wanted, copying: max(0, copying), name: entry.path)
    }

    /// A stream's bytes without copying them when its sectors lie in one
    /// run inside the file; otherwise as `read` gives them, with the same
    /// checks and errors.
    func streamBytes(_ entry: Entry) throws(ConversionError) -> CompoundFileStreamBytes {
        if entry.kind == .stream, entry.declaredSize >= UInt64(Self.miniStreamCutoff),
           entry.declaredSize <= UInt64(limits.maxEntryBytes),
           let window = contiguousWindow(from: entry.startSector, count: Int(entry.declaredSize)) {
            return window
        }
        return CompoundFileStreamBytes(try read(entry))
    }

    func read(path: String) throws(ConversionError) -> [UInt8] {
        guard let entry = entry(atPath: path), entry.kind == .stream else { throw .missingPart(path) }
        return try read(entry)
    }

    /// The stream's first `copying` bytes (all of them at most), once its
    /// whole chain of `count` bytes is found sound.
    private func readRegular(from start: UInt32, count: Int, copying: Int, name: String) throws(ConversionError) -> [UInt8] {
        let sectorSize = header.sectorSize
        let needed = (count + sectorSize - 1) / sectorSize
        let sectors = try chain(from: start, limit: needed)
        guard sectors.count == needed else { throw .malformed("compound file: stream \(name) is longer than its sector chain") }
        let count = min(count, copying)
        var result: [UInt8] = []
        result.reserveCapacity(count)
        // Writers mostly lay a stream out in consecutive sectors: a run of
        // them is copied at once.
        var first = 0
        while first < sectors.count {
            if result.count == count {
                // The sectors not copied are checked as copying checks them.
                for sector in sectors[first...] { _ = try sectorOffset(sector) }
                break
            }
            var last = first
            while last + 1 < sectors.count, sectors[last + 1] == sectors[last] &+ 1,
                Int(sectors[last + 1]) < sectorCount
            {
                last += 1
            }
            let take = min((last - first + 1) * sectorSize, count - result.count)
            try appendBytes(at: sectorOffset(sectors[first]), count: take, to: &result)
            first = last + 1
        }
        return result
    }

    /// The file bytes of a regular-sector stream of `count` bytes whose
    /// chain runs through consecutive sectors, all inside the file and the
    /// FAT; nil otherwise (then `readRegular` reads it, or reports what
    /// is wrong). A run of increasing sectors cannot cycle, and the bytes
    /// are those `readRegular` would copy.
    private func contiguousWindow(from start: UInt32, count: Int) -> CompoundFileStreamBytes? {
        let sectorSize = header.sectorSize
        let needed = (count + sectorSize - 1) / sectorSize
        let first = Int(start)
        guard needed > 0, first < sectorCount, needed <= sectorCount - first, first + needed <= fat.count else { return nil }
        var sector = first
        let last = first + needed - 1
        while sector < last {
            guard fat[sector] == UInt32(truncatingIfNeeded: sector + 1) else { return nil }
            sector += 1
        }
        // A file cut short inside the last sector reads as zeros there: copied.
        return CompoundFileStreamBytes(window: bytes, start: (first + 1) * sectorSize, count: count)
    }

    private func readMini(from start: UInt32, count: Int, name: String) throws(ConversionError) -> [UInt8] {
        let miniSize = header.miniSectorSize
        let needed = (count + miniSize - 1) / miniSize
        let sectors = try chain(from: start, limit: needed, table: miniFAT)
        guard sectors.count == needed else { throw .malformed("compound file: stream \(name) is longer than its mini sector chain") }
        let perSector = header.sectorSize / miniSize
        var result: [UInt8] = []
        result.reserveCapacity(count)
        // Mini sectors that follow one another in the file, wholly inside
        // it, are copied together.
        var runStart = 0
        var runLength = 0
        for miniSector in sectors {
            let position = Int(miniSector)
            guard position / perSector < miniStreamSectors.count else {
                throw .malformed("compound file: mini sector \(miniSector) is beyond the mini stream")
            }
            let sector = miniStreamSectors[position / perSector]
            let offset = try sectorOffset(sector) + (position % perSector) * miniSize
            let take = min(miniSize, count - result.count - runLength)
            if runLength > 0, offset == runStart + runLength, offset + take <= bytes.count {
                runLength += take
                continue
            }
            if runLength > 0 { try appendBytes(at: runStart, count: runLength, to: &result) }
            if offset + take <= bytes.count {
                runStart = offset
                runLength = take
            } else {
                runLength = 0
                try appendBytes(at: offset, count: take, to: &result)
            }
        }
        if runLength > 0 { try appendBytes(at: runStart, count: runLength, to: &result) }
        return result
    }

    // MARK: - Tables

    /// Follows a chain of `table` (the FAT unless given) from `start` for
    /// at most `limit` links. Special values mid-chain, links out of range
    /// and revisited sectors are `malformed`.
    private func chain(from start: UInt32, limit: Int, table: [UInt32]? = nil) throws(ConversionError) -> [UInt32] {
        let table = table ?? fat
        var result: [UInt32] = []
        result.reserveCapacity(min(limit, table.count, 1 << 12))
        // A link to a sector above every one before cannot close a cycle,
        // and writers mostly chain upwards: the set of sectors seen (one
        // bit per table entry) is only built at the first link back.
        var seen: [UInt64] = []
        var highest = -1
        var current = start
        while current != Self.endOfChain && result.count < limit {
            // A free sector at the start means an empty chain (writers use
            // it for absent mini FATs and empty streams).
            if current == Self.freeSector && result.isEmpty { break }
            let index = Int(current)
            guard index < table.count else { throw .malformed("compound file: sector \(current) out of range") }
            if index > highest {
                highest = index
                if !seen.isEmpty { seen[index / 64] |= 1 << UInt64(index % 64) }
            } else {
                if seen.isEmpty {
                    seen = [UInt64](repeating: 0, count: (table.count + 63) / 64)
                    for sector in result { seen[Int(sector) / 64] |= 1 << UInt64(sector % 64) }
                }
                let bit: UInt64 = 1 << UInt64(index % 64)
                guard seen[index / 64] & bit == 0 else { throw .malformed("compound file: sector chain has a cycle at \(current)") }
                seen[index / 64] |= bit
            }
            result.append(current)
            current = table[index]
        }
        return result
    }

    /// The FAT: sector numbers from the header's DIFAT, then from the
    /// DIFAT sector chain, each sector read as 32-bit links.
    private func readFAT() throws(ConversionError) -> [UInt32] {
        let wanted = header.fatSectorCount
        guard wanted <= sectorCount else {
            throw .malformed("compound file: \(wanted) FAT sectors declared in a file of \(sectorCount) sectors")
        }
        var fatSectors: [UInt32] = []
        fatSectors.reserveCapacity(wanted)
        for sector in header.headerDIFAT.prefix(wanted) {
            // Writers overstating the count leave free slots: stop there.
            if sector == Self.freeSector || sector == Self.endOfChain { break }
            fatSectors.append(sector)
        }
        var difatSector = header.firstDIFATSector
        var visited = Set<UInt32>()
        let perDIFAT = header.sectorSize / 4 - 1
        while fatSectors.count < wanted, difatSector != Self.endOfChain, difatSector != Self.freeSector {
            guard visited.insert(difatSector).inserted, visited.count <= sectorCount else {
                throw .malformed("compound file: DIFAT chain has a cycle")
            }
            let offset = try sectorOffset(difatSector)
            var slot = 0
            while slot < perDIFAT && fatSectors.count < wanted {
                guard let sector = LittleEndian.uint32(bytes, at: offset + 4 * slot) else { break }
                if sector != Self.freeSector { fatSectors.append(sector) }
                slot += 1
            }
            difatSector = LittleEndian.uint32(bytes, at: offset + 4 * perDIFAT) ?? Self.endOfChain
        }
        for sector in fatSectors where Int(sector) >= sectorCount {
            throw .malformed("compound file: FAT sector \(sector) is beyond the end of the file")
        }
        let table = words(inSectors: fatSectors)
        guard !table.isEmpty else { throw .malformed("compound file: empty FAT") }
        return table
    }

    /// The little-endian words of `sectors`, in order (a short last
    /// sector is read as far as it goes).
    private func words(inSectors sectors: [UInt32]) -> [UInt32] {
        let perSector = header.sectorSize / 4
        var result = [UInt32](repeating: Self.freeSector, count: sectors.count * perSector)
        let sectorSize = header.sectorSize
        result.withUnsafeMutableBytes { table in
            bytes.withUnsafeBytes { raw in
                for (index, sector) in sectors.enumerated() {
                    let offset = (Int(sector) + 1) * sectorSize
                    // A short last sector is read as far as it goes.
                    let available = min(perSector, max(0, (raw.count - offset) / 4))
                    guard available > 0, let source = raw.baseAddress, let target = table.baseAddress else { continue }
                    #if _endian(little)
                    // The table's words are the sector's bytes as they lie.
                    (target + index * sectorSize).copyMemory(from: source + offset, byteCount: 4 * available)
                    #else
                    for slot in 0..<available {
                        table.storeBytes(
                            of: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4 * slot, as: UInt32.self)),
                            toByteOffset: index * sectorSize + 4 * slot, as: UInt32.self)
                    }
                    #endif
                }
            }
        }
        return result
    }

    private func directoryRecords(inSectors sectors: [UInt32]) -> [CompoundFileDirectoryRecord] {
        var records: [CompoundFileDirectoryRecord] = []
        let perSector = header.sectorSize / 128
        records.reserveCapacity(sectors.count * perSector)
        for sector in sectors {
            let offset = (Int(sector) + 1) * header.sectorSize
            for slot in 0..<perSector {
                guard let record = CompoundFileDirectoryRecord(bytes, at: offset + 128 * slot, majorVersion: header.majorVersion) else {
                    return records
                }
                records.append(record)
            }
        }
        return records
    }

    // MARK: - Sectors

    private func sectorOffset(_ sector: UInt32) throws(ConversionError) -> Int {
        guard Int(sector) < sectorCount else { throw .malformed("compound file: sector \(sector) is beyond the end of the file") }
        return (Int(sector) + 1) * header.sectorSize
    }

    /// Appends `count` bytes from `offset`; a file cut short inside its
    /// last sector reads as zeros there, as Office itself tolerates.
    private func appendBytes(at offset: Int, count: Int, to result: inout [UInt8]) throws(ConversionError) {
        guard offset < bytes.count else { throw .malformed("compound file: data beyond the end of the file") }
        let available = min(count, bytes.count - offset)
        result.append(contentsOf: bytes[offset..<(offset + available)])
        if available < count { result.append(contentsOf: repeatElement(0, count: count - available)) }
    }
}
