/// A piece of an RTF story before list paragraphs are grouped.
enum RTFBodyItem {
    case paragraph(RTFParagraph)
    case block(Block)
}

struct RTFParagraph {
    var content: [Inline]
    var headingLevel: Int?
    var list: RTFListMarker?
}

struct RTFListMarker {
    var isBullet: Bool
    var number: Int
    /// Orders nesting: deeper items have larger values.
    var level: Int
    /// The list the item belongs to: numbered items of another list, or
    /// out of sequence, start a new list.
    var instance: String
}

/// Turns body items into blocks: headings, paragraphs, and lists nested by
/// the level of each item.
enum RTFBlockGrouper {
    /// Word lists have nine levels; deeper items join the deepest list.
    static let maxListDepth = 9

    private struct OpenList {
        var level: Int
        var isBullet: Bool
        var start: Int
        var instance: String
        var lastNumber: Int
        var items: [ListItem]

        func continues(with marker: RTFListMarker) -> Bool {
            guard isBullet == marker.isBullet else { return false }
            return isBullet || (instance == marker.instance && marker.number == lastNumber + 1)
        }

        var block: Block {
            .list(List(kind: isBullet ? .bullet : .ordered(start: start), items: items))
        }
    }

    static func group(_ items: [RTFBodyItem]) -> [Block] {
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
                if let level = paragraph.headingLevel {
                    closeLists(deeperThan: Int.min)
                    blocks.append(.heading(Heading(level: min(max(level, 1), 6), content: paragraph.content)))
                } else if var list = paragraph.list {
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
                    open[open.count - 1].items.append(ListItem(paragraph.content))
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
}
