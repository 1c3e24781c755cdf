/// The fixed 512-byte header of a compound file (MS-CFB 2.2).
struct CompoundFileHeader: Sendable, Equatable {
    static let signature: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
    /// Header DIFAT slots that name FAT sectors directly.
    static let headerDIFATCount = 109

    let majorVersion: UInt16
    let sectorSize: Int
    let miniSectorSize: Int
    let fatSectorCount: Int
    let firstDirectorySector: UInt32
    let firstMiniFATSector: UInt32
    let miniFATSectorCount: Int
    let firstDIFATSector: UInt32
    let difatSectorCount: Int
    /// The first 109 FAT sector numbers.
    let headerDIFAT: [UInt32]

    static func hasSignature(_ bytes: [UInt8]) -> Bool {
        bytes.count >= signature.count && bytes[0..<signature.count].elementsEqual(signature)
    }

    init(_ bytes: [UInt8]) throws(ConversionError) {
        guard bytes.count >= 512 else { throw .malformed("compound file: shorter than its 512-byte header") }
        guard Self.hasSignature(bytes) else { throw .malformed("compound file: bad signature") }
        guard let major = LittleEndian.uint16(bytes, at: 0x1A),
            let byteOrder = LittleEndian.uint16(bytes, at: 0x1C),
            let sectorShift = LittleEndian.uint16(bytes, at: 0x1E),
            let miniShift = LittleEndian.uint16(bytes, at: 0x20),
            let fatCount = LittleEndian.uint32(bytes, at: 0x2C),
            let firstDirectory = LittleEndian.uint32(bytes, at: 0x30),
            let firstMiniFAT = LittleEndian.uint32(bytes, at: 0x3C),
            let miniFATCount = LittleEndian.uint32(bytes, at: 0x40),
            let firstDIFAT = LittleEndian.uint32(bytes, at: 0x44),
            let difatCount = LittleEndian.uint32(bytes, at: 0x48)
        else { throw .malformed("compound file: truncated header") }
        guard byteOrder == 0xFFFE else { throw .malformed("compound file: bad byte-order mark") }
        // Version 3 means 512-byte sectors and version 4 4096-byte ones;
        // the shift is what locates sectors, so it alone is used.
        guard major == 3 || major == 4 else { throw .malformed("compound file: unknown major version \(major)") }
        guard sectorShift == 9 || sectorShift == 12 else {
            throw .malformed("compound file: unsupported sector size 2^\(sectorShift)")
        }
        guard miniShift == 6 else { throw .malformed("compound file: unsupported mini sector size 2^\(miniShift)") }
        majorVersion = major
        sectorSize = 1 << Int(sectorShift)
        miniSectorSize = 1 << Int(miniShift)
        fatSectorCount = Int(fatCount)
        firstDirectorySector = firstDirectory
        firstMiniFATSector = firstMiniFAT
        miniFATSectorCount = Int(miniFATCount)
        firstDIFATSector = firstDIFAT
        difatSectorCount = Int(difatCount)
        // The 109 slots end the 512-byte header, whose length is checked above.
        headerDIFAT = bytes.withUnsafeBytes { raw in
            [UInt32](unsafeUninitializedCapacity: Self.headerDIFATCount) { slots, initialized in
                for slot in 0..<Self.headerDIFATCount {
                    slots[slot] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 0x4C + 4 * slot, as: UInt32.self))
                }
                initialized = Self.headerDIFATCount
            }
        }
    }
}
