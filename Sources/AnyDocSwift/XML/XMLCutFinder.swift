/// Finds the elements to cut out of an XML part before it is parsed: a
/// scan for tag boundaries (quotes, comments, CDATA and processing
/// instructions respected) that never interprets the markup. The filters
/// built on it (`XMLRootChildFilter`, `XMLElementFilter`) say which
/// elements go.
///
/// Whenever the bytes are anything but plain UTF-8 XML without a DOCTYPE,
/// or the tags do not balance, it finds nothing to cut, and the parser
/// judges the bytes as before. What is cut goes unparsed, so damage inside
/// a cut element no longer stops the conversion.
enum XMLCutFinder {
    /// The byte ranges of the elements `cut` accepts, in order, or nil
    /// when the bytes are not plain. `cut` is asked about each start tag
    /// outside a cut, with the element's depth (the root is 0) and its
    /// name without prefix; it is never asked about the root. When `stop`
    /// accepts a start tag outside a cut, the scan ends there and what
    /// follows is left to the parser (a body after its styles).
    static func cuts(
        in bytes: UnsafeBufferPointer<UInt8>,
        stoppingAt stop: ((_ depth: Int, _ localName: UnsafeBufferPointer<UInt8>) -> Bool)? = nil,
        where cut: (_ depth: Int, _ localName: UnsafeBufferPointer<UInt8>) -> Bool
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
        // Where the element being cut starts, and its depth.
        var open: (start: Int, depth: Int)?
        while true {
            guard let tag = find(lessThan, in: bytes, from: index) else { break }
            guard tag + 1 < count else { return nil }
            switch bytes[tag + 1] {
            case UInt8(ascii: "?"):
                guard let end = find("?>", in: bytes, from: tag + 2) else { return nil }
                index = end
            case UInt8(ascii: "!"):
                if ByteSearch.hasPrefix("<!--", in: bytes, at: tag) {
                    guard let end = find("-->", in: bytes, from: tag + 4) else { return nil }
                    index = end
                } else if ByteSearch.hasPrefix("<![CDATA[", in: bytes, at: tag) {
                    guard let end = find("]]>", in: bytes, from: tag + 9) else { return nil }
                    index = end
                } else {
                    // A DOCTYPE may declare entities: leave it all to the parser.
                    return nil
                }
            case UInt8(ascii: "/"):
                guard let close = find(greaterThan, in: bytes, from: tag + 2) else { return nil }
                depth -= 1
                guard depth >= 0 else { return nil }
                if let element = open, element.depth == depth {
                    cuts.append(element.start..<close + 1)
                    open = nil
                }
                index = close + 1
            default:
                guard let close = endOfStartTag(bytes, from: tag + 1) else { return nil }
                let selfClosing = bytes[close - 1] == UInt8(ascii: "/")
                // Every cut so far is whole: the rest is the parser's to judge.
                if open == nil {
                    let name = localName(bytes, from: tag + 1, to: close)
                    if let stop, stop(depth, name) { return cuts }
                    if depth > 0, cut(depth, name) {
                        if selfClosing { cuts.append(tag..<close + 1) } else { open = (tag, depth) }
                    }
                }
                if !selfClosing { depth += 1 }
                index = close + 1
            }
        }
        guard depth == 0, open == nil else { return nil }
        return cuts
    }

    /// `bytes` without the ranges in `cuts` (ordered, not overlapping).
    static func removing(_ cuts: [Range<Int>], from bytes: [UInt8]) -> [UInt8] {
        guard !cuts.isEmpty else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count - cuts.reduce(0) { $0 + $1.count })
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

    /// The `>` ending a start tag whose name begins at `start`, skipping
    /// quoted attribute values. Names and values are mostly letters, all
    /// at or above `@`, so most bytes cost one comparison, and the four
    /// bytes that matter are told from digits, spaces and `=` by one mask.
    private static func endOfStartTag(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        let count = bytes.count
        let special = tagBytes
        while index < count {
            let byte = bytes[index]
            if byte >= 0x40 || special & (1 << UInt64(byte)) == 0 {
                index += 1
            } else if byte == greaterThan {
                return index
            } else if byte == lessThan {
                return nil
            } else {
                index += 1
                while index < count, bytes[index] != byte { index += 1 }
                index += 1
            }
        }
        return nil
    }

    /// The bytes below `@` that end a start tag, open a value or show the
    /// tag is broken: `>`, `"`, `'` and `<`.
    private static let tagBytes: UInt64 =
        1 << UInt64(UInt8(ascii: ">")) | 1 << UInt64(UInt8(ascii: "\"")) | 1 << UInt64(UInt8(ascii: "'")) | 1 << UInt64(UInt8(ascii: "<"))

    /// The element name at `start` without its prefix, within a tag that
    /// ends at `end`.
    private static func localName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UnsafeBufferPointer<UInt8> {
        var index = start
        var nameStart = start
        while index < end {
            let byte = bytes[index]
            if isSpace(byte) || byte == UInt8(ascii: "/") { break }
            if byte == UInt8(ascii: ":") { nameStart = index + 1 }
            index += 1
        }
        return UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        ByteSearch.firstIndex(of: byte, in: bytes, from: start)
    }

    /// The position just past the next `pattern` from `start`.
    private static func find(_ pattern: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        ByteSearch.firstOffset(of: pattern, in: bytes, from: start).map { $0 + pattern.utf8CodeUnitCount }
    }
}
