/// Which automatic styles a part's content refers to: each part has its
/// own, and both fall back on the named styles of `styles.xml`.
enum ODFStyleScope {
    case content
    case styles
}

/// One `style:style`: its parent and the few properties the converters
/// use.
struct ODFStyle {
    var parent: String?
    var displayName: String?
    var text = ODFTextProperties()
    /// `style:default-outline-level`: nil when not declared, 0 when
    /// declared empty (which ends inheritance).
    var outlineLevel: Int?
    var listStyleName: String?
    /// `table:display="false"`: a hidden sheet.
    var hidesTable: Bool?
    /// `presentation:visibility="hidden"`: a slide left out of the show.
    var hidesPage: Bool?
    /// `presentation:display-footer`.
    var showsFooter: Bool?
    /// `style:data-style-name`: the number style a cell's value is shown with.
    var dataStyleName: String?
}

/// How the items at one level of a list are labelled.
enum ODFListLabel: Equatable {
    case bullet
    case number(start: Int)
    /// A numbering level that shows nothing: its items read as paragraphs.
    case noLabel
}

/// The styles of an OpenDocument package, resolved through
/// `style:parent-style-name`: named styles from `styles.xml`, automatic
/// styles from `styles.xml` and `content.xml`, and list styles.
final class ODFStyles {
    @exclusivity(unchecked)
    private var named: [String: ODFStyle] = [:]
    @exclusivity(unchecked)
    private var automatic: [ODFStyleScope: [String: ODFStyle]] = [:]
    @exclusivity(unchecked)
    private var namedLists: [String: [Int: ODFListLabel]] = [:]
    @exclusivity(unchecked)
    private var automaticLists: [ODFStyleScope: [String: [Int: ODFListLabel]]] = [:]
    /// `number:time-style`s by name: named ones under nil, automatic ones by scope.
    @exclusivity(unchecked)
    private var timeFormats: [ODFStyleScope?: [String: ODSTimeFormat]] = [:]
    @exclusivity(unchecked)
    private var resolvedText: [String: ODFTextProperties] = [:]
    /// Heading levels already worked out, by scope and style name; every
    /// paragraph asks, and most share a handful of styles.
    @exclusivity(unchecked)
    private var headingLevels: [ODFStyleScope: [String: Int?]] = [:]

    /// Loads the named styles (`styles.xml`) when first needed; set by
    /// `loadNamedStylesOnDemand`.
    @exclusivity(unchecked)
    private var namedStylesLoader: (() -> Void)?

    /// Longest parent chain followed; cycles end here too.
    private static let maxChain = 32

    init() {}

    // MARK: - Loading

    /// Defers loading the named styles until a look-up needs them: a
    /// spreadsheet's cells mostly use automatic styles only, and its
    /// `styles.xml` cost a third of converting a small one.
    func loadNamedStylesOnDemand(_ loader: @escaping () -> Void) {
        namedStylesLoader = loader
    }

    private func loadNamedStylesIfNeeded() {
        guard let loader = namedStylesLoader else { return }
        namedStylesLoader = nil
        loader()
    }

    /// Reads the styles of one part. With `stopAtBody`, returns on the
    /// `office:body` start (content follows the automatic styles), else
    /// reads to the end.
    func load(from reader: XMLReader, scope: ODFStyleScope, stopAtBody: Bool) throws(ConversionError) {
        headingLevels.removeAll()
        // 1 inside office:styles, 2 inside automatic styles.
        var section = 0
        var sectionDepth = 0
        while try reader.read() {
            if reader.kind == .endElement, section != 0, reader.depth <= sectionDepth {
                section = 0
                continue
            }
            guard reader.kind == .startElement else { continue }
            let namespace = reader.namespace
            let name = reader.localName
            switch (namespace, name) {
            case (ODFNamespace.office, "body"):
                if stopAtBody { return }
                try reader.skipElement()
            case (ODFNamespace.office, "styles"):
                if !reader.isEmptyElement { section = 1; sectionDepth = reader.depth }
            case (ODFNamespace.office, "automatic-styles"):
                if !reader.isEmptyElement { section = 2; sectionDepth = reader.depth }
            case (ODFNamespace.office, "master-styles"), (ODFNamespace.office, "font-face-decls"),
                 (ODFNamespace.office, "scripts"), (ODFNamespace.office, "settings"):
                try reader.skipElement()
            case (ODFNamespace.style, "style") where section != 0:
                guard let styleName = reader.attribute("name", namespace: ODFNamespace.style) else {
                    try reader.skipElement()
                    continue
                }
                let family = reader.attribute("family", namespace: ODFNamespace.style) ?? ""
                let style = try Self.readStyle(reader)
                if section == 1 {
                    named[Self.key(family, styleName)] = style
                } else {
                    automatic[scope, default: [:]][Self.key(family, styleName)] = style
                }
            case (ODFNamespace.text, "list-style") where section != 0:
                guard let styleName = reader.attribute("name", namespace: ODFNamespace.style) else {
                    try reader.skipElement()
                    continue
                }
                let levels = try Self.readListLevels(reader)
                if section == 1 {
                    namedLists[styleName] = levels
                } else {
                    automaticLists[scope, default: [:]][styleName] = levels
                }
            case (ODFNamespace.number, "time-style") where section != 0:
                guard let styleName = reader.attribute("name", namespace: ODFNamespace.style) else {
                    try reader.skipElement()
                    continue
                }
                timeFormats[section == 1 ? nil : scope, default: [:]][styleName] = try ODSTimeFormat.read(reader)
            default:
                // Other number styles, page layouts, outline styles: nothing to read.
                if section != 0, reader.depth == sectionDepth + 1 { try reader.skipElement() }
            }
        }
    }

