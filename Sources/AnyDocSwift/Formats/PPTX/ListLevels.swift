/// The bullet each outline level declares in a list style (`a:lstStyle`,
/// a master's `p:bodyStyle`, …): nil where the level says nothing, so
/// styles can be layered.
struct ListLevels: Equatable {
    private var levels: [BulletStyle?] = Array(repeating: nil, count: 9)

    init() {}

    /// Reads `a:defPPr` and `a:lvl1pPr` … `a:lvl9pPr` children; the
    /// default applies to levels that say nothing themselves.
    init(_ element: XMLElement?) {
        guard let element else { return }
        var fallback: BulletStyle?
        for child in element.elements(in: PPTXNamespace.drawing) {
            if child.name == "defPPr" {
                fallback = Self.bullet(in: child)
                continue
            }
            guard child.name.hasPrefix("lvl"), child.name.hasSuffix("pPr"),
                  let number = Int(child.name.dropFirst(3).dropLast(3)), (1...9).contains(number) else { continue }
            levels[number - 1] = Self.bullet(in: child)
        }
        if let fallback {
            for index in levels.indices where levels[index] == nil { levels[index] = fallback }
        }
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
