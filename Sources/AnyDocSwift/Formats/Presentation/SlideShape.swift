/// A position on the slide in EMU, from a shape's `a:off`.
struct SlidePosition: Equatable {
    var x: Int64
    var y: Int64
}

/// A `p:ph` as the slide wrote it: the type is often left to the layout.
struct PlaceholderReference: Equatable {
    var type: String?
    var index: Int?

    init(_ element: XMLElement) {
        type = element.attribute("type")
        index = element.attribute("idx").flatMap { Int($0) }
    }

    init(type: String?, index: Int?) {
        self.type = type
        self.index = index
    }
}

/// How a paragraph is marked: PowerPoint's `a:buNone`, `a:buChar` (or a
/// picture bullet) and `a:buAutoNum`.
enum BulletStyle: Equatable {
    case none
    case symbol
    case number(start: Int)
}

/// One `a:p` of a text body, before bullets are resolved against the
/// layout.
struct DrawingParagraph {
    var content: [Inline]
    /// `lvl`, 0 to 8.
    var level: Int
    /// The bullet the paragraph sets itself, if any.
    var bullet: BulletStyle?
    /// Set when the paragraph is a single display equation.
    var displayMath: String?
}

/// One shape of a slide's tree, read but not yet placed in reading order.
struct SlideShape {
    enum Content {
        case text([DrawingParagraph], listStyle: ListLevels)
        case blocks([Block])
        case group([SlideShape])
    }

    var placeholder: PlaceholderReference?
    var position: SlidePosition?
    var content: Content

    /// True when the shape shows something a reader would see.
    var hasContent: Bool {
        switch content {
        case .text(let paragraphs, _):
            return paragraphs.contains { !$0.content.isEmpty || $0.displayMath != nil }
        case .blocks(let blocks):
            return !blocks.isEmpty
        case .group(let children):
            return children.contains { $0.hasContent }
        }
    }
}
