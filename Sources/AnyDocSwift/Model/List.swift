extension Block {
    /// A bullet, ordered or task list; items may hold nested lists.
    public struct List: Sendable, Equatable {
        /// Whether items are bulleted or numbered.
        public enum Kind: Sendable, Equatable {
            case bullet
            /// Numbered from `start`, as the source numbered it.
            case ordered(start: Int)
        }

        /// Bullets or numbers, and the number the list starts from.
        public var kind: Kind
        /// The items, in order.
        public var items: [ListItem]

        /// A list of `kind` holding `items`.
        public init(kind: Kind, items: [ListItem]) {
            self.kind = kind
            self.items = items
        }
    }
}

/// One item of a `List`: blocks, possibly nested lists, and a task checkbox.
public struct ListItem: Sendable, Equatable {
    /// The state of a task-list item's box, rendered as `[x]` or `[ ]`.
    public enum Checkbox: Sendable, Equatable {
        case checked
        case unchecked
    }

    /// The item's content: paragraphs, nested lists and other blocks.
    public var blocks: [Block]
    /// Set for the items of a task list.
    public var checkbox: Checkbox?

    /// An item holding `blocks`; give `checkbox` for a task-list item.
    public init(blocks: [Block], checkbox: Checkbox? = nil) {
        self.blocks = blocks
        self.checkbox = checkbox
    }

    /// An item holding one paragraph.
    public init(_ content: [Inline], checkbox: Checkbox? = nil) {
        self.init(blocks: [.paragraph(content)], checkbox: checkbox)
    }
}
