extension ReaderText {
    /// One line of inline Markdown, read left to right: syntax is dropped,
    /// text is written. What does not parse as syntax is text.
    struct Inline {
        let bytes: ArraySlice<UInt8>
        /// A pipe-table row: unescaped `|` separate cells.
        let table: Bool
        /// Inside a link's text, where no other link may start.
        var inLink = false

        func append(to out: inout Output) {
            var state = State()
            append(to: &out, &state)
        }

        /// Appends with the scan state of the enclosing line: a link's text
        /// shares its line's bracket pairs.
        func append(to out: inout Output, _ state: inout State) {
            var index = bytes.startIndex
            while index < bytes.endIndex { index = step(at: index, &state, into: &out) }
        }

        /// What one scan remembers: where a tag or code span was last found
        /// unclosed, so that a line of `<<<<` or unmatched backticks is
        /// read once, not once per character.
        struct State {
            var unclosedTagUntil = 0
            var unclosedCode: [Int: Int] = [:]
            /// The `]` that closes each `[` of the line, found in one pass
            /// when the first `[` is met.
            var closers: [Int: Int]?
        }

        /// Writes what starts at `index` and returns where the next thing starts.
        private func step(at index: Int, _ state: inout State, into out: inout Output) -> Int {
            switch bytes[index] {
            case UInt8(ascii: "\\"): return escape(at: index, into: &out)
            case UInt8(ascii: "`"): return codeSpan(at: index, &state, into: &out)
            case UInt8(ascii: "*"), UInt8(ascii: "~"), UInt8(ascii: "_"): return delimiterRun(at: index, into: &out)
            case UInt8(ascii: "!") where index + 1 < bytes.endIndex && bytes[index + 1] == UInt8(ascii: "["):
                guard let link = link(at: index + 1, &state) else { break }
                Inline(bytes: bytes[link.text], table: false, inLink: true).append(to: &out, &state)
                return link.end
            case UInt8(ascii: "["): if let end = linkOrFootnote(at: index, &state, into: &out) { return end }
            case UInt8(ascii: "<"): if let end = html(at: index, &state, into: &out) { return end }
            case UInt8(ascii: "&"): if let end = entity(at: index, into: &out) { return end }
            case UInt8(ascii: "|") where table:
                out.space()
                return index + 1
            default: break
            }
            out.append(bytes[index])
            return index + 1
        }

        /// `\*` is a star; a backslash at the end of a line is a line break.
        private func escape(at index: Int, into out: inout Output) -> Int {
            guard index + 1 < bytes.endIndex else { return index + 1 }
            let next = bytes[index + 1]
            if next < 0x80, MarkdownCharacterClass.isPunctuation(next) {
                out.append(next)
                return index + 2
            }
            out.append(bytes[index])
            return index + 1
        }

        /// `` `code` ``: the code as written, without the backticks.
        private func codeSpan(at index: Int, _ state: inout State, into out: inout Output) -> Int {
            let width = bytes[index...].prefix(while: { $0 == UInt8(ascii: "`") }).count
            let contentStart = index + width
            if let until = state.unclosedCode[width], index < until { return contentStart }
            let limit = min(bytes.endIndex, contentStart + ReaderText.reach)
            var probe = contentStart
            while probe < limit {
                guard bytes[probe] == UInt8(ascii: "`") else { probe += 1; continue }
                let run = bytes[probe..<limit].prefix(while: { $0 == UInt8(ascii: "`") }).count
                if run == width {
                    out.literal(bytes[contentStart..<probe])
                    return probe + run
                }
                probe += run
            }
            state.unclosedCode[width] = limit
            return contentStart
        }

        /// `*`, `_` and `~` runs are emphasis unless they stand alone
        /// between spaces (`3 * 4`) or inside a word (`snake_case`).
        private func delimiterRun(at index: Int, into out: inout Output) -> Int {
            let marker = bytes[index]
            let end = bytes[index...].firstIndex(where: { $0 != marker }) ?? bytes.endIndex
            let before = index > bytes.startIndex ? bytes[index - 1] : 0x20
            let after = end < bytes.endIndex ? bytes[end] : 0x20
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            let isWord: (UInt8) -> Bool = { $0 >= 0x80 || MarkdownCharacterClass.isAlphanumeric($0) }
            let literal = isSpace(before) && isSpace(after)
                || marker == UInt8(ascii: "_") && isWord(before) && isWord(after)
                || marker == UInt8(ascii: "~") && end - index == 1
            if literal { out.literal(bytes[index..<end]) }
            return end
        }

        /// `[text](destination)` writes its text; `[^1]` its label.
        private func linkOrFootnote(at index: Int, _ state: inout State, into out: inout Output) -> Int? {
            if !inLink, let link = link(at: index, &state) {
                Inline(bytes: bytes[link.text], table: false, inLink: true).append(to: &out, &state)
                return link.end
            }
            guard index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "^") else { return nil }
            let label = bytes[(index + 2)...].prefix(64).prefix(while: { $0 != UInt8(ascii: "]") && $0 != 0x20 })
            guard !label.isEmpty, label.endIndex < bytes.endIndex, bytes[label.endIndex] == UInt8(ascii: "]") else { return nil }
            out.literal(label)
            return label.endIndex + 1
        }
    }
}

/// ASCII character classes as CommonMark defines them.
enum MarkdownCharacterClass {
    static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
