/// The bullet each outline level declares in a list style (`a:lstStyle`,
/// a master's `p:bodyStyle`, …): nil where the level says nothing, so
/// styles can be layered.
struct ListLevels: Equatable {
    private var levels: [BulletStyle?] = Array(repeating: nil, count: 9)

    init() {}

    /// Reads the list style the reader is on (`a:lstStyle`, `p:bodyStyle`
    /// and the like) as it streams, leaving the reader on its end: the
    /// `a:defPPr` and `a:lvl1pPr` … `a:lvl9pPr` children, the default
    /// applying to levels that say nothing themselves. Nothing else is
    /// built: a master's text styles are mostly fonts and colours.
    init(reading reader: XMLReader) throws(ConversionError) {
        guard reader.kind == .startElement, !reader.isEmptyElement else { return }
        let a = PPTXNamespace.drawing
        let listDepth = reader.depth
        var fallback: BulletStyle?
        // The level being read (0 for defPPr, 1…9) and its bullet so far.
        var current: (level: Int, bullet: BulletStyle?)?
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth == listDepth { break }
                if reader.depth == listDepth + 1, let level = current {
                    if level.level == 0 { fallback = level.bullet } else { levels[level.level - 1] = level.bullet }
                    current = nil
                }
                continue
            }
            guard reader.kind == .startElement else { continue }
            if reader.depth == listDepth + 1 {
                let level = reader.namespace == a ? Self.level(named: reader.localName) : nil
                if let level, reader.isEmptyElement {
                    if level == 0 { fallback = nil } else { levels[level - 1] = nil }
                } else if let level {
                    current = (level, nil)
                } else {
                    try reader.skipElement()
                }
            } else if reader.depth == listDepth + 2, current != nil, reader.namespace == a {
                switch reader.localName {
                case "buNone": current?.bullet = BulletStyle.none
                case "buChar", "buBlip": current?.bullet = .symbol
                case "buAutoNum":
                    let start = reader.attribute("startAt").flatMap { Int($0) } ?? 1
                    current?.bullet = .number(start: min(max(start, 0), 999_999))
                default: break
                }
                try reader.skipElement()
            } else {
                try reader.skipElement()
            }
        }
        if let fallback {
            for index in levels.indices where levels[index] == nil { levels[index] = fallback }
        }
    }

    /// 0 for `defPPr`, N for `lvlNpPr`, nil for anything else.
    private static func level(named name: String) -> Int? {
        if name == "defPPr" { return 0 }
        guard name.hasPrefix("lvl"), name.hasSuffix("pPr"), let number = Int(name.dropFirst(3).dropLast(3)),
            (1...9).contains(number)
        else { return nil }
        return number
    }

    func bullet(level: Int) -> BulletStyle? {
        levels[min(max(level, 0), 8)]
    }

    /// The bullet a paragraph-properties element (`a:pPr`, `a:lvl1pPr`)
    /// sets, or nil when it inherits.
    static func bullet(in properties: XMLElement) -> BulletStyle? {
        var result: BulletStyle?
        for child in properties.elements(in: PPTXNamespace.drawing) {
            switch child.name {
            case "buNone": result = BulletStyle.none
            case "buChar", "buBlip": result = .symbol
            case "buAutoNum":
                let start = child.attribute("startAt").flatMap { Int($0) } ?? 1
                result = .number(start: min(max(start, 0), 999_999))
            default: break
            }
        }
        return result
    }
}
