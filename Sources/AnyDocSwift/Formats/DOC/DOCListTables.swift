/// List definitions (`PlfLst` with its LVLs) and list overrides
/// (`PlfLfo`), and the counters that number list paragraphs as Word
/// shows them.
struct DOCListTables {
    struct Level {
        var start = 1
        /// Number format code: 23 is a bullet, 255 no number.
        var format = 0
        /// False when `fNoRestart` is set: the level keeps counting when a
        /// shallower level advances.
        var restartsAfterHigherLevel = true

        var isBullet: Bool { format == 23 || format == 255 }
    }

    struct Definition {
        let id: UInt32
        var levels: [Level]
    }

    struct Override {
        let listID: UInt32
        /// Start-at overrides by level.
        var startOverrides: [Int: Int] = [:]
    }

    private var definitions: [UInt32: Definition] = [:]
    private var overrides: [Override] = []
    /// Counters per list definition, one per level (nil: not counting).
    private var counters: [UInt32: [Int?]] = [:]
    private var appliedOverrides: Set<Int> = []

    init() {}

    init(table: [UInt8], definitions definitionLocation: DOCFileInformationBlock.Location, overrides overrideLocation: DOCFileInformationBlock.Location) {
        if let bytes = Self.slice(table, definitionLocation) { readDefinitions(Array(bytes)) }
        if let bytes = Self.slice(table, overrideLocation) { readOverrides(Array(bytes)) }
    }

    private static func slice(_ table: [UInt8], _ location: DOCFileInformationBlock.Location) -> ArraySlice<UInt8>? {
        guard !location.isEmpty, location.offset <= table.count else { return nil }
        // The LVLs follow the LSTF array past the stated length, so read on
        // to the end of the stream.
        return table[location.offset...]
    }

    /// `PlfLst`: a count, that many 28-byte LSTFs, then for each list its
    /// 1 or 9 LVLs in order.
    private mutating func readDefinitions(_ bytes: [UInt8]) {
        guard let count = LittleEndian.uint16(bytes, at: 0) else { return }
        var lists: [(id: UInt32, levelCount: Int)] = []
        for index in 0..<Int(count) {
            let at = 2 + 28 * index
            guard let id = LittleEndian.uint32(bytes, at: at), at + 26 < bytes.count else { return }
            let isSimple = bytes[at + 26] & 0x01 != 0
            lists.append((id, isSimple ? 1 : 9))
        }
        var offset = 2 + 28 * Int(count)
        for list in lists {
            var levels: [Level] = []
            for _ in 0..<list.levelCount {
                guard let (level, next) = Self.level(bytes, at: offset) else { break }
                levels.append(level)
                offset = next
            }
            definitions[list.id] = Definition(id: list.id, levels: levels)
        }
    }

    /// One LVL: a 28-byte LVLF, its paragraph and character sprms, then
    /// the number text (a counted UTF-16 string).
    private static func level(_ bytes: [UInt8], at offset: Int) -> (Level, Int)? {
        guard let start = LittleEndian.uint32(bytes, at: offset), offset + 28 <= bytes.count else { return nil }
        var level = Level()
        level.start = Int(Int32(bitPattern: start))
        level.format = Int(bytes[offset + 4])
        level.restartsAfterHigherLevel = bytes[offset + 5] & 0x08 == 0
        let characterSize = Int(bytes[offset + 24])
        let paragraphSize = Int(bytes[offset + 25])
        let textAt = offset + 28 + paragraphSize + characterSize
        guard let textLength = LittleEndian.uint16(bytes, at: textAt) else { return nil }
        let next = textAt + 2 + 2 * Int(textLength)
        guard next <= bytes.count else { return nil }
        return (level, next)
    }

    /// `PlfLfo`: a count, that many 16-byte LFOs, then each LFO's level
    /// overrides (LFOLVL, 8 bytes, followed by an LVL when it reformats).
    private mutating func readOverrides(_ bytes: [UInt8]) {
        guard let count = LittleEndian.uint32(bytes, at: 0), Int(count) <= bytes.count / 16 else { return }
        var levelCounts: [Int] = []
        for index in 0..<Int(count) {
            let at = 4 + 16 * index
            guard let id = LittleEndian.uint32(bytes, at: at), at + 12 < bytes.count else { return }
            overrides.append(Override(listID: id))
            levelCounts.append(Int(bytes[at + 12]))
        }
        var offset = 4 + 16 * Int(count)
        for (index, levelCount) in levelCounts.enumerated() {
            // LFOData: a CP, then the LFOLVLs.
            guard levelCount > 0 else {
                offset += 4
                continue
            }
            offset += 4
            for _ in 0..<levelCount {
                guard let start = LittleEndian.uint32(bytes, at: offset), offset + 8 <= bytes.count else { return }
                let flags = bytes[offset + 4]
                let level = Int(flags & 0x0F)
                let startsAt = flags & 0x10 != 0
                let formats = flags & 0x20 != 0
                offset += 8
                if formats {
                    guard let (_, next) = Self.level(bytes, at: offset) else { return }
                    offset = next
                }
                if startsAt, level < 9 { overrides[index].startOverrides[level] = Int(Int32(bitPattern: start)) }
            }
        }
    }

    /// Whether `listOverride` (1-based `ilfo`) names a real list.
    func isList(_ listOverride: Int) -> Bool {
        listOverride > 0 && listOverride <= overrides.count
    }

    /// Advances the counter of one list paragraph; returns its marker and
    /// the list it belongs to.
    mutating func advance(listOverride: Int, level rawLevel: Int) -> (isBullet: Bool, number: Int, list: UInt32)? {
        guard isList(listOverride) else { return nil }
        let override = overrides[listOverride - 1]
        let level = min(max(rawLevel, 0), 8)
        let definition = definitions[override.listID]
        let format = definition.flatMap { level < $0.levels.count ? $0.levels[level] : $0.levels.last } ?? Level()
        // Taken out while it changes, so that it is not copied.
        var levels = counters.removeValue(forKey: override.listID) ?? Array(repeating: nil, count: 9)
        if let start = override.startOverrides[level], appliedOverrides.insert(listOverride * 16 + level).inserted {
            levels[level] = start - 1
        }
        let number = (levels[level] ?? format.start - 1) + 1
        levels[level] = number
        for deeper in (level + 1)..<9 {
            let deeperLevel = definition.flatMap { deeper < $0.levels.count ? $0.levels[deeper] : nil }
            if deeperLevel?.restartsAfterHigherLevel == false { continue }
            levels[deeper] = nil
        }
        counters[override.listID] = levels
        return (format.isBullet, number, override.listID)
    }
}
