internal import AnyDocSwift
/// Turns a page whose text runs up or down (a landscape table printed
/// sideways, a page drawn rotated) so that its text runs left to right;
/// the layout rules only know horizontal lines.
///
/// The direction is voted by neighbouring characters of one word: most
/// steps going down the page means text turned clockwise, most going up
/// means counter-clockwise. Pages of mixed directions keep the majority.
enum PDFTextOrientation {
    enum Turn: Equatable {
        case none
        /// Text reads top to bottom.
        case clockwise
        /// Text reads bottom to top.
        case counterClockwise
    }

    static func turn(of layout: PDFTextLayout) -> Turn {
        var horizontal = 0, down = 0, up = 0
        var previous: PDFCharacter?
        for character in layout.characters {
            guard character.scalar != " ", character.scalar != "\n" else {
                previous = nil
                continue
            }
            defer { previous = character }
            guard let last = previous else { continue }
            let dx = character.box.midX - last.box.midX, dy = character.box.midY - last.box.midY
            let size = max(last.box.width, last.box.height, 1)
            guard max(abs(dx), abs(dy)) < 3 * size, max(abs(dx), abs(dy)) > 0.05 * size else { continue }
            if abs(dx) >= abs(dy) {
                horizontal += 1
            } else if dy > 0 {
                down += 1
            } else {
                up += 1
            }
        }
        if down > 2 * (horizontal + up) { return .clockwise }
        if up > 2 * (horizontal + down) { return .counterClockwise }
        return .none
    }

    /// `rect` on a page of `width` × `height` after the turn that makes
    /// its text horizontal.
    static func apply(_ turn: Turn, to rect: PDFRect, width: Double, height: Double) -> PDFRect {
        switch turn {
        case .none:
            return rect
        case .clockwise:
            // Reading goes down the page; the next line is to the left.
            return PDFRect(minX: rect.minY, minY: width - rect.maxX, maxX: rect.maxY, maxY: width - rect.minX)
        case .counterClockwise:
            // Reading goes up the page; the next line is to the right.
            return PDFRect(minX: height - rect.maxY, minY: rect.minX, maxX: height - rect.minY, maxY: rect.maxX)
        }
    }

    /// The layout and links turned, and the page's new size.
    static func upright(
        _ layout: PDFTextLayout, links: [PDFLink], width: Double, height: Double
    ) -> (layout: PDFTextLayout, links: [PDFLink], width: Double, height: Double) {
        let turn = turn(of: layout)
        guard turn != .none else { return (layout, links, width, height) }
        var turned = layout
        for index in turned.characters.indices {
            turned.characters[index].box = apply(turn, to: turned.characters[index].box, width: width, height: height)
        }
        let turnedLinks = links.map { PDFLink(area: apply(turn, to: $0.area, width: width, height: height), target: $0.target) }
        return (turned, turnedLinks, height, width)
    }
}
