/// A list read from one `text:list`: the lists it makes, and content that
/// belongs under the list before it.
struct ODFListResult {
    /// Items without a label of their own before the first labelled one:
    /// they hold a deeper level of the preceding list.
    var leading: [Block] = []
    var blocks: [Block] = []
    var styleName: String?
}

/// A list item whose label is decided by its first child: an item that
/// starts with a nested list shows no label and takes no number.
final class PendingItem {
    enum Decision: Equatable {
        /// `text:list-header`: never labelled.
        case header
        /// Starts with a nested list.
        case unlabeled
        case labeled(ODFListLabel, number: Int)
    }

    let depth: Int
    let isHeader: Bool
    let startValue: Int?
    let styleOverride: String?
    let list: ODFBodyReader.OpenList
    @exclusivity(unchecked)
    var decision: Decision?

    init(depth: Int, isHeader: Bool, startValue: Int?, styleOverride: String?, list: ODFBodyReader.OpenList) {
        self.depth = depth
        self.isHeader = isHeader
        self.startValue = startValue
        self.styleOverride = styleOverride
        self.list = list
    }
}

extension ODFBodyReader {
    /// Reads a `text:list` with its items, numbered as a reader sees them.
    func readList() throws(ConversionError) -> ODFListResult {
        let t = ODFNamespace.text
        let parent = openLists.last
        let styleName = reader.attribute("style-name", namespace: t) ?? parent?.styleName
        let sequence = parent?.sequence ?? context.numbering.beginList(
            styleName: styleName,
            xmlID: reader.attribute("id", namespace: ODFNamespace.xml),
            continueList: reader.attribute("continue-list", namespace: t),
            continueNumbering: reader.attribute("continue-numbering", namespace: t) == "true")
        var result = ODFListResult(styleName: styleName)
        guard !reader.isEmptyElement else { return result }
        let listDepth = reader.depth
        guard openLists.count < context.options.limits.maxNestingDepth else {
            throw .resourceLimit("lists nest deeper than \(context.options.limits.maxNestingDepth) levels")
        }
        let list = OpenList(level: (parent?.level ?? 0) + 1, styleName: styleName, sequence: sequence)
        openLists.append(list)
        defer { openLists.removeLast() }

        var items: [(decision: PendingItem.Decision, blocks: [Block])] = []
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= listDepth { break }
            guard reader.kind == .startElement else { continue }
            guard reader.namespace == t, reader.localName == "list-item" || reader.localName == "list-header" else {
                try reader.skipElement()
                continue
            }
            let item = PendingItem(
                depth: reader.depth, isHeader: reader.localName == "list-header",
                startValue: reader.attribute("start-value", namespace: t).flatMap { Int($0) },
                styleOverride: reader.attribute("style-override", namespace: t), list: list)
            let saved = pendingItem
            pendingItem = item
            let blocks = reader.isEmptyElement ? [] : try readBlocks(containerDepth: reader.depth)
            pendingItem = saved
            // An empty item still takes its number.
            if item.decision == nil { decideLabel(of: item, firstChildIsList: false) }
            items.append((item.decision ?? .header, blocks))
        }
        assemble(items, into: &result)
        return result
    }

    /// Decides an item's label when its first child element starts (the
    /// reader is on it).
    func decideLabel(of item: PendingItem) {
        let isList = reader.isElement("list", in: ODFNamespace.text)
        var paragraphStyle: String?
        if reader.namespace == ODFNamespace.text, reader.localName == "p" || reader.localName == "h" {
            paragraphStyle = reader.attribute("style-name", namespace: ODFNamespace.text)
        }
        decideLabel(of: item, firstChildIsList: isList, paragraphStyle: paragraphStyle)
    }

    private func decideLabel(of item: PendingItem, firstChildIsList: Bool, paragraphStyle: String? = nil) {
        if item.isHeader {
            item.decision = .header
            return
        }
        if firstChildIsList {
            item.decision = .unlabeled
            return
        }
        // A list without a style takes its paragraphs' list style.
        let listStyle = item.styleOverride ?? item.list.styleName
            ?? styles.listStyleName(ofParagraphStyle: paragraphStyle, scope: scope)
        let label = styles.label(listStyle: listStyle, level: item.list.level, scope: scope)
        var levelStart = 1
        if case .number(let start) = label { levelStart = start }
        let number = context.numbering.advance(
            sequence: item.list.sequence, level: item.list.level, startValue: item.startValue, levelStart: levelStart)
        item.decision = .labeled(label, number: number)
    }

    /// Turns items into lists: numbered items out of sequence start a new
    /// list; headers, unnumbered levels and headings read as plain blocks;
    /// items that only hold a deeper list go under the item before them.
    private func assemble(_ items: [(decision: PendingItem.Decision, blocks: [Block])], into result: inout ODFListResult) {
        var current: List?
        func flush() {
            if let list = current, !list.items.isEmpty { result.blocks.append(.list(list)) }
            current = nil
        }
        for (decision, blocks) in items where !blocks.isEmpty {
            switch decision {
            case .header, .labeled(.noLabel, _):
                flush()
                result.blocks += blocks
            case .unlabeled:
                if let list = current, !list.items.isEmpty {
                    current = ODFBlockMerging.attaching(blocks, toLastItemOf: list)
                } else if result.blocks.isEmpty {
                    result.leading = ODFBlockMerging.appending(blocks, to: result.leading)
                } else {
                    flush()
                    if case .list(let previous)? = result.blocks.last {
                        result.blocks[result.blocks.count - 1] = .list(ODFBlockMerging.attaching(blocks, toLastItemOf: previous))
                    } else {
                        result.blocks = ODFBlockMerging.appending(blocks, to: result.blocks)
                    }
                }
            case .labeled(let label, let number):
                // Outline-numbered headings sit in lists; they stay headings.
                if blocks.contains(where: { if case .heading = $0 { true } else { false } }) {
                    flush()
                    result.blocks += blocks
                    continue
                }
                let kind: List.Kind = label == .bullet ? .bullet : .ordered(start: number)
                let next = List(kind: kind, items: [ListItem(blocks: blocks)])
                if let list = current, ODFBlockMerging.continues(list, with: next) {
                    current?.items.append(ListItem(blocks: blocks))
                } else {
                    flush()
                    current = next
                }
            }
        }
        flush()
    }
}
