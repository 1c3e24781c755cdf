/// A piece of a Word body before consecutive list paragraphs are grouped
/// into lists.
enum WordBodyItem {
    case paragraph(WordParagraph)
    case block(Block)
}

struct WordParagraph {
    var content: [Inline]
    var headingLevel: Int?
    var list: WordListMarker?
}

/// How a list paragraph is marked, and which list it belongs to.
struct WordListMarker {
    var isBullet: Bool
    var number: Int
    var level: Int
    /// The numbering instance: numbered items from another instance, or
    /// out of sequence, start a new list.
    var instance: String
}

/// Turns body items into blocks: headings, paragraphs, and nested lists
/// built from the list level of each paragraph.
enum WordBlockGrouper {
    private struct OpenList {
        var level: Int
        var isBullet: Bool
        var start: Int
        var instance: String
        var lastNumber: Int
        var items: [ListItem]

        func continues(with marker: WordListMarker) -> Bool {
            guard isBullet == marker.isBullet else { return false }
            return isBullet || (instance == marker.instance && marker.number == lastNumber + 1)
        }

        var block: Block {
            .list(List(kind: isBullet ? .bullet : .ordered(start: start), items: items))
        }
    }

    static func group(_ items: [WordBodyItem]) -> [Block] {
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
                closeLists(deeperThan: -1)
                blocks.append(block)
            case .paragraph(let paragraph):
                let hasText = !paragraph.content.isEmpty
                if let level = paragraph.headingLevel, hasText {
                    closeLists(deeperThan: -1)
                    blocks.append(.heading(Heading(level: min(level, 6), content: paragraph.content)))
                } else if let list = paragraph.list ?? Self.checkboxMarker(paragraph.content) {
                    guard hasText else { continue }
                    closeLists(deeperThan: list.level)
                    if let last = open.last, last.level == list.level, !last.continues(with: list) {
                        closeLists(deeperThan: list.level - 1)
                    }
                    if open.last.map({ $0.level < list.level }) ?? true {
                        open.append(OpenList(
                            level: list.level, isBullet: list.isBullet, start: list.number,
                            instance: list.instance, lastNumber: list.number - 1, items: []))
                    }
                    let (content, checkbox) = Self.splitCheckbox(paragraph.content)
                    open[open.count - 1].items.append(ListItem(content, checkbox: checkbox))
                    open[open.count - 1].lastNumber = list.number
                } else if hasText {
                    closeLists(deeperThan: -1)
                    blocks.append(.paragraph(paragraph.content))
                }
            }
        }
        closeLists(deeperThan: -1)
        return blocks
    }

    /// Checkbox glyphs that content controls and forms put before a task.
    private static let checkboxes: [Character: ListItem.Checkbox] = ["☐": .unchecked, "☒": .checked, "☑": .checked]

    /// A paragraph opening with a checkbox glyph reads as a task item.
    private static func checkboxMarker(_ content: [Inline]) -> WordListMarker? {
        guard case .text(let text)? = content.first, let first = text.first, checkboxes[first] != nil else { return nil }
        return WordListMarker(isBullet: true, number: 1, level: 0, instance: "checkbox")
    }

    private static func splitCheckbox(_ content: [Inline]) -> ([Inline], ListItem.Checkbox?) {
        guard case .text(let text)? = content.first, let first = text.first, let checkbox = checkboxes[first] else {
            return (content, nil)
        }
        var rest = content
        let remainder = text.dropFirst().drop(while: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" })
        if remainder.isEmpty { rest.removeFirst() } else { rest[0] = .text(String(remainder)) }
        return (rest, checkbox)
    }
}
