extension ReaderText.Inline {
    /// Comments and tags are dropped (a table cell's or a line break's tag
    /// leaves a space, so cells do not run together), an image tag leaves
    /// its `alt` text and an autolink its address. Nil for a `<` that
    /// opens none of these: it is text.
    func html(at index: Int, _ state: inout State, into out: inout ReaderText.Output) -> Int? {
        let limit = min(bytes.endIndex, index + ReaderText.reach)
        let rest = bytes[(index + 1)..<limit]
        if rest.starts(with: "!--".utf8) {
            guard let close = Self.find("-->", in: bytes[(index + 4)..<bytes.endIndex]) else { return bytes.endIndex }
            return close + 3
        }
        if let end = autolink(at: index, limit: limit, into: &out) { return end }
        guard index >= state.unclosedTagUntil, let first = rest.first,
              MarkdownCharacterClass.isLetter(first) || first == UInt8(ascii: "/") || first == UInt8(ascii: "!") || first == UInt8(ascii: "?")
        else { return nil }
        let name = rest.drop(while: { $0 == UInt8(ascii: "/") })
            .prefix(while: { MarkdownCharacterClass.isAlphanumeric($0) || $0 == UInt8(ascii: "-") })
        guard let end = tagEnd(from: name.endIndex, limit: limit) else {
            state.unclosedTagUntil = limit
            return nil
        }
        let tag = String(decoding: name, as: UTF8.self).lowercased()
        if tag == "img", let alt = attribute("alt", in: bytes[name.endIndex..<end]) {
            out.space()
            ReaderText.Inline(bytes: alt, table: false, inLink: true).appendDecodingEntities(to: &out)
            out.space()
        } else if ReaderText.separatingTags.contains(tag) {
            out.space()
        }
        return end + 1
    }

    /// `<https://example.org>` or `<name@example.org>`: the address is the text.
    private func autolink(at index: Int, limit: Int, into out: inout ReaderText.Output) -> Int? {
        let body = bytes[(index + 1)..<limit].prefix(while: { $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "<") && $0 > 0x20 })
        guard body.endIndex < limit, bytes[body.endIndex] == UInt8(ascii: ">"), let first = body.first, MarkdownCharacterClass.isLetter(first)
        else { return nil }
        let scheme = body.prefix(while: { MarkdownCharacterClass.isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") })
        let isURL = (2...32).contains(scheme.count) && scheme.endIndex < body.endIndex && bytes[scheme.endIndex] == UInt8(ascii: ":")
        guard isURL || body.contains(UInt8(ascii: "@")) else { return nil }
        out.literal(body)
        return body.endIndex + 1
    }

    /// The `>` closing a tag whose name ends at `start`, quoted values skipped.
    private func tagEnd(from start: Int, limit: Int) -> Int? {
        var index = start
        var quote: UInt8?
        while index < limit {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            } else if byte == UInt8(ascii: "<") {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// The value of `name="…"` among a tag's attributes.
    private func attribute(_ name: String, in attributes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let at = Self.find(" \(name)=\"", in: attributes) else { return nil }
        let start = at + name.utf8.count + 3
        guard let end = attributes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return attributes[start..<end]
    }

    /// Text whose only syntax is character references, as in an attribute.
    private func appendDecodingEntities(to out: inout ReaderText.Output) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "&"), let end = entity(at: index, into: &out) {
                index = end
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
    }

    /// `&amp;`, `&#10;`, `&#x4E2D;`: the character it stands for. Nil for
    /// an `&` that starts no reference this knows: it is text.
    func entity(at index: Int, into out: inout ReaderText.Output) -> Int? {
        let body = bytes[(index + 1)...].prefix(33).prefix(while: { $0 != UInt8(ascii: ";") })
        guard body.endIndex < bytes.endIndex, bytes[body.endIndex] == UInt8(ascii: ";"), let first = body.first else { return nil }
        let scalar: Unicode.Scalar?
        if first == UInt8(ascii: "#") {
            let digits = String(decoding: body.dropFirst(), as: UTF8.self)
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            scalar = value.flatMap(Unicode.Scalar.init)
        } else {
            scalar = ReaderText.namedEntities[String(decoding: body, as: UTF8.self)]
        }
        guard let scalar else { return nil }
        out.append(scalar)
        return body.endIndex + 1
    }

    static func find(_ needle: String, in haystack: ArraySlice<UInt8>) -> Int? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, haystack.count >= pattern.count else { return nil }
        var index = haystack.startIndex
        while index <= haystack.endIndex - pattern.count {
            if haystack[index] == first, haystack[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}

extension ReaderText {
    /// Tags that end a cell, a line or a block: a space stands for them.
    static let separatingTags: Set<String> = [
        "table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th", "br", "p", "div", "li", "ul", "ol",
        "blockquote", "pre", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "dl", "dt", "dd",
    ]

    /// The references the writer and common HTML use; others stay text.
    static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "\u{2013}", "mdash": "\u{2014}",
        "hellip": "\u{2026}", "copy": "\u{A9}", "reg": "\u{AE}", "shy": "\u{AD}",
    ]
}
