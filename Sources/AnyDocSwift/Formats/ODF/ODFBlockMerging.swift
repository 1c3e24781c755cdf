/// Joins lists that a reader sees as one: OpenDocument often writes a
/// list as several `text:list` elements in a row (one per paragraph in
/// presentations; a new element where a level changes).
enum ODFBlockMerging {
    /// `next` continues `list`: the same kind, and for numbered lists the
    /// next number.
    static func continues(_ list: List, with next: List) -> Bool {
        switch (list.kind, next.kind) {
        case (.bullet, .bullet):
            return true
        case (.ordered(let start), .ordered(let nextStart)):
            return start &+ list.items.count == nextStart
        default:
            return false
        }
    }

    /// `blocks` followed by `more`, a list merging into a list just
    /// before it when it continues it.
    static func appending(_ more: [Block], to blocks: [Block]) -> [Block] {
        var result = blocks
        for block in more {
            if case .list(let next) = block, case .list(var previous)? = result.last, continues(previous, with: next) {
                previous.items += next.items
                result[result.count - 1] = .list(previous)
            } else {
                result.append(block)
            }
        }
        return result
    }

    /// Content without a label of its own (an item that only holds a
    /// deeper list) belongs under the last item of the list before it.
    static func attaching(_ content: [Block], toLastItemOf list: List) -> List {
        var list = list
        guard !list.items.isEmpty else {
            return list
        }
        let last = list.items.count - 1
        list.items[last].blocks = appending(content, to: list.items[last].blocks)
        return list
    }
}
