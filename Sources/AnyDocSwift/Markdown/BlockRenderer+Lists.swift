/// Lists: markers, numbering, indentation and tight or loose spacing.
extension BlockRenderer {
    func renderList(_ list: List, alternate: Bool, depth: Int) throws(ConversionError) -> String? {
        try renderListLines(list, alternate: alternate, depth: depth).text
    }

    /// The list's text and the lines (from 0) on which its items start,
    /// nested items included: where a chunker may cut it.
    func renderListLines(_ list: List, alternate: Bool, depth: Int) throws(ConversionError) -> (text: String, itemLines: [Int]) {
        var bodies: [[ItemPart]] = []
        bodies.reserveCapacity(list.items.count)
        for item in list.items { bodies.append(try renderItemParts(item.blocks, depth: depth + 1)) }
        let tight = bodies.allSatisfy { Self.staysTight($0.map { ($0.block, $0.text) }) }
        let gap = tight ? 0 : 1
        // The source's numbering, kept within the nine digits a marker may have.
        var number = 0
        if case .ordered(let start) = list.kind { number = max(0, min(start, 999_999_999 - (list.items.count - 1))) }
        var items: [String] = []
        items.reserveCapacity(list.items.count)
        var itemLines: [Int] = []
        var line = 0
        for (item, parts) in zip(list.items, bodies) {
            let marker: String
            switch list.kind {
            case .bullet: marker = alternate ? "*" : "-"
            case .ordered: marker = "\(number)" + (alternate ? ")" : ".")
            }
            number += 1
            var texts = parts.map { $0.text }
            if let first = parts.first {
                switch first.block {
                case .thematicBreak where marker == "-":
                    texts[0] = "***"  // `- ---` would be one thematic break
                case .paragraph where item.checkbox == nil && Self.looksLikeCheckbox(first.text):
                    texts[0] = "\\" + first.text
                default:
                    break
                }
            }
            var body = texts.joined(separator: tight ? "\n" : "\n\n")
            if let checkbox = item.checkbox {
                body = (checkbox == .checked ? "[x]" : "[ ]") + (body.isEmpty ? "" : " " + body)
            }
            let indent = String(repeating: " ", count: marker.utf8.count + 1)
            let text = Self.prefixLines(body, first: marker + " ", rest: indent, empty: "", bareFirst: marker)
            // Prefixing keeps lines as they are: a part's lines stay its lines.
            itemLines.append(line)
            var partLine = line
            for part in parts {
                itemLines.append(contentsOf: part.itemLines.map { partLine + $0 })
                partLine += Self.lineCount(part.text) + gap
            }
            line += Self.lineCount(text) + gap
            items.append(text)
        }
        return (items.joined(separator: tight ? "\n" : "\n\n"), itemLines)
    }

    /// A rendered block inside a list item, with the item lines of a nested list.
    typealias ItemPart = (block: Block, text: String, itemLines: [Int])

    /// `renderParts` for an item's blocks, keeping where nested items start.
    private func renderItemParts(_ blocks: [Block], depth: Int) throws(ConversionError) -> [ItemPart] {
        var parts: [ItemPart] = []
        var markers = ListMarkers()
        for block in blocks {
            guard case .list(let list) = block else {
                if let text = try render(block, markers: &markers, depth: depth) { parts.append((block, text, [])) }
                continue
            }
            guard depth <= limits.maxNestingDepth else {
                throw .resourceLimit("blocks nest deeper than \(limits.maxNestingDepth) levels")
            }
            guard !list.items.isEmpty else { continue }
            let rendered = try renderListLines(list, alternate: markers.next(for: list), depth: depth)
            parts.append((block, rendered.text, rendered.itemLines))
        }
        return parts
    }

    static func lineCount(_ text: String) -> Int {
        text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// An item keeps its list tight when it is one paragraph, optionally
    /// followed by nested lists that can start right under it: a list
    /// interrupts a paragraph only with a non-empty item, and an ordered
    /// one only when it starts at 1 (`3. b` would read as text).
    static func staysTight(_ parts: [(block: Block, text: String)]) -> Bool {
        for (index, part) in parts.enumerated() {
            switch part.block {
            case .paragraph:
                if index != 0 { return false }
            case .list:
                if index == 1, case .paragraph = parts[0].block, !canInterruptParagraph(part.text) { return false }
            default:
                return false
            }
        }
        return true
    }

    private static func canInterruptParagraph(_ list: String) -> Bool {
        let line = list.utf8.prefix(while: { $0 != UInt8(ascii: "\n") })
        guard let first = line.first else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") {
            return line.count > 2
        }
        let digits = line.prefix(while: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        return digits.elementsEqual("1".utf8) && line.count > digits.count + 2
    }

    /// Item text that GFM would read as a task checkbox.
    private static func looksLikeCheckbox(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(4))
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "["), bytes[2] == UInt8(ascii: "]"),
              [UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "X")].contains(bytes[1]) else { return false }
        return bytes.count == 3 || bytes[3] == UInt8(ascii: " ") || bytes[3] == UInt8(ascii: "\n")
    }
}
