/// A rectangle on the slide in master units (576 per inch), or in a
/// group's own coordinates for the group's members.
struct PPTRect: Equatable {
    var left: Int
    var top: Int
    var right: Int
    var bottom: Int
}

/// Takes a group's own coordinates (its OfficeArtFSPGR rectangle) to the
/// space of the rectangle the group occupies in its parent.
struct PPTCoordinateMap {
    private var scaleX = 1.0
    private var scaleY = 1.0
    private var offsetX = 0.0
    private var offsetY = 0.0

    static let identity = PPTCoordinateMap()

    private init() {}

    init(from space: PPTRect, to anchor: PPTRect) {
        let spaceWidth = Double(space.right) - Double(space.left)
        let spaceHeight = Double(space.bottom) - Double(space.top)
        scaleX = spaceWidth == 0 ? 1 : (Double(anchor.right) - Double(anchor.left)) / spaceWidth
        scaleY = spaceHeight == 0 ? 1 : (Double(anchor.bottom) - Double(anchor.top)) / spaceHeight
        offsetX = Double(anchor.left) - Double(space.left) * scaleX
        offsetY = Double(anchor.top) - Double(space.top) * scaleY
    }

    /// This map, then `outer`.
    func followed(by outer: PPTCoordinateMap) -> PPTCoordinateMap {
        var result = PPTCoordinateMap()
        result.scaleX = scaleX * outer.scaleX
        result.scaleY = scaleY * outer.scaleY
        result.offsetX = offsetX * outer.scaleX + outer.offsetX
        result.offsetY = offsetY * outer.scaleY + outer.offsetY
        return result
    }

    func apply(_ rect: PPTRect) -> PPTRect {
        PPTRect(
            left: Self.rounded(Double(rect.left) * scaleX + offsetX), top: Self.rounded(Double(rect.top) * scaleY + offsetY),
            right: Self.rounded(Double(rect.right) * scaleX + offsetX), bottom: Self.rounded(Double(rect.bottom) * scaleY + offsetY))
    }

    /// Damaged rectangles can scale to anything: keep the result an Int.
    private static func rounded(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -1e15), 1e15).rounded())
    }
}

/// One shape of a slide's or notes page's drawing, read but not yet put
/// in reading order.
struct PPTShape {
    enum Content {
        case text(PPTTextBody)
        /// An OutlineTextRefAtom: the page's n-th text in the slide list.
        case listedText(Int)
        case table([PPTTableCell])
        case group([PPTShape])
        /// Nothing a reader would see: a picture, a line, an empty box.
        case none
    }

    /// The OEPlaceholderAtom's placement (`PPTPlaceholder`), if any.
    var placeholder: UInt8?
    /// The placeholder's index on its layout; orders placeholders.
    var placeholderPosition = 0
    var anchor: PPTRect?
    var content: Content
}

/// A cell of a table: PowerPoint stores a table as a group of text boxes
/// whose rectangles tile the grid.
struct PPTTableCell {
    var rect: PPTRect
    var text: PPTTextBody?
}

/// Placeholder kinds of the OEPlaceholderAtom (MS-PPT PlaceholderEnum)
/// that decide reading order.
enum PPTPlaceholder {
    enum Role { case title, subtitle, body, footer, hidden }

    static func role(_ placement: UInt8) -> Role {
        switch placement {
        case 0x01, 0x03, 0x0D, 0x0F, 0x11: return .title
        case 0x04, 0x10: return .subtitle
        case 0x07, 0x09, 0x0A: return .footer
        // Slide numbers (the heading has one) and slide images.
        case 0x05, 0x08, 0x0B: return .hidden
        default: return .body
        }
    }

    /// Notes body and notes placeholders. A switch, not a set: the first
    /// use of a set type costs the run time a search of every protocol
    /// conformance in the program.
    static func isNotesBody(_ placement: UInt8) -> Bool {
        placement == 0x06 || placement == 0x0C
    }
}
