/// Text clean-up shared by the HTML reader.
enum HTMLText {
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// True when `pattern` occurs in `bytes`.
    static func contains(_ bytes: some Collection<UInt8>, _ pattern: [UInt8]) -> Bool {
        ByteSearch.contains(pattern, in: bytes)
    }

    /// Whitespace runs as single spaces, none at either end: how a browser
    /// shows an attribute or a title.
    static func collapsed(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if isSpace(byte) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A URL attribute as browsers read it: no surrounding whitespace, and
    /// tabs and line breaks inside removed.
    static func cleanedURL(_ url: String) -> String {
        var bytes = Array(url.utf8)
        while let first = bytes.first, isSpace(first) || first < 0x20 { bytes.removeFirst() }
        while let last = bytes.last, isSpace(last) || last < 0x20 { bytes.removeLast() }
        if bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            bytes.removeAll(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of a `<pre>`: every line as written, with line endings
    /// made `\n`, and the blank lines that only open or close the block
    /// (the markup's own line breaks) removed.
    static func preformatted(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                text.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else {
                text.append(byte)
            }
            index += 1
        }
        // Leading lines that are empty or only spaces.
        var start = 0
        var lineStart = 0
        while start < text.count, text[start] == 0x20 || text[start] == 0x09 || text[start] == 0x0A {
            if text[start] == 0x0A { lineStart = start + 1 }
            start += 1
        }
        start = lineStart
        var end = text.count
        while end > start, isSpace(text[end - 1]) { end -= 1 }
        if end <= start { return "" }
        return String(decoding: text[start..<end], as: UTF8.self)
    }
}
