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

/// A layout's placeholders, and the part they inherit from.
struct LayoutStyles {
    var placeholders: [PlaceholderStyle] = []
    /// The layout part, whose relationships name its master.
    var part: String?

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
}

/// Layout and master styles, read once per part. They only refine how
/// text is marked, so a layout that cannot be read just adds nothing.
/// `SlideStyles` asks for them only when a slide needs them.
final class SlideStyleCache {
    private let package: OPCPackage
    @exclusivity(unchecked)
    private var layouts: [String: LayoutStyles] = [:]
    @exclusivity(unchecked)
    private var masters: [String: MasterStyles] = [:]

    private let p = PPTXNamespace.presentation

    /// What layouts and masters hold besides placeholders and bullets:
    /// geometry, fills, fonts, sample text, the colour map. Cut before
    /// parsing, it spares most of the parse.
    static let unreadElements = XMLLocalNames([
        "bg", "spPr", "bodyPr", "p", "style", "defRPr", "spcBef", "spcAft", "lnSpc", "tabLst",
        "buFont", "buFontTx", "buClr", "buClrTx", "buSzPct", "buSzPts", "buSzTx",
        "nvGrpSpPr", "grpSpPr", "cNvPr", "cNvSpPr", "pic", "cxnSp", "graphicFrame",
        "clrMap", "clrMapOvr", "sldLayoutIdLst", "timing", "transition", "hf", "extLst",
    ])

    init(package: OPCPackage) {
        self.package = package
    }

    /// The layout behind a slide, from its `slideLayout` relationship.
    func layout(forSlide slidePart: String) -> LayoutStyles {
        let relationships = (try? package.relationships(of: slidePart)) ?? []
        guard let layout = relationships.first(where: { $0.hasType("slideLayout") && !$0.isExternal })?.target else {
            return LayoutStyles()
        }
        if let cached = layouts[layout] { return cached }
        var layoutStyles = MasterStyles()
        read(layout, into: &layoutStyles)
        let styles = LayoutStyles(placeholders: layoutStyles.placeholders, part: layout)
        layouts[layout] = styles
        return styles
    }

    /// The master behind a layout, from its `slideMaster` relationship.
    func master(behind layout: LayoutStyles) -> MasterStyles {
        guard let layoutPart = layout.part else { return MasterStyles() }
        let relationships = (try? package.relationships(of: layoutPart)) ?? []
        guard let part = relationships.first(where: { $0.hasType("slideMaster") && !$0.isExternal })?.target else {
            return MasterStyles()
        }
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
        guard package.contains(part),
            let reader = try? package.xmlReader(for: part, cutting: .named(Self.unreadElements))
        else { return }
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
