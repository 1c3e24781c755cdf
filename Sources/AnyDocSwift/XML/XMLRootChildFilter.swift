#if canImport(Glibc)
import Glibc
#endif

/// Cuts whole children of the root element out of an XML part before it
/// is parsed, for parts whose bulk is something no converter reads: a
/// Word `styles.xml` is mostly `w:latentStyles` (display defaults for the
/// built-in styles), an Excel `styles.xml` mostly fonts, fills and
/// borders. Skipping them after parsing still costs the parse. For parts
/// read only for a few elements, elements of the given names can be cut
/// at any depth below the root too (an OpenDocument `styles.xml` is
/// mostly paragraph and list-level layout nobody reads).
///
/// The scan only finds tag boundaries (quotes, comments, CDATA and
/// processing instructions respected); it never interprets the markup.
/// Whenever the bytes are anything but plain UTF-8 XML without a DOCTYPE,
/// or the tags do not balance, it gives the bytes back unchanged, and the
/// parser judges them as before. What is cut goes unparsed, so damage
/// inside a dropped child no longer stops the conversion.
enum XMLRootChildFilter {
    /// Whether `marker` occurs in `bytes`: cheap next to a scan, as its
    /// first byte is looked for with memchr.
    static func contains(_ marker: String, in bytes: [UInt8]) -> Bool {
        let needle = Array(marker.utf8)
        guard let first = needle.first else { return true }
        return bytes.withUnsafeBufferPointer { haystack in
            var index = 0
            while let candidate = find(first, in: haystack, from: index) {
                guard candidate + needle.count <= haystack.count else { return false }
                if haystack[candidate..<candidate + needle.count].elementsEqual(needle) { return true }
                index = candidate + 1
            }
            return false
        }
    }

    /// The largest part read whole to be filtered; larger ones stream.
    static let maxPartBytes = 16 << 20

    /// The bytes of an archive part without the root's children that
    /// `drop` names, or nil when the part should stream unfiltered: it is
    /// missing, a folder, declared larger than `maxPartBytes` or smaller
    /// than `minimumBytes`, or lacks `marker` (the end tag of what is
    /// worth cutting, say).
    static func filteredPart(
        _ part: String, in archive: ZipArchive, dropping drop: (String) -> Bool, atAnyDepth: Bool = false,
        stoppingAt stop: String? = nil, ifContaining marker: String? = nil, minimumBytes: Int = 0
    ) throws(ConversionError) -> [UInt8]? {
        guard let entry = archive.entry(named: part), !entry.isDirectory,
            entry.declaredSize <= maxPartBytes, entry.declaredSize >= minimumBytes
        else { return nil }
        let bytes = try archive.read(entry)
        if let marker, !contains(marker, in: bytes) { return bytes }
        return removingRootChildren(from: bytes, where: drop, atAnyDepth: atAnyDepth, stoppingAt: stop)
    }

    /// `bytes` without the root's children whose local name `drop` accepts
    /// (with `atAnyDepth`, without any such element below the root). With
    /// `stop`, the scan ends at the root child of that local name and what
    /// follows is kept as it is (a document's body after its styles).
    static func removingRootChildren(
        from bytes: [UInt8], where drop: (String) -> Bool, atAnyDepth: Bool = false, stoppingAt stop: String? = nil
    ) -> [UInt8] {
        let cuts = bytes.withUnsafeBufferPointer { findCuts($0, drop: drop, atAnyDepth: atAnyDepth, stop: stop) }
        guard let cuts, !cuts.isEmpty else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var start = 0
        for cut in cuts {
            result.append(contentsOf: bytes[start..<cut.lowerBound])
            start = cut.upperBound
        }
        result.append(contentsOf: bytes[start...])
        return result
    }

    private static let lessThan = UInt8(ascii: "<")
    private static let greaterThan = UInt8(ascii: ">")

