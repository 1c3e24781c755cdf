/// Escapes literal text for CommonMark/GFM with the fewest backslashes:
/// a character is escaped only when, with its neighbours, it could open
/// or close some syntax. Pipes in table cells are escaped later, over the
/// whole cell.
enum TextEscaper {
    /// Bytes that may need attention; text without any is copied as is.
    private static let special: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in Array("\\`*_~[]<&!$".utf8) { table[Int(byte)] = true }
        for byte in 0..<32 where byte != 9 { table[byte] = true }
        table[127] = true
        return table
    }()

    /// Appends `text` to `out`. `next` is the first character written after
    /// the text (nil at the end of the paragraph).
    static func append(_ text: String, next: Unicode.Scalar?, scope: InlineScope, into out: inout String) {
        // After a footnote reference, `[^1]:` at a line start would define
        // a footnote. (A `]` of this text before `:` is escaped below.)
        if text.utf8.first == UInt8(ascii: ":"), out.utf8.last == UInt8(ascii: "]") { out += "\\" }
        var text = text
        let plain = text.withUTF8 { bytes in
            special.withUnsafeBufferPointer { special in !bytes.contains { special[Int($0)] } }
        }
        if plain {
            out += text
            return
        }
        let escaped = text.withUTF8 { escape($0, next: next, scope: scope, before: out.unicodeScalars.last) }
        out += String(decoding: escaped, as: UTF8.self)
    }

    /// The escaped UTF-8 of `bytes`. Every character that may need a
    /// backslash, and every control dropped, is ASCII, so all other bytes
    /// are copied as they are; a neighbour is decoded only when a
    /// delimiter's context depends on it.
    private static func escape(
        _ bytes: UnsafeBufferPointer<UInt8>, next: Unicode.Scalar?, scope: InlineScope, before: Unicode.Scalar?
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        let backslash = UInt8(ascii: "\\")
        // The last character written, when it is not simply the last one
        // in `out`: a line ending written as a space or `<br>`.
        var lineBreakLast = false
        /// The character before the next one written, as the rules see it.
        func previous() -> Unicode.Scalar? {
            if lineBreakLast { return "\n" }
            return out.isEmpty ? before : lastScalar(out)
        }
        /// The character starting at `position`, or `next` past the end.
        func scalar(at position: Int) -> Unicode.Scalar? {
            position < bytes.count ? decode(bytes, at: position) : next
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard special[Int(byte)] else {
                out.append(byte)
                lineBreakLast = false
                index += 1
                continue
            }
            let following = scalar(at: index + 1)
            switch byte {
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                if byte == UInt8(ascii: "\r"), following == "\n" { index += 1 }
                switch scope.context {
                case .block: out.append(UInt8(ascii: "\n"))
                case .heading: out.append(UInt8(ascii: " "))
                case .tableCell: out += "<br>".utf8
                }
                lineBreakLast = true
                index += 1
                continue
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                // A delimiter run is judged as a whole, by what surrounds it.
                var end = index + 1
                while end < bytes.count, bytes[end] == byte { end += 1 }
                let marker = Unicode.Scalar(byte)
                let before = previous()
                let after = scalar(at: end)
                let escape = byte == UInt8(ascii: "~")
                    ? scope.escapeTildes && mayDelimit(marker, before: before, after: after)
                    : mayDelimit(marker, before: before, after: after)
                for _ in index..<end {
                    if escape { out.append(backslash) }
                    out.append(byte)
                }
                lineBreakLast = false
                index = end
                continue
            default:
                guard let escape = needsBackslash(byte, following: following, scope: scope, in: bytes, at: index) else {
                    // The other special bytes are controls that carry no text.
                    index += 1
                    continue
                }
                if escape { out.append(backslash) }
            }
            out.append(byte)
            lineBreakLast = false
            index += 1
        }
        return out
    }

    /// Whether a special byte that is no delimiter run or line end needs a
    /// backslash, given the character after it; nil for a control, which
    /// carries no text and is dropped.
    private static func needsBackslash(
        _ byte: UInt8, following: Unicode.Scalar?, scope: InlineScope, in bytes: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> Bool? {
        switch byte {
        case UInt8(ascii: "\\"):
            // Before punctuation it would escape it; before a line end it would be a hard break.
            return following == nil || following == "\n" || following == "\r"
                || following.map(MarkdownCharacters.isASCIIPunctuation) == true
        case UInt8(ascii: "`"):
            return true
        case UInt8(ascii: "["):
            return scope.inLinkText || following == "^"
        case UInt8(ascii: "]"):
            return scope.inLinkText || following == "(" || following == "[" || following == ":"
        case UInt8(ascii: "<"):
            guard let following else { return false }
            return following == "/" || following == "!" || following == "?" || MarkdownCharacters.isASCIILetter(following)
        case UInt8(ascii: "&"):
            return looksLikeEntity(bytes, from: index)
        case UInt8(ascii: "!"):
            return following == "["
        case UInt8(ascii: "$"):
            return scope.escapeDollars
        default:
            return nil
        }
    }

    /// The character whose UTF-8 starts at `position` (valid UTF-8).
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Unicode.Scalar? {
        let lead = bytes[position]
        if lead < 0x80 { return Unicode.Scalar(lead) }
        var value: UInt32
        var length: Int
        switch lead {
        case 0xF0...: value = UInt32(lead & 0x07); length = 4
        case 0xE0...: value = UInt32(lead & 0x0F); length = 3
        default: value = UInt32(lead & 0x1F); length = 2
        }
        guard position + length <= bytes.count else { return nil }
        for offset in 1..<length { value = value << 6 | UInt32(bytes[position + offset] & 0x3F) }
        return Unicode.Scalar(value)
    }

    /// The last character of valid UTF-8 `bytes`.
    private static func lastScalar(_ bytes: [UInt8]) -> Unicode.Scalar? {
        var start = bytes.count - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return bytes.withUnsafeBufferPointer { decode($0, at: start) }
    }

    /// `&name;` or `&#123;`, which a Markdown reader would take for an entity.
    private static func looksLikeEntity(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") { index += 1 }
        var length = 0
        while index < bytes.count, length <= 32 {
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") { return length > 0 }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard isLetter || isDigit else { return false }
            length += 1
            index += 1
        }
        return false
    }

    /// Whether a run of `marker` between `before` and `after` could open or
    /// close emphasis. Between two spaces it never can; `_` also cannot
    /// inside a word.
    private static func mayDelimit(_ marker: Unicode.Scalar, before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
        if MarkdownCharacters.isWhitespace(before) && MarkdownCharacters.isWhitespace(after) { return false }
        if marker == "_" {
            let wordBefore = !MarkdownCharacters.isWhitespace(before) && !MarkdownCharacters.isPunctuation(before, symbols: true)
            let wordAfter = !MarkdownCharacters.isWhitespace(after) && !MarkdownCharacters.isPunctuation(after, symbols: true)
            if wordBefore && wordAfter { return false }
        }
        return true
    }
}
