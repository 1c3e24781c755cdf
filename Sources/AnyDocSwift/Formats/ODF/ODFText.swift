/// Text helpers for OpenDocument content, where white space in markup is
/// collapsed and explicit spaces, tabs and breaks are elements.
enum ODFText {
    static func isXMLSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// Without XML white space at either end.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isXMLSpace($0) }),
              let last = scalars.lastIndex(where: { !isXMLSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// Runs of white space as one space, and no space at the start when
    /// `afterSpace` (paragraph text collapses across elements).
    static func collapsed(_ text: String, afterSpace: inout Bool) -> String {
        // Byte by byte: the white space and the byte-order mark (EF BB BF)
        // are the only characters touched.
        var text = text
        var pendingSpace = afterSpace
        let bytes = text.withUTF8 { input -> [UInt8] in
            var output: [UInt8] = []
            output.reserveCapacity(input.count)
            var index = 0
            while index < input.count {
                let byte = input[index]
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D:
                    if !pendingSpace { output.append(0x20) }
                    pendingSpace = true
                    index += 1
                case 0xEF where index + 2 < input.count && input[index + 1] == 0xBB && input[index + 2] == 0xBF:
                    index += 3
                default:
                    output.append(byte)
                    pendingSpace = false
                    index += 1
                }
            }
            return output
        }
        afterSpace = pendingSpace
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Drops white space, tabs and line breaks at the edges of a
    /// paragraph; content that is only anchors counts as empty.
    static func trimmedParagraph(_ content: [Inline]) -> [Inline] {
        var content = content
        trimEdge(&content, atStart: true)
        trimEdge(&content, atStart: false)
        let meaningful = content.contains { inline in
            if case .anchor = inline { return false }
            return true
        }
        return meaningful ? content : []
    }

    private static func trimEdge(_ content: inout [Inline], atStart: Bool) {
        while true {
            // Anchors are invisible: trimming looks past them.
            let order: [Int] = atStart ? Array(content.indices) : content.indices.reversed()
            guard let index = order.first(where: { position in
                if case .anchor = content[position] { return false }
                return true
            }) else { return }
            switch content[index] {
            case .lineBreak:
                content.remove(at: index)
            case .text(let text):
                let kept = atStart ? trimmedStart(text) : trimmedEnd(text)
                if kept.isEmpty {
                    content.remove(at: index)
                    continue
                }
                content[index] = .text(kept)
                return
            case .strong(var inner), .emphasis(var inner), .strikethrough(var inner),
                 .superscript(var inner), .subscript(var inner):
                trimEdge(&inner, atStart: atStart)
                if inner.isEmpty {
                    content.remove(at: index)
                    continue
                }
                content[index] = rewrap(content[index], with: inner)
                return
            default:
                return
            }
        }
    }

    private static func trimmedStart(_ text: String) -> String {
        String(text.unicodeScalars.drop(while: { isXMLSpace($0) }))
    }

    private static func trimmedEnd(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var end = scalars.endIndex
        while end > scalars.startIndex, isXMLSpace(scalars[scalars.index(before: end)]) {
            end = scalars.index(before: end)
        }
        return String(scalars[scalars.startIndex..<end])
    }

    private static func rewrap(_ inline: Inline, with content: [Inline]) -> Inline {
        switch inline {
        case .strong: .strong(content)
        case .emphasis: .emphasis(content)
        case .strikethrough: .strikethrough(content)
        case .superscript: .superscript(content)
        case .subscript: .subscript(content)
        default: inline
        }
    }

    /// The plain text of blocks on one line, paragraphs joined by spaces.
    static func plainLine(_ blocks: [Block]) -> String {
        var parts: [String] = []
        for block in blocks {
            block.forEachInlineRun { inlines in
                let text = inlines.plainText.split(whereSeparator: { $0 == "\n" || $0 == "\t" }).joined(separator: " ")
                let trimmed = trimmed(text)
                if !trimmed.isEmpty { parts.append(trimmed) }
            }
        }
        return parts.joined(separator: " ")
    }
}
