internal import AnyDocSwift
/// Packs a page's lines and line sketches into bytes and back, for
/// `PDFPageStore`: each word's UTF-8 text, box, size, flags and link, in
/// native byte order. Lines are rebuilt from their words, as they were
/// first made.
enum PDFLineCoding {
    private static let bold: UInt8 = 1, italic: UInt8 = 2, softHyphen: UInt8 = 4, rightToLeft: UInt8 = 8

    /// Bytes of a word besides its text: length, box, size, flags, link.
    private static let wordFixedSize = 4 + 5 * 8 + 1 + 8

    static func encode(_ lines: [PDFTextLine], into bytes: inout [UInt8]) {
        // The record's size is known beforehand: the bytes grow once and
        // are written in place.
        var size = 4
        for line in lines {
            size += 5
            for index in line.words.indices { size += wordFixedSize + line.words[index].text.utf8.count }
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: size))
        bytes.withUnsafeMutableBytes { whole in
            var writer = Writer(bytes: UnsafeMutableRawBufferPointer(rebasing: whole[start..<start + size]))
            writer.put(UInt32(lines.count))
            for line in lines {
                writer.put(UInt32(line.words.count))
                writer.put(UInt8(line.isTabular ? 1 : 0))
                for index in line.words.indices {
                    writer.put(line.words[index])
                }
            }
            assert(writer.offset == size)
        }
    }

    /// Writes values one after another into bytes sized for them.
    private struct Writer {
        let bytes: UnsafeMutableRawBufferPointer
        var offset = 0

        mutating func put<T: FixedWidthInteger>(_ value: T) {
            bytes.storeBytes(of: value, toByteOffset: offset, as: T.self)
            offset += MemoryLayout<T>.size
        }

        mutating func put(_ word: PDFWord) {
            let utf8 = word.text.utf8
            put(UInt32(utf8.count))
            let copied = utf8.withContiguousStorageIfAvailable { source in
                UnsafeMutableRawBufferPointer(rebasing: bytes[offset..<offset + source.count])
                    .copyMemory(from: UnsafeRawBufferPointer(source))
                return source.count
            }
            if let copied {
                offset += copied
            } else {
                for byte in utf8 { put(byte) }
            }
            put(word.box.minX.bitPattern)
            put(word.box.minY.bitPattern)
            put(word.box.maxX.bitPattern)
            put(word.box.maxY.bitPattern)
            put(word.fontSize.bitPattern)
            put((word.isBold ? bold : 0) | (word.isItalic ? italic : 0)
                | (word.endsWithSoftHyphen ? softHyphen : 0) | (word.isRightToLeft ? rightToLeft : 0))
            put(Int64(word.link ?? -1))
        }
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) -> [PDFTextLine] {
        var cursor = 0
        func read<T: FixedWidthInteger>(_: T.Type) -> T {
            let value = bytes.loadUnaligned(fromByteOffset: cursor, as: T.self)
            cursor += MemoryLayout<T>.size
            return value
        }
        let lineCount = Int(read(UInt32.self))
        var lines: [PDFTextLine] = []
        lines.reserveCapacity(lineCount)
        for _ in 0..<lineCount {
            let wordCount = Int(read(UInt32.self))
            let isTabular = read(UInt8.self) != 0
            var words: [PDFWord] = []
            words.reserveCapacity(wordCount)
            for _ in 0..<wordCount {
                let length = Int(read(UInt32.self))
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[cursor..<cursor + length]), as: UTF8.self)
                cursor += length
                let minX = Double(bitPattern: read(UInt64.self)), minY = Double(bitPattern: read(UInt64.self))
                let maxX = Double(bitPattern: read(UInt64.self)), maxY = Double(bitPattern: read(UInt64.self))
                let fontSize = Double(bitPattern: read(UInt64.self))
                let flags = read(UInt8.self)
                let link = read(Int64.self)
                words.append(PDFWord(
                    text: text, box: PDFRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY),
                    fontSize: fontSize, isBold: flags & bold != 0, isItalic: flags & italic != 0,
                    link: link >= 0 ? Int(link) : nil, endsWithSoftHyphen: flags & softHyphen != 0,
                    isRightToLeft: flags & rightToLeft != 0))
            }
            var line = PDFTextLine(words: words)
            line.isTabular = isTabular
            lines.append(line)
        }
        return lines
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    static func encode(_ sketch: PDFPageSketch, into bytes: inout [UInt8]) {
        append(UInt32(sketch.lines.count), to: &bytes)
        for line in sketch.lines {
            for value in [line.box.minX, line.box.minY, line.box.maxX, line.box.maxY, line.fontSize] {
                append(value.bitPattern, to: &bytes)
            }
            append(Int64(line.characterCount), to: &bytes)
            append(Int64(line.wordCount), to: &bytes)
            guard var key = line.runningKey else {
                append(UInt32.max, to: &bytes)
                continue
            }
            key.withUTF8 { utf8 in
                append(UInt32(utf8.count), to: &bytes)
                bytes.append(contentsOf: utf8)
            }
        }
    }

    static func decodeSketch(_ bytes: UnsafeRawBufferPointer) -> PDFPageSketch {
        var cursor = 0
        func read<T: FixedWidthInteger>(_: T.Type) -> T {
            let value = bytes.loadUnaligned(fromByteOffset: cursor, as: T.self)
            cursor += MemoryLayout<T>.size
            return value
        }
        func double() -> Double { Double(bitPattern: read(UInt64.self)) }
        let count = Int(read(UInt32.self))
        var lines: [PDFLineSketch] = []
        lines.reserveCapacity(count)
        for _ in 0..<count {
            let minX = double(), minY = double(), maxX = double(), maxY = double(), fontSize = double()
            let characters = Int(read(Int64.self)), words = Int(read(Int64.self))
            let length = read(UInt32.self)
            var key: String?
            if length != UInt32.max {
                key = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[cursor..<cursor + Int(length)]), as: UTF8.self)
                cursor += Int(length)
            }
            lines.append(PDFLineSketch(
                box: PDFRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY), fontSize: fontSize,
                characterCount: characters, wordCount: words, runningKey: key))
        }
        return PDFPageSketch(lines: lines)
    }
}
