/// What a slide's placeholders inherit: the layout's placeholders and,
/// behind them, the master's. Each part is read when a placeholder first
/// needs it, so a slide of typed placeholders that set their own bullets,
/// or of plain text boxes, reads neither.
final class SlideStyles {
    private let cache: SlideStyleCache
    private let slidePart: String
    private lazy var layout = cache.layout(forSlide: slidePart)
    private lazy var master = cache.master(behind: layout)

    init(slidePart: String, cache: SlideStyleCache) {
        self.slidePart = slidePart
        self.cache = cache
    }

    /// The placeholder's type once the layout has filled in what the slide
    /// left out (`obj` when nobody says).
    func effectiveType(of reference: PlaceholderReference) -> String {
        reference.type ?? layout.match(reference)?.type ?? "obj"
    }

    /// The bullet a level inherits from the layout, the master's
    /// placeholder and the master's text styles; nil when none says.
    func inheritedBullet(for reference: PlaceholderReference, level: Int) -> BulletStyle? {
        let layoutMatch = layout.match(reference)
        if let bullet = layoutMatch?.levels.bullet(level: level) { return bullet }
        let role = Self.masterRole(reference.type ?? layoutMatch?.type ?? "obj")
        if let onMaster = master.placeholders.first(where: { Self.masterRole($0.type) == role }),
           let bullet = onMaster.levels.bullet(level: level) {
            return bullet
        }
        switch role {
        case "title": return master.title.bullet(level: level)
        case "body": return master.body.bullet(level: level)
        default: return master.other.bullet(level: level)
        }
    }

    /// Masters hold one placeholder per role: titles, footers, and a body
    /// that every content placeholder follows.
    static func masterRole(_ type: String) -> String {
        switch type {
        case "title", "ctrTitle": return "title"
        case "dt", "ftr", "sldNum", "hdr": return type
        default: return "body"
        }
    }
}
