/// A piece of flowing text (a Word body, an RTF story) before list
/// paragraphs are grouped into lists.
enum FlowItem {
    case paragraph(FlowParagraph)
    case block(Block)
}

/// A paragraph as the source marks it: a heading level, or a place in a list.
struct FlowParagraph {
    var content: [Inline]
    var headingLevel: Int?
    var list: ListMarker?
}

/// How a list paragraph is marked, and which list it belongs to.
struct ListMarker {
    var isBullet: Bool
    var number: Int
    /// Orders nesting: deeper items have larger values.
    var level: Int
    /// The list instance: numbered items of another list, or out of
    /// sequence, start a new list.
    var instance: String
}

/// Turns flow items into blocks: headings, paragraphs, and lists nested
/// by the level of each item. Empty paragraphs vanish without breaking a
/// list; a paragraph opening with a checkbox glyph (☐ ☒ ☑) is a task item.
enum FlowGrouper {
    /// Word lists have nine levels; deeper items join the deepest list.
    static let maxListDepth = 9

    private struct OpenList {
        var level: Int
        var isBullet: Bool
        var start: Int
        var instance: String
        var lastNumber: Int
        var items: [ListItem]

        func continues(with marker: ListMarker) -> Bool {
            guard isBullet == marker.isBullet else { return false }
            return isBullet || (instance == marker.instance && marker.number == lastNumber + 1)
        }

        var block: Block {
            .list(List(kind: isBullet ? .bullet : .ordered(start: start), items: items))
        }
    }

    static func group(_ items: [FlowItem]) -> [Block] {
        var blocks: [Block] = []
        var open: [OpenList] = []

        func closeLists(deeperThan level: Int) {
            while let last = open.last, last.level > level {
                open.removeLast()
                if var parent = open.popLast() {
                    if parent.items.isEmpty { parent.items.append(ListItem(blocks: [])) }
                    parent.items[parent.items.count - 1].blocks.append(last.block)
                    open.append(parent)
                } else {
                    blocks.append(last.block)
                }
            }
        }

        for item in items {
            switch item {
            case .block(let block):
                closeLists(deeperThan: Int.min)
                blocks.append(block)
            case .paragraph(let paragraph):
                guard !paragraph.content.isEmpty else { continue }
                if let level = paragraph.headingLevel {
                    closeLists(deeperThan: Int.min)
                    blocks.append(.heading(Heading(level: min(max(level, 1), 6), content: paragraph.content)))
                } else if var list = paragraph.list ?? checkboxMarker(paragraph.content) {
                    if open.count >= maxListDepth, let deepest = open.last, list.level > deepest.level {
                        list.level = deepest.level
                    }
                    closeLists(deeperThan: list.level)
                    if let last = open.last, last.level == list.level, !last.continues(with: list) {
                        closeLists(deeperThan: list.level - 1)
                    }
                    if open.last.map({ $0.level < list.level }) ?? true {
                        open.append(OpenList(
                            level: list.level, isBullet: list.isBullet, start: list.number,
                            instance: list.instance, lastNumber: list.number - 1, items: []))
                    }
                    let (content, checkbox) = splitCheckbox(paragraph.content)
                    open[open.count - 1].items.append(ListItem(content, checkbox: checkbox))
                    open[open.count - 1].lastNumber = list.number
                } else {
                    closeLists(deeperThan: Int.min)
                    blocks.append(.paragraph(paragraph.content))
                }
            }
        }
        closeLists(deeperThan: Int.min)
        return blocks
    }

    /// Checkbox glyphs that content controls and forms put before a task.
    /// A switch rather than a dictionary keyed by `Character`: the
    /// dictionary's type metadata cost the first document a run-time
    /// conformance scan of about 370,000 instructions.
    private static func checkboxState(_ character: Character) -> ListItem.Checkbox? {
        switch character {
        case "☐": .unchecked
        case "☒", "☑": .checked
        default: nil
        }
    }

    private static func checkboxMarker(_ content: [Inline]) -> ListMarker? {
        guard case .text(let text)? = content.first, let first = text.first, checkboxState(first) != nil else { return nil }
        return ListMarker(isBullet: true, number: 1, level: 0, instance: "checkbox")
    }

    private static func splitCheckbox(_ content: [Inline]) -> ([Inline], ListItem.Checkbox?) {
        guard case .text(let text)? = content.first, let first = text.first, let checkbox = checkboxState(first) else {
            return (content, nil)
        }
        var rest = content
        let remainder = text.dropFirst().drop(while: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" })
        if remainder.isEmpty { rest.removeFirst() } else { rest[0] = .text(String(remainder)) }
        return (rest, checkbox)
    }
}
