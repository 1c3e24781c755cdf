/// A bullet, ordered or task list; items may hold nested lists.
public struct List: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case bullet
        /// Numbered from `start`, as the source numbered it.
        case ordered(start: Int)
    }

    public var kind: Kind
    public var items: [ListItem]

    public init(kind: Kind, items: [ListItem]) {
        self.kind = kind
        self.items = items
    }
}

public struct ListItem: Sendable, Equatable {
    public enum Checkbox: Sendable, Equatable {
        case checked
        case unchecked
    }

    public var blocks: [Block]
    /// Set for the items of a task list.
    public var checkbox: Checkbox?

    public init(blocks: [Block], checkbox: Checkbox? = nil) {
        self.blocks = blocks
        self.checkbox = checkbox
    }

    /// An item holding one paragraph.
    public init(_ content: [Inline], checkbox: Checkbox? = nil) {
        self.init(blocks: [.paragraph(content)], checkbox: checkbox)
    }
}
