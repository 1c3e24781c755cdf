import AnyDocSwift
/// The text a reader sees in Markdown, which is what the search index
/// holds: a search for `td` must not find every HTML table, nor a snippet
/// show `<<mark>td</mark>>`.
///
/// Gone are heading marks, quote and list markers, table pipes and
/// delimiter rows, emphasis delimiters, backslash escapes, HTML tags and
/// comments, and link destinations; kept are link texts, image
/// descriptions, autolinks (their address is their text), code as written
/// and characters that entities stand for. Lines stay lines; runs of
/// spaces become one and blank lines go.
///
/// Every look-ahead (a link's closing bracket, a tag's `>`) stops within
/// `reach` bytes of the same line, so the work is linear in the input
/// whatever it holds.
enum ReaderText {
    static let reach = 2_048

    /// The reader's text of `markdown`, which starts at a line start, inside
    /// the fenced code block `fence` when one is open there.
    static func of(_ markdown: ArraySlice<UInt8>, fence: Chunk.CodeFence? = nil) -> String {
        var out = Output()
        var fence = fence
        var start = markdown.startIndex
        while start < markdown.endIndex {
            let end = markdown[start...].firstIndex(of: 0x0A) ?? markdown.endIndex
            let line = markdown[start..<end]
            if let open = fence {
                if MarkdownLines.closesFence(line, open) { fence = nil } else { out.literal(line) }
            } else if let opened = MarkdownLines.opensFence(line) {
                fence = opened
            } else {
                appendLine(line, to: &out)
            }
            out.endLine()
            start = min(end + 1, markdown.endIndex)
        }
        return out.text
    }

    /// The reader's text of one line of inline Markdown, such as a heading.
    static func inline(_ markdown: ArraySlice<UInt8>) -> String {
        var out = Output()
        Inline(bytes: markdown, table: false).append(to: &out)
        return out.text
    }

    private static func appendLine(_ line: ArraySlice<UInt8>, to out: inout Output) {
        let line = MarkdownLines.trimmed(line)
        guard !line.isEmpty, !isDelimiterRow(line), !isThematicBreak(line) else { return }
        if let heading = MarkdownLines.atxHeading(line) {
            Inline(bytes: heading.text, table: false).append(to: &out)
            return
        }
        let content = droppingBlockMarkers(line)
        Inline(bytes: content, table: content.first == UInt8(ascii: "|")).append(to: &out)
    }

    /// The line without its quote markers (`>`), list markers (`-`, `*`,
    /// `+`, `1.`, `1)`) and task boxes, however they nest.
    static func droppingBlockMarkers(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = line
        while true {
            let before = rest.count
            if rest.first == UInt8(ascii: ">") {
                rest = rest.dropFirst()
            } else if let marker = rest.first, marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "+"),
                      rest.dropFirst().first == 0x20 {
                rest = rest.dropFirst(2)
            } else {
                let digits = rest.prefix(while: { $0 >= 0x30 && $0 <= 0x39 }).count
                let after = rest.dropFirst(digits)
                if (1...9).contains(digits), after.first == UInt8(ascii: ".") || after.first == UInt8(ascii: ")"),
                   after.dropFirst().first == 0x20 || after.count == 1 {
                    rest = after.dropFirst(2)
                }
            }
            if rest.count > 3, rest.first == UInt8(ascii: "["), rest.dropFirst(2).first == UInt8(ascii: "]"),
               [0x20, 0x78, 0x58].contains(rest.dropFirst().first!), rest.dropFirst(3).first == 0x20 {
                rest = rest.dropFirst(4)
            }
            rest = MarkdownLines.trimmed(rest)
            if rest.count == before { return rest }
        }
    }

    /// `| --- | :-: |`: the line under a pipe table's header.
    static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        line.contains(UInt8(ascii: "|")) && line.contains(UInt8(ascii: "-"))
            && line.allSatisfy { $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") || $0 == 0x20 || $0 == 0x09 }
    }

    /// `---`, `***`, `___`, spaces allowed between.
    static func isThematicBreak(_ line: ArraySlice<UInt8>) -> Bool {
        guard let marker = line.first, marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "_") else {
            return false
        }
        return line.allSatisfy { $0 == marker || $0 == 0x20 || $0 == 0x09 } && line.count(where: { $0 == marker }) >= 3
    }

    /// Text being written: spaces collapse, lines end once.
    struct Output {
        private(set) var bytes: [UInt8] = []

        var text: String {
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x20 { end -= 1 }
            return String(decoding: bytes[..<end], as: UTF8.self)
        }

        mutating func append(_ byte: UInt8) {
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A {
                space()
            } else if byte >= 0x20 && byte != 0x7F {
                bytes.append(byte)
            }
        }

        mutating func append(_ scalar: Unicode.Scalar) {
            for byte in UTF8.encode(scalar)! { append(byte) }
        }

        mutating func literal(_ text: ArraySlice<UInt8>) {
            for byte in text { append(byte) }
        }

        mutating func space() {
            if let last = bytes.last, last != 0x20, last != 0x0A { bytes.append(0x20) }
        }

        mutating func endLine() {
            if bytes.last == 0x20 { bytes.removeLast() }
            if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        }
    }
}
