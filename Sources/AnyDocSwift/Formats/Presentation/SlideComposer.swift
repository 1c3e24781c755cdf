/// Puts a slide's shapes in reading order and turns them into blocks.
///
/// The title placeholder becomes the slide's title and is not repeated.
/// Then come the other placeholders, the subtitle first and the rest by
/// placeholder index (the order layouts are designed in); then every other
/// shape by position, top to bottom and, within a row, left to right;
/// groups stay together, their members ordered the same way; last, footer
/// and date placeholders. Slide numbers are dropped: the heading has one.
struct SlideComposer {
    let styles: SlideStyles

    /// Shapes whose tops differ by less than this (a quarter inch, in EMU)
    /// count as one row and are read left to right.
    static let rowTolerance: Int64 = 228_600

    struct Composition {
        var title: String?
        var blocks: [Block]
        /// Footer, header and date text, kept apart so a deck's repeated
        /// footer can be shown once.
        var footer: [Block]
    }

    func compose(_ shapes: [SlideShape]) -> Composition {
        var shapes = shapes
        var title: String?
        if let index = shapes.firstIndex(where: { isTitle($0) && !titleText($0).isEmpty }) {
            title = titleText(shapes[index])
            shapes.remove(at: index)
        }
        var placeholders: [(rank: Int, index: Int, shape: SlideShape)] = []
        var others: [SlideShape] = []
        var footers: [SlideShape] = []
        for shape in shapes {
            guard let reference = shape.placeholder else {
                others.append(shape)
                continue
            }
            switch styles.effectiveType(of: reference) {
            case "sldNum", "sldImg": continue
            case "dt", "ftr", "hdr": footers.append(shape)
            case "subTitle": placeholders.append((0, reference.index ?? 0, shape))
            default: placeholders.append((1, reference.index ?? 0, shape))
            }
        }
        // Sorting pairs with their original position keeps it stable.
        let orderedPlaceholders = placeholders.enumerated()
            .sorted { ($0.element.rank, $0.element.index, $0.offset) < ($1.element.rank, $1.element.index, $1.offset) }
            .map { $0.element.shape }
        var blocks: [Block] = []
        for shape in orderedPlaceholders + Self.byPosition(others) { blocks += self.blocks(for: shape) }
        var footer: [Block] = []
        for shape in footers { footer += self.blocks(for: shape) }
        return Composition(title: title, blocks: blocks, footer: footer)
    }

    private func isTitle(_ shape: SlideShape) -> Bool {
        guard let reference = shape.placeholder else { return false }
        let type = styles.effectiveType(of: reference)
        return type == "title" || type == "ctrTitle"
    }

    private func titleText(_ shape: SlideShape) -> String {
        guard case .text(let paragraphs, _) = shape.content else { return "" }
        return DrawingText.plainLine(paragraphs)
    }

    private func blocks(for shape: SlideShape) -> [Block] {
        switch shape.content {
        case .blocks(let blocks):
            return blocks
        case .group(let children):
            return Self.byPosition(children).flatMap { blocks(for: $0) }
        case .text(let paragraphs, let listStyle):
            return ParagraphGrouper.blocks(paragraphs) { paragraph in
                bullet(for: paragraph, listStyle: listStyle, placeholder: shape.placeholder)
            }
        }
    }

    /// The paragraph's own bullet, else its shape's list style, else (for
    /// placeholders) the layout's and master's. Text boxes show bullets
    /// only where they set them; content placeholders default to bullets.
    private func bullet(for paragraph: DrawingParagraph, listStyle: ListLevels, placeholder: PlaceholderReference?) -> BulletStyle {
        if let own = paragraph.bullet { return own }
        if let fromShape = listStyle.bullet(level: paragraph.level) { return fromShape }
        guard let placeholder else { return .none }
        if let inherited = styles.inheritedBullet(for: placeholder, level: paragraph.level) { return inherited }
        switch styles.effectiveType(of: placeholder) {
        case "title", "ctrTitle", "subTitle", "dt", "ftr", "hdr", "sldNum": return .none
        default: return .symbol
        }
    }

    /// Shapes top to bottom, a row at a time, each row left to right. A
    /// shape without a position of its own stays after the one before it.
    static func byPosition(_ shapes: [SlideShape]) -> [SlideShape] {
        var last = SlidePosition(x: 0, y: 0)
        var keyed: [(position: SlidePosition, offset: Int, shape: SlideShape)] = []
        for (offset, shape) in shapes.enumerated() {
            if let position = shape.position { last = position }
            keyed.append((last, offset, shape))
        }
        keyed.sort { ($0.position.y, $0.offset) < ($1.position.y, $1.offset) }
        var result: [SlideShape] = []
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count, keyed[end].position.y - keyed[start].position.y < rowTolerance { end += 1 }
            let row = keyed[start..<end].sorted { ($0.position.x, $0.offset) < ($1.position.x, $1.offset) }
            result += row.map { $0.shape }
            start = end
        }
        return result
    }
}
