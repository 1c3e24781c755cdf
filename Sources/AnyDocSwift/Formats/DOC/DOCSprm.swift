/// One property modifier (`Prl`): a sprm code and its operand.
///
/// Word 6/95 sprms are one byte; the few this converter reads are
/// translated to their Word 97 codes so that one set of rules applies.
struct DOCSprm {
    let opcode: UInt16
    /// The operand without its size prefix, for variable-length sprms.
    let operand: ArraySlice<UInt8>

    var byte: UInt8 { operand.first ?? 0 }
    var word: Int {
        guard operand.count >= 2 else { return Int(byte) }
        let start = operand.startIndex
        return Int(operand[start]) | Int(operand[start + 1]) << 8
    }
    var signedWord: Int { Int(Int16(truncatingIfNeeded: word)) }
    var long: Int {
        guard operand.count >= 4 else { return word }
        let start = operand.startIndex
        var value = 0
        for index in 0..<4 { value |= Int(operand[start + index]) << (8 * index) }
        return Int(Int32(truncatingIfNeeded: value))
    }

    // Paragraph.
    static let paragraphStyle: UInt16 = 0x4600
    static let listLevel: UInt16 = 0x260A
    static let listOverride: UInt16 = 0x460B
    static let inTable: UInt16 = 0x2416
    static let tableRowEnd: UInt16 = 0x2417
    static let outlineLevel: UInt16 = 0x2640
    static let innerTableCell: UInt16 = 0x244B
    static let innerTableRowEnd: UInt16 = 0x244C
    static let tableDepth: UInt16 = 0x6649
    static let tableDepthChange: UInt16 = 0x664A
    static let tableDefinition: UInt16 = 0xD608
    static let tableVerticalMerge: UInt16 = 0xD62B
    // Character.
    static let deleted: UInt16 = 0x0800
    static let pictureLocation: UInt16 = 0x6A03
    static let embeddedObject: UInt16 = 0x080A
    static let symbol: UInt16 = 0x6A09
    static let characterStyle: UInt16 = 0x4A30
    static let font: UInt16 = 0x4A4F
    static let bold: UInt16 = 0x0835
    static let italic: UInt16 = 0x0836
    static let strike: UInt16 = 0x0837
    static let hidden: UInt16 = 0x083C
    static let special: UInt16 = 0x0855
    static let doubleStrike: UInt16 = 0x2A53
    static let verticalPosition: UInt16 = 0x2A48

    /// The sprms of a `grpprl`. A truncated last sprm ends the list.
    static func list(_ grpprl: ArraySlice<UInt8>, version: DOCFileInformationBlock.Version) -> [DOCSprm] {
        var result: [DOCSprm] = []
        // Every sprm takes at least two bytes: one allocation, not a growth per sprm.
        result.reserveCapacity(grpprl.count / 2)
        var offset = grpprl.startIndex
        let end = grpprl.endIndex
        while offset < end {
            let parsed = version == .word6 ? word6(grpprl, at: offset) : word97(grpprl, at: offset)
            guard let (sprm, next) = parsed, next <= end, next > offset else { break }
            result.append(sprm)
            offset = next
        }
        return result
    }

    /// A Word 97 sprm: 16-bit code whose top three bits (spra) give the
    /// operand size.
    private static func word97(_ bytes: ArraySlice<UInt8>, at offset: Int) -> (DOCSprm, Int)? {
        guard offset + 2 <= bytes.endIndex else { return nil }
        let opcode = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
        var start = offset + 2
        let size: Int
        switch opcode >> 13 {
        case 0, 1: size = 1
        case 2, 4, 5: size = 2
        case 3: size = 4
        case 7: size = 3
        default:
            guard start < bytes.endIndex else { return nil }
            if opcode == tableDefinition || opcode == 0xD606 {
                guard start + 2 <= bytes.endIndex else { return nil }
                // The count includes one byte more than follows it.
                size = max(0, (Int(bytes[start]) | Int(bytes[start + 1]) << 8) - 1)
                start += 2
            } else if opcode == 0xC615, bytes[start] == 255 {
                size = changedTabsSize(bytes, at: start + 1)
                start += 1
            } else {
                size = Int(bytes[start])
                start += 1
            }
        }
        let next = start + size
        guard next <= bytes.endIndex else { return nil }
        return (DOCSprm(opcode: opcode, operand: bytes[start..<next]), next)
    }

    /// `sprmPChgTabs` with a size byte of 255: deleted tabs with their
    /// close zones, then added tabs with their descriptors.
    private static func changedTabsSize(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Int {
        guard offset < bytes.endIndex else { return 0 }
        let deleted = Int(bytes[offset])
        let addedAt = offset + 1 + 4 * deleted
        guard addedAt < bytes.endIndex else { return 1 + 4 * deleted }
        return 1 + 4 * deleted + 1 + 3 * Int(bytes[addedAt])
    }

    /// Word 6/95 sprm codes this converter reads, as their Word 97 codes.
    private static let word6Codes: [UInt8: UInt16] = [
        2: paragraphStyle, 24: inTable, 25: tableRowEnd,
        65: deleted, 68: pictureLocation, 80: characterStyle, 85: bold, 86: italic, 87: strike, 92: hidden,
        104: verticalPosition, 117: special,
    ]

    /// A Word 6/95 sprm: one-byte code; operand sizes by code.
    private static func word6(_ bytes: ArraySlice<UInt8>, at offset: Int) -> (DOCSprm, Int)? {
        let code = bytes[offset]
        var start = offset + 1
        let size: Int
        switch code {
        case 2, 16, 17, 18, 19, 21, 22, 26, 27, 28, 30, 31, 32, 33, 34, 35, 36, 38, 39, 40, 41, 42, 43, 45, 46, 47, 48, 49,
             69, 72, 80, 93, 96, 97, 99, 101, 105, 106, 107, 109, 110, 121, 122, 123, 124, 140, 141, 144, 145, 148, 149,
             154, 155, 156, 157, 160, 161, 164, 165, 166, 167, 168, 169, 170, 171, 182, 183, 184, 189, 195, 197, 198:
            size = 2
        case 3, 12, 15, 81, 103, 108, 188, 190, 191:
            guard start < bytes.endIndex else { return nil }
            size = Int(bytes[start])
            start += 1
        case 20, 70, 74, 192, 194, 196, 200: size = 4
        case 23:
            guard start < bytes.endIndex else { return nil }
            var length = Int(bytes[start])
            if length == 255 { length = changedTabsSize(bytes, at: start + 1) }
            size = length
            start += 1
        case 68:
            // A size byte (always 4), then the picture's offset.
            guard start < bytes.endIndex else { return nil }
            start += 1
            size = 4
        case 193, 199: size = 5
        case 73, 95, 136, 137: size = 3
        case 120: size = 13
        case 187: size = 12
        default: size = 1
        }
        let next = start + size
        guard next <= bytes.endIndex else { return nil }
        return (DOCSprm(opcode: word6Codes[code] ?? 0, operand: bytes[start..<next]), next)
    }
}
