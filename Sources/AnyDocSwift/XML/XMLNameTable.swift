/// Swift strings for the names libxml2 interns in its dictionary, looked
/// up by the address libxml2 hands over. Every element and attribute
/// name passes through here, so the table is a small open-addressing
/// hash on the pointer bits rather than a `Dictionary` (whose seeded
/// hashing showed up as a tenth of the time spent reading XML).
///
/// Addresses stay valid as long as the parser that interned them, so a
/// table belongs to one reader.
struct XMLNameTable {
    /// Index 0 is "", for a missing name or namespace.
    private(set) var strings: [String] = [""]
    private var keys: [UInt]
    private var values: [Int32]
    private var mask: Int
    /// Strings to read as another string: Strict OOXML's namespace URIs
    /// for the Transitional ones, and known URIs as the constants
    /// converters compare them with (see `XMLNamespaceAliases.interned`).
    private let aliases: [String: String]

    init(aliases: [String: String] = [:]) {
        keys = Array(repeating: 0, count: 64)
        values = Array(repeating: 0, count: 64)
        mask = 63
        self.aliases = aliases
    }

    subscript(index: Int) -> String { strings[index] }

    /// The index of the string at `address` (a NUL-terminated UTF-8 name
    /// owned by libxml2), adding it on first sight.
    mutating func index(of address: UnsafePointer<UInt8>?) -> Int {
        guard let address else { return 0 }
        let key = UInt(bitPattern: address)
        var slot = Self.slot(for: key, mask: mask)
        while true {
            let found = keys[slot]
            if found == key { return Int(values[slot]) }
            if found == 0 { break }
            slot = (slot + 1) & mask
        }
        let raw = String(cString: address)
        strings.append(aliases.isEmpty ? raw : aliases[raw] ?? raw)
        keys[slot] = key
        values[slot] = Int32(strings.count - 1)
        if strings.count * 2 > mask { grow() }
        return strings.count - 1
    }

    private static func slot(for key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: ((key >> 3) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        mask = mask * 2 + 1
        keys = Array(repeating: 0, count: mask + 1)
        values = Array(repeating: 0, count: mask + 1)
        for (key, value) in zip(oldKeys, oldValues) where key != 0 {
            var slot = Self.slot(for: key, mask: mask)
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = value
        }
    }
}
