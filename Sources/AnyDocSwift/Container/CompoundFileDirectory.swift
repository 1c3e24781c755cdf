/// One raw 128-byte directory entry (MS-CFB 2.6), before the tree is
/// walked.
struct CompoundFileDirectoryRecord: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        case unallocated = 0, storage = 1, stream = 2, root = 5
    }

    let name: String
    /// nil for the lock-bytes and property kinds no writer uses.
    let kind: Kind?
    let left: UInt32
    let right: UInt32
    let child: UInt32
    let startSector: UInt32
    let size: UInt64

    /// Reads the entry at `offset`; version 3 files keep only the low 32
    /// bits of the size (writers leave garbage in the high half).
    init?(_ bytes: [UInt8], at offset: Int, majorVersion: UInt16) {
        guard offset >= 0, offset <= bytes.count - 128 else { return nil }
        // The 128 bytes are there: the fields are loaded without further checks.
        let (nameLength, left, right, child, start, size) = bytes.withUnsafeBytes { raw in
            (
                UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 0x40, as: UInt16.self)),
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 0x44, as: UInt32.self)),
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 0x48, as: UInt32.self)),
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 0x4C, as: UInt32.self)),
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 0x74, as: UInt32.self)),
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 0x78, as: UInt64.self))
            )
        }
        let kind = Kind(rawValue: bytes[offset + 0x42])
        // Free slots keep stale names nothing reads.
        self.name = kind == .unallocated ? "" : Self.name(bytes, at: offset, length: Int(nameLength))
        self.kind = kind
        self.left = left
        self.right = right
        self.child = child
        self.startSector = start
        self.size = majorVersion == 3 ? size & 0xFFFF_FFFF : size
    }

    /// The name field: `length` counts bytes including the terminating
    /// NUL; a lying length is clamped to the 32 UTF-16 units the field
    /// holds. The caller has checked the 128 bytes are there.
    private static func name(_ bytes: [UInt8], at offset: Int, length: Int) -> String {
        let units = min(length / 2, 32)
        // Stream names are almost always ASCII: their bytes go straight
        // into the string.
        var asciiCount = 0
        while asciiCount < units, bytes[offset + 2 * asciiCount + 1] == 0, bytes[offset + 2 * asciiCount] != 0,
              bytes[offset + 2 * asciiCount] < 0x80 {
            asciiCount += 1
        }
        if asciiCount == units || (bytes[offset + 2 * asciiCount] == 0 && bytes[offset + 2 * asciiCount + 1] == 0) {
            return String(unsafeUninitializedCapacity: asciiCount) { buffer in
                for unit in 0..<asciiCount { buffer[unit] = bytes[offset + 2 * unit] }
                return asciiCount
            }
        }
        var codeUnits: [UInt16] = []
        codeUnits.reserveCapacity(units)
        for unit in 0..<units {
            let value = UInt16(bytes[offset + 2 * unit]) | UInt16(bytes[offset + 2 * unit + 1]) << 8
            if value == 0 { break }
            codeUnits.append(value)
        }
        return UTF16Text.string(codeUnits)
    }
}

extension CompoundFile {
    /// Walks the red-black sibling trees from the root into a flat list
    /// of entries (root first, every entry after its parent),
    /// refusing cycles, dangling links and runaway depth.
    static func walkTree(_ records: [CompoundFileDirectoryRecord], maxDepth: Int) throws(ConversionError) -> [Entry] {
        guard let rootRecord = records.first, rootRecord.kind == .root else {
            throw .malformed("compound file: the first directory entry is not the root")
        }
        var seen = [Bool](repeating: false, count: records.count)
        seen[0] = true
        var entries: [Entry] = []
        entries.reserveCapacity(records.count)
        entries.append(
            Entry(
                index: 0, name: rootRecord.name, path: "", kind: .root, startSector: rootRecord.startSector,
                declaredSize: rootRecord.size, children: [], parent: nil))
        // Storages whose children are still to be listed: (entry index, child id, depth).
        var pending: [(Int, UInt32, Int)] = [(0, rootRecord.child, 1)]
        while let (parentIndex, childID, depth) = pending.popLast() {
            guard depth <= maxDepth else { throw .malformed("compound file: storages nested deeper than \(maxDepth)") }
            var children: [Int] = []
            // In-order walk of one sibling tree, with an explicit stack: a
            // degenerate tree is a list as long as the directory.
            var stack: [UInt32] = []
            var current = childID
            while current != noStream || !stack.isEmpty {
                while current != noStream {
                    let id = Int(current)
                    guard id < records.count else { throw .malformed("compound file: directory link \(id) out of range") }
                    guard !seen[id] else { throw .malformed("compound file: directory tree has a cycle at entry \(id)") }
                    seen[id] = true
                    stack.append(current)
                    current = records[id].left
                }
                guard let top = stack.popLast() else { break }
                let record = records[Int(top)]
                current = record.right
                let kind: Entry.Kind
                switch record.kind {
                case .storage: kind = .storage
                case .stream: kind = .stream
                // An unallocated or root entry inside the tree is damage;
                // its siblings are still worth listing.
                default: continue
                }
                let parentPath = entries[parentIndex].path
                let index = entries.count
                entries.append(
                    Entry(
                        index: index, name: record.name,
                        path: parentPath.isEmpty ? record.name : parentPath + "/" + record.name,
                        kind: kind, startSector: record.startSector, declaredSize: record.size,
                        children: [], parent: parentIndex))
                children.append(index)
                if kind == .storage, record.child != noStream {
                    pending.append((index, record.child, depth + 1))
                }
            }
            entries[parentIndex].children = children
        }
        return entries
    }
}
