/// Bounded reads of Markdown by Unicode scalar offsets. Scalars, unlike
/// grapheme clusters, do not depend on the Unicode tables of the runtime,
/// so an offset into a pinned version means the same text forever; unlike
/// bytes or UTF-16 units, they never split a character's encoding.
package enum TextSlice {
    package static let defaultMaxChars = 20_000
    package static let maxCharsCap = 100_000

    package struct Slice: Sendable, Equatable {
        package var text: String
        package var offset: Int
        /// Where the next read starts; nil when this slice reaches the end.
        package var nextOffset: Int?
        package var totalChars: Int
    }

    package static func scalarCount(_ bytes: [UInt8]) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Up to `maxChars` scalars from `offset`. A slice that does not reach
    /// the end is cut after its last line break in the second half of the
    /// window, when there is one, so pages end on whole lines.
    package static func slice(_ bytes: [UInt8], offset: Int, maxChars: Int) -> Slice {
        let total = scalarCount(bytes)
        let offset = max(0, offset)
        guard offset < total else { return Slice(text: "", offset: offset, nextOffset: nil, totalChars: total) }
        let maxChars = max(1, maxChars)
        var index = 0
        var scalar = 0
        while index < bytes.count && scalar < offset {
            index += 1
            while index < bytes.count && bytes[index] & 0xC0 == 0x80 { index += 1 }
            scalar += 1
        }
        let startByte = index
        var taken = 0
        var lastBreak: (byte: Int, scalars: Int)?
        while index < bytes.count && taken < maxChars {
            let isBreak = bytes[index] == 0x0A
            index += 1
            while index < bytes.count && bytes[index] & 0xC0 == 0x80 { index += 1 }
            taken += 1
            if isBreak && taken * 2 >= maxChars { lastBreak = (index, taken) }
        }
        var endByte = index
        if index < bytes.count, let lastBreak {
            endByte = lastBreak.byte
            taken = lastBreak.scalars
        }
        let next = offset + taken
        return Slice(text: String(decoding: bytes[startByte..<endByte], as: UTF8.self), offset: offset,
                     nextOffset: next < total ? next : nil, totalChars: total)
    }
}
