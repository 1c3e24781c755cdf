/// A placeholder on a layout or master: its role and the list style its
/// text body declares.
struct PlaceholderStyle {
    var type: String
    var index: Int?
    var levels: ListLevels
}

/// A master's placeholders and its text styles for titles, bodies and
/// everything else.
struct MasterStyles {
    var placeholders: [PlaceholderStyle] = []
    var title = ListLevels()
    var body = ListLevels()
    var other = ListLevels()
}

/// What a slide's placeholders inherit: the layout's placeholders and,
/// behind them, the master's.
struct LayoutStyles {
    var placeholders: [PlaceholderStyle] = []
    var master = MasterStyles()

    private static let typedOnly: Set<String> = ["title", "ctrTitle", "dt", "ftr", "sldNum", "hdr"]

    /// The layout placeholder a slide placeholder takes its place from:
    /// titles and footers by type, the rest by index, then by type.
    func match(_ reference: PlaceholderReference) -> PlaceholderStyle? {
        if let type = reference.type, Self.typedOnly.contains(type) {
            if let found = placeholders.first(where: { $0.type == type }) { return found }
            if type == "title" || type == "ctrTitle" {
                return placeholders.first { $0.type == "title" || $0.type == "ctrTitle" }
            }
            return nil
        }
        if let index = reference.index, let found = placeholders.first(where: { $0.index == index }) { return found }
        let type = reference.type ?? "obj"
        return placeholders.first { $0.type == type }
    }

    /// The placeholder's type once the layout has filled in what the slide
    /// left out (`obj` when nobody says).
    func effectiveType(of reference: PlaceholderReference) -> String {
        reference.type ?? match(reference)?.type ?? "obj"
    }

    /// The bullet a level inherits from the layout, the master's
    /// placeholder and the master's text styles; nil when none says.
    func inheritedBullet(for reference: PlaceholderReference, level: Int) -> BulletStyle? {
        let layoutMatch = match(reference)
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

/// Layout and master styles, read once per part. They only refine how
/// text is marked, so a layout that cannot be read just adds nothing.
final class SlideStyleCache {
    private let package: OPCPackage
    private var layouts: [String: LayoutStyles] = [:]
    private var masters: [String: MasterStyles] = [:]

    private let p = PPTXNamespace.presentation

    init(package: OPCPackage) {
        self.package = package
    }

    /// The styles behind a slide, from its `slideLayout` relationship.
    func styles(forSlide slidePart: String) -> LayoutStyles {
        let relationships = (try? package.relationships(of: slidePart)) ?? []
        guard let layout = relationships.first(where: { $0.hasType("slideLayout") && !$0.isExternal })?.target else {
            return LayoutStyles()
        }
        if let cached = layouts[layout] { return cached }
        var styles = LayoutStyles()
        var layoutStyles = MasterStyles()
        read(layout, into: &layoutStyles)
        styles.placeholders = layoutStyles.placeholders
        let layoutRelationships = (try? package.relationships(of: layout)) ?? []
        if let master = layoutRelationships.first(where: { $0.hasType("slideMaster") && !$0.isExternal })?.target {
            styles.master = masterStyles(master)
        }
        layouts[layout] = styles
        return styles
    }

    private func masterStyles(_ part: String) -> MasterStyles {
        if let cached = masters[part] { return cached }
        var styles = MasterStyles()
        read(part, into: &styles)
        masters[part] = styles
        return styles
    }

    /// The placeholders of a layout or master, and a master's text styles
    /// (`p:txStyles`, the first of each kind), into `styles`. The styles
    /// stream past: only their bullets are kept.
    private func read(_ part: String, into styles: inout MasterStyles) {
        guard package.contains(part), let reader = try? package.xmlReader(for: part) else { return }
        var seen: Set<String> = []
        do {
            while try reader.read() {
                guard reader.kind == .startElement, reader.namespace == p else { continue }
                switch reader.localName {
                case "sp":
                    if let style = try placeholderStyle(reader) { styles.placeholders.append(style) }
                case "titleStyle", "bodyStyle", "otherStyle":
                    let kind = reader.localName
                    let levels = try ListLevels(reading: reader)
                    guard seen.insert(kind).inserted else { continue }
                    switch kind {
                    case "titleStyle": styles.title = levels
                    case "bodyStyle": styles.body = levels
                    default: styles.other = levels
                    }
                default:
                    break
                }
            }
        } catch {
            // A damaged layout only loses the bullets it would have given.
        }
    }

    /// The placeholder role and list style of the shape the reader is on,
    /// leaving it on the shape's end. Only `p:ph` and the text body's
    /// `a:lstStyle` matter; the rest of the shape (geometry, sample text)
    /// streams past unbuilt.
    private func placeholderStyle(_ reader: XMLReader) throws(ConversionError) -> PlaceholderStyle? {
        guard !reader.isEmptyElement else { return nil }
        let depth = reader.depth
        var reference: PlaceholderReference?
        var levels = ListLevels()
        while try reader.read() {
            if reader.kind == .endElement && reader.depth == depth { break }
            guard reader.kind == .startElement else { continue }
            if reader.isElement("ph", in: p) {
                reference = PlaceholderReference(
                    type: reader.attribute("type"), index: reader.attribute("idx").flatMap { Int($0) })
            } else if reader.isElement("lstStyle", in: PPTXNamespace.drawing) {
                levels = try ListLevels(reading: reader)
            }
        }
        guard let reference else { return nil }
        return PlaceholderStyle(type: reference.type ?? "obj", index: reference.index, levels: levels)
    }
}