    private static func key(_ family: String, _ name: String) -> String { family + "\u{1}" + name }

    /// The `style:style` the reader is on, from its attributes and those
    /// of its property children; leaves the reader on its end.
    private static func readStyle(_ reader: XMLReader) throws(ConversionError) -> ODFStyle {
        let s = ODFNamespace.style
        var style = ODFStyle()
        style.parent = reader.attribute("parent-style-name", namespace: s)
        style.displayName = reader.attribute("display-name", namespace: s)
        style.listStyleName = reader.attribute("list-style-name", namespace: s)
        style.dataStyleName = reader.attribute("data-style-name", namespace: s)
        if let level = reader.attribute("default-outline-level", namespace: s) {
            style.outlineLevel = Int(level) ?? 0
        }
        try reader.forEachChildElement { () throws(ConversionError) in
            guard reader.namespace == s else { return }
            switch reader.localName {
            case "text-properties":
                style.text = ODFTextProperties(reader)
            case "table-properties":
                if let display = reader.attribute("display", namespace: ODFNamespace.table) { style.hidesTable = display == "false" }
            case "drawing-page-properties":
                let p = ODFNamespace.presentation
                if let visibility = reader.attribute("visibility", namespace: p) { style.hidesPage = visibility == "hidden" }
                if let footer = reader.attribute("display-footer", namespace: p) { style.showsFooter = footer == "true" }
            default:
                break
            }
        }
        return style
    }

    /// The levels of the `text:list-style` the reader is on; leaves the
    /// reader on its end.
    private static func readListLevels(_ reader: XMLReader) throws(ConversionError) -> [Int: ODFListLabel] {
        var levels: [Int: ODFListLabel] = [:]
        try reader.forEachChildElement { () throws(ConversionError) in
            guard reader.namespace == ODFNamespace.text,
                let level = reader.attribute("level", namespace: ODFNamespace.text).flatMap({ Int($0) }),
                (1...10).contains(level)
            else { return }
            switch reader.localName {
            case "list-level-style-number":
                let format = reader.attribute("num-format", namespace: ODFNamespace.style) ?? ""
                let start = reader.attribute("start-value", namespace: ODFNamespace.text).flatMap { Int($0) } ?? 1
                levels[level] = format.isEmpty ? ODFListLabel.noLabel : .number(start: start)
            case "list-level-style-bullet":
                let character = reader.attribute("bullet-char", namespace: ODFNamespace.text) ?? "•"
                levels[level] = character.isEmpty ? ODFListLabel.noLabel : .bullet
            case "list-level-style-image":
                levels[level] = .bullet
            default:
                break
            }
        }
        return levels
    }

    // MARK: - Lookup

    private func style(_ name: String, family: String, scope: ODFStyleScope) -> ODFStyle? {
        let key = Self.key(family, name)
        if scope == .content, let style = automatic[.content]?[key] { return style }
        loadNamedStylesIfNeeded()
        return automatic[scope]?[key] ?? named[key]
    }

