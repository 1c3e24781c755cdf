/// Turns a text body's paragraphs into blocks: plain paragraphs, and
/// nested lists built from each bulleted paragraph's outline level.
enum ParagraphGrouper {
    private struct OpenList {
        var level: Int
        var kind: List.Kind
        var items: [ListItem]

        func accepts(_ other: List.Kind) -> Bool {
            switch (kind, other) {
            case (.bullet, .bullet), (.ordered, .ordered): return true
            default: return false
            }
        }
    }

    /// `bullet` says how each paragraph is marked once styles are applied.
    static func blocks(_ paragraphs: [DrawingParagraph], bullet: (DrawingParagraph) -> BulletStyle) -> [Block] {
        var blocks: [Block] = []
        var open: [OpenList] = []

        func close(deeperThan level: Int) {
            while let last = open.last, last.level > level {
                open.removeLast()
                let list = Block.list(List(kind: last.kind, items: last.items))
                if open.isEmpty {
                    blocks.append(list)
                } else {
                    let parent = open.count - 1
                    if open[parent].items.isEmpty { open[parent].items.append(ListItem(blocks: [])) }
                    open[parent].items[open[parent].items.count - 1].blocks.append(list)
                }
            }
        }

        for paragraph in paragraphs {
            if let latex = paragraph.displayMath {
                close(deeperThan: -1)
                blocks.append(.math(latex))
                continue
            }
            // Empty paragraphs are spacing: they neither show nor end a list.
            guard !paragraph.content.isEmpty else { continue }
            let kind: List.Kind
            switch bullet(paragraph) {
            case .none:
                close(deeperThan: -1)
                blocks.append(.paragraph(paragraph.content))
                continue
            case .symbol:
                kind = .bullet
            case .number(let start):
                kind = .ordered(start: start)
            }
            let level = paragraph.level
            close(deeperThan: level)
            if let last = open.last, last.level == level, !last.accepts(kind) {
                close(deeperThan: level - 1)
            }
            if open.last.map({ $0.level < level }) ?? true {
                open.append(OpenList(level: level, kind: kind, items: []))
            }
            open[open.count - 1].items.append(ListItem(paragraph.content))
        }
        close(deeperThan: -1)
        return blocks
    }
}