    /// The byte ranges to cut, in order; nil when the bytes are not plain.
    private static func findCuts(
        _ bytes: UnsafeBufferPointer<UInt8>, drop: (String) -> Bool, atAnyDepth: Bool, stop: String?
    ) -> [Range<Int>]? {
        let count = bytes.count
        var index = 0
        // A UTF-8 byte-order mark may open the part; other encodings are
        // left to the parser.
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < count, isSpace(bytes[index]) { index += 1 }
        guard index < count, bytes[index] == lessThan else { return nil }

        var depth = 0
        var cuts: [Range<Int>] = []
        var cutStart: Int?
        // The depth inside the element being cut.
        var cutDepth = 0
        while true {
            guard let open = find(lessThan, in: bytes, from: index) else { break }
            guard open + 1 < count else { return nil }
            switch bytes[open + 1] {
            case UInt8(ascii: "?"):
                guard let end = find("?>", in: bytes, from: open + 2) else { return nil }
                index = end
            case UInt8(ascii: "!"):
                if matches("<!--", in: bytes, at: open) {
                    guard let end = find("-->", in: bytes, from: open + 4) else { return nil }
                    index = end
                } else if matches("<![CDATA[", in: bytes, at: open) {
                    guard let end = find("]]>", in: bytes, from: open + 9) else { return nil }
                    index = end
                } else {
                    // A DOCTYPE may declare entities: leave it all to the parser.
                    return nil
                }
            case UInt8(ascii: "/"):
                guard let close = find(greaterThan, in: bytes, from: open + 2) else { return nil }
                depth -= 1
                guard depth >= 0 else { return nil }
                if let start = cutStart, depth == cutDepth {
                    cuts.append(start..<close + 1)
                    cutStart = nil
                }
                index = close + 1
            default:
                guard let close = endOfStartTag(bytes, from: open + 1) else { return nil }
                let selfClosing = bytes[close - 1] == UInt8(ascii: "/")
                // The rest is the parser's to judge: every cut so far is whole.
                if let stop, depth == 1, cutStart == nil, localName(bytes, from: open + 1) == stop { return cuts }
                if cutStart == nil, depth == 1 || (atAnyDepth && depth > 1), drop(localName(bytes, from: open + 1)) {
                    if selfClosing { cuts.append(open..<close + 1) } else { cutStart = open; cutDepth = depth }
                }
                if !selfClosing { depth += 1 }
                index = close + 1
            }
        }
        guard depth == 0, cutStart == nil else { return nil }
        return cuts
    }

    /// The `>` ending a start tag whose name begins at `start`, skipping
    /// quoted attribute values.
    private static func endOfStartTag(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            // Names, spaces and `=` are most of a tag: one test passes them.
            guard isTagSyntax(byte) else {
                index += 1
                continue
            }
            if byte == greaterThan { return index }
            if byte == lessThan { return nil }
            // A quoted value runs to its closing quote, `>` and all.
            index += 1
            while index < count, bytes[index] != byte { index += 1 }
            index += 1
        }
        return nil
    }

    /// `<`, `>` and the two quotes: the bytes that end a stretch of a tag.
    private static func isTagSyntax(_ byte: UInt8) -> Bool {
        // All four are below 0x40, so one shift tests the set.
        byte < 0x40 && (tagSyntaxMask >> UInt64(byte)) & 1 != 0
    }

    private static let tagSyntaxMask: UInt64 = 1 << 0x3C | 1 << 0x3E | 1 << 0x22 | 1 << 0x27

    /// The element name at `start` without its prefix.
    private static func localName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        var end = start
        var nameStart = start
        while end < bytes.count {
            let byte = bytes[end]
            if isSpace(byte) || byte == greaterThan || byte == UInt8(ascii: "/") { break }
            if byte == UInt8(ascii: ":") { nameStart = end + 1 }
            end += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<end]), as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The position just past the next `pattern` from `start`.
    private static func find(_ pattern: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let length = pattern.utf8CodeUnitCount
        let first = pattern.utf8Start.pointee
        var index = start
        while let candidate = find(first, in: bytes, from: index) {
            if matches(pattern, in: bytes, at: candidate) { return candidate + length }
            index = candidate + 1
        }
        return nil
    }

    private static func matches(_ pattern: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        let length = pattern.utf8CodeUnitCount
        guard position + length <= bytes.count else { return false }
        let pointer = pattern.utf8Start
        for offset in 0..<length where bytes[position + offset] != pointer[offset] { return false }
        return true
    }
}
