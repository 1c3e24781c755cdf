/// Small string operations the serializer needs, without Foundation.
extension String {
    func replacingPipes() -> String {
        guard containsByte(UInt8(ascii: "|")) else { return self }
        return replacingAll("|", with: "\\|")
    }

    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    /// Without leading and trailing tabs and space separators (Unicode Zs,
    /// the ideographic space included): Foundation's `.whitespaces`.
    package func trimmingHorizontalSpace() -> String {
        func isSpace(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        var characters = Substring(self)
        while let first = characters.first, isSpace(first) { characters.removeFirst() }
        while let last = characters.last, isSpace(last) { characters.removeLast() }
        return String(characters)
    }

    /// Replaces every occurrence of `target`, matching UTF-8 bytes.
    func replacingAll(_ target: String, with replacement: String) -> String {
        let pattern = Array(target.utf8)
        guard let head = pattern.first else { return self }
        var source = self
        return source.withUTF8 { bytes -> String in
            var out: [UInt8] = []
            var index = 0, copied = 0
            while index + pattern.count <= bytes.count {
                if bytes[index] == head, pattern.count == 1 || bytes[index..<index + pattern.count].elementsEqual(pattern) {
                    if out.isEmpty { out.reserveCapacity(bytes.count + 16) }
                    out.append(contentsOf: bytes[copied..<index])
                    out.append(contentsOf: replacement.utf8)
                    index += pattern.count
                    copied = index
                } else {
                    index += 1
                }
            }
            guard copied > 0 else { return self }
            out.append(contentsOf: bytes[copied...])
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The lines of the text, split at each `\n` (empty lines included).
    func lineSlices() -> [Substring] {
        guard let lineEnds = offsetsOfByte(UInt8(ascii: "\n")) else {
            return utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        }
        var lines: [Substring] = []
        lines.reserveCapacity(lineEnds.count + 1)
        var start = utf8.startIndex
        for offset in lineEnds {
            let end = utf8.index(utf8.startIndex, offsetBy: offset)
            lines.append(self[start..<end])
            start = utf8.index(after: end)
        }
        lines.append(self[start...])
        return lines
    }

    /// The text with control characters dropped and every line ending
    /// (CR LF, CR, LF) as one line feed.
    func normalizingLineEnds() -> String {
        guard utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A || $0 == 0x7F }) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        var afterCR = false
        for scalar in unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n", afterCR { continue }
            if scalar == "\r" { result += "\n"; continue }
            if MarkdownCharacters.isDroppedControl(scalar) { continue }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// The text on one line: each run of line endings becomes a space,
    /// control characters are dropped.
    func singleLine() -> String {
        guard utf8.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        var inBreak = false
        for scalar in unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                if !inBreak, !result.isEmpty { result += " " }
                inBreak = true
                continue
            }
            if MarkdownCharacters.isDroppedControl(scalar) { continue }
            inBreak = false
            result.unicodeScalars.append(scalar)
        }
        if inBreak, result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    /// Removes the line endings at the end, returning them.
    mutating func removeTrailingLineEnds() -> String {
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            guard utf8[before] == 0x0A || utf8[before] == 0x0D else { break }
            end = before
        }
        // Unchanged text is left alone: removing an empty range would
        // still copy a string whose storage is shared.
        guard end < utf8.endIndex else { return "" }
        let tail = String(self[end...])
        removeSubrange(end...)
        return tail
    }
}