    /// The style and its ancestors, nearest first. A parent is looked up
    /// among named styles first: automatic styles only derive from them.
    private func chain(_ name: String?, family: String, scope: ODFStyleScope) -> [(name: String, style: ODFStyle)] {
        guard let name, let first = style(name, family: family, scope: scope) else { return [] }
        var result = [(name, first)]
        var current = first
        while let parent = current.parent, result.count < Self.maxChain {
            loadNamedStylesIfNeeded()
            let key = Self.key(family, parent)
            guard let next = named[key] ?? automatic[scope]?[key] else { break }
            result.append((parent, next))
            current = next
        }
        return result
    }

    /// The text properties a style and its ancestors declare, the nearest
    /// declaration winning.
    func textProperties(of name: String?, family: String, scope: ODFStyleScope) -> ODFTextProperties {
        guard let name else { return ODFTextProperties() }
        let cacheKey = (scope == .content ? "c" : "s") + Self.key(family, name)
        if let cached = resolvedText[cacheKey] { return cached }
        var result = ODFTextProperties()
        for (_, style) in chain(name, family: family, scope: scope).reversed() {
            result = style.text.over(result)
        }
        resolvedText[cacheKey] = result
        return result
    }

    /// The heading level a paragraph style gives (its outline level, or
    /// a "Heading N" or "Title" name), or nil.
    func headingLevel(ofParagraphStyle name: String?, scope: ODFStyleScope) -> Int? {
        guard let name else { return resolveHeadingLevel(ofParagraphStyle: nil, scope: scope) }
        if let known = headingLevels[scope]?[name] { return known }
        let level = resolveHeadingLevel(ofParagraphStyle: name, scope: scope)
        headingLevels[scope, default: [:]][name] = .some(level)
        return level
    }

    private func resolveHeadingLevel(ofParagraphStyle name: String?, scope: ODFStyleScope) -> Int? {
        for (styleName, style) in chain(name, family: "paragraph", scope: scope) {
            if let level = style.outlineLevel { return level > 0 ? level : nil }
            if let level = Self.headingLevel(named: style.displayName ?? styleName) ?? Self.headingLevel(named: styleName) {
                return level
            }
        }
        return nil
    }

    /// `Heading 3`, `Heading_20_3` → 3; `Title` → 1.
    private static func headingLevel(named name: String) -> Int? {
        let lower = name.lowercased().replacingAll("_20_", with: " ")
        if lower == "title" { return 1 }
        guard lower.hasPrefix("heading ") else { return nil }
        guard let level = Int(lower.dropFirst("heading ".count)), (1...10).contains(level) else { return nil }
        return level
    }

    /// The list style a paragraph style attaches, if any.
    func listStyleName(ofParagraphStyle name: String?, scope: ODFStyleScope) -> String? {
        for (_, style) in chain(name, family: "paragraph", scope: scope) {
            if let list = style.listStyleName { return list.isEmpty ? nil : list }
        }
        return nil
    }

    /// How items at `level` (1-based) of a list in `listStyle` are
    /// labelled. Levels a style leaves out take the deepest one defined
    /// above them; lists without a known style get bullets.
    func label(listStyle: String?, level: Int, scope: ODFStyleScope) -> ODFListLabel {
        guard let listStyle else { return .bullet }
        if scope != .content || automaticLists[.content]?[listStyle] == nil { loadNamedStylesIfNeeded() }
        guard let levels = automaticLists[scope]?[listStyle] ?? namedLists[listStyle] else { return .bullet }
        var current = min(max(level, 1), 10)
        while current >= 1 {
            if let label = levels[current] { return label }
            current -= 1
        }
        return .bullet
    }

    /// A style's own flags (hidden sheet, hidden slide, footer shown),
    /// inherited through its parents.
    func flag(_ property: (ODFStyle) -> Bool?, of name: String?, family: String, scope: ODFStyleScope) -> Bool? {
        for (_, style) in chain(name, family: family, scope: scope) {
            if let value = property(style) { return value }
        }
        return nil
    }

    /// The time style a cell style shows its values with, through its
    /// parents; nil when it has none (or a number or date style).
    func timeFormat(ofCellStyle name: String?, scope: ODFStyleScope) -> ODSTimeFormat? {
        for (_, style) in chain(name, family: "table-cell", scope: scope) {
            guard let dataStyle = style.dataStyleName else { continue }
            if let format = timeFormats[scope]?[dataStyle] { return format }
            loadNamedStylesIfNeeded()
            return timeFormats[scope]?[dataStyle] ?? timeFormats[nil]?[dataStyle]
        }
        return nil
    }
}
