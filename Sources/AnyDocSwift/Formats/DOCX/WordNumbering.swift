/// List definitions (`word/numbering.xml`) and the running counters that
/// number list paragraphs as Word shows them: counters continue across
/// every list that shares an abstract definition, restart where a list
/// overrides its start, and reset deeper levels when a shallower one
/// advances.
struct WordNumbering {
    struct Level {
        var format = "decimal"
        var start = 1
        /// The shallower level (1-based, as Word counts) after which this
        /// one restarts; 0 means never.
        var restartAfter: Int?
    }

    private struct Instance {
        var abstractID: String
        var startOverrides: [Int: Int] = [:]
    }

    private var abstracts: [String: [Int: Level]] = [:]
    private var styleLinks: [String: String] = [:]
    private var instances: [String: Instance] = [:]
    private var counters: [String: [Int: Int]] = [:]
    private var appliedOverrides: Set<String> = []

    init() {}

    /// The elements of `numbering.xml` this reads, by local name; a reader
    /// may cut every other element before parsing.
    static let readElements = XMLLocalNames([
        "abstractNum", "num", "lvl", "numStyleLink", "numFmt", "start", "lvlRestart", "abstractNumId", "lvlOverride",
        "startOverride",
    ])

    init(reader: XMLReader) throws(ConversionError) {
        let w = OOXMLNamespace.wordprocessing
        while try reader.read() {
            guard reader.kind == .startElement, reader.namespace == w else { continue }
            switch reader.localName {
            case "abstractNum":
                let id = reader.attribute("abstractNumId", namespace: w) ?? ""
                let (levels, link) = try Self.readAbstract(reader)
                abstracts[id] = levels
                if let link { styleLinks[id] = link }
            case "num":
                let id = reader.attribute("numId", namespace: w) ?? ""
                let element = try reader.readElement()
                var instance = Instance(abstractID: element.firstElement("abstractNumId", in: w)?.attribute("val") ?? "")
                for override in element.elements("lvlOverride", in: w) {
                    guard let index = override.attribute("ilvl").flatMap({ Int($0) }) else { continue }
                    if let start = override.firstElement("startOverride", in: w)?.attribute("val").flatMap({ Int($0) }) {
                        instance.startOverrides[index] = start
                    }
                }
                instances[id] = instance
            default:
                break
            }
        }
    }

    /// Reads one `w:abstractNum` as it streams: each level's format,
    /// start and restart, and the style link. Level paragraph and run
    /// properties (most of the part) stream past unbuilt.
    private static func readAbstract(_ reader: XMLReader) throws(ConversionError) -> (levels: [Int: Level], styleLink: String?) {
        let w = OOXMLNamespace.wordprocessing
        var levels: [Int: Level] = [:]
        var styleLink: String?
        guard !reader.isEmptyElement else { return (levels, nil) }
        let abstractDepth = reader.depth
        var current: (index: Int?, level: Level)?
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= abstractDepth { break }
                if reader.depth == abstractDepth + 1, let finished = current {
                    if let index = finished.index { levels[index] = finished.level }
                    current = nil
                }
                continue
            }
            guard reader.kind == .startElement else { continue }
            let inW = reader.namespace == w
            if reader.depth == abstractDepth + 1 {
                if inW && reader.localName == "lvl" {
                    let level = ((reader.attribute("ilvl", namespace: w) ?? reader.attribute("ilvl")).flatMap { Int($0) }, Level())
                    if reader.isEmptyElement {
                        if let index = level.0 { levels[index] = level.1 }
                    } else {
                        current = level
                    }
                } else {
                    if inW && reader.localName == "numStyleLink" { styleLink = reader.attribute("val", namespace: w) ?? reader.attribute("val") }
                    try reader.skipElement()
                }
            } else if current != nil, reader.depth == abstractDepth + 2, inW {
                let value = reader.attribute("val", namespace: w) ?? reader.attribute("val")
                switch reader.localName {
                case "numFmt": if let value { current?.level.format = value }
                case "start": if let start = value.flatMap({ Int($0) }) { current?.level.start = start }
                case "lvlRestart": current?.level.restartAfter = value.flatMap { Int($0) }
                default: break
                }
                try reader.skipElement()
            } else {
                try reader.skipElement()
            }
        }
        return (levels, styleLink)
    }

    /// The definition a list instance uses, following a style link
    /// (`numStyleLink`) to the list the style names.
    private func resolvedAbstract(of numberingID: String, styles: WordStyles) -> String? {
        guard var abstract = instances[numberingID]?.abstractID else { return nil }
        var hops = 0
        while abstracts[abstract]?.isEmpty ?? true, let link = styleLinks[abstract], hops < 8,
              let linked = styles.numbering(of: link)?.id, let next = instances[linked]?.abstractID {
            abstract = next
            hops += 1
        }
        return abstract
    }

    /// Whether `numberingID` names a real list ("0" turns numbering off).
    func isList(_ numberingID: String) -> Bool {
        numberingID != "0" && instances[numberingID] != nil
    }

    /// Advances the counter of one list paragraph and returns how it is
    /// marked: a bullet, or its number.
    mutating func advance(_ numberingID: String, level: Int, styles: WordStyles) -> (isBullet: Bool, number: Int) {
        let level = min(max(level, 0), 8)
        guard let abstract = resolvedAbstract(of: numberingID, styles: styles) else { return (true, 1) }
        let definition = abstracts[abstract]?[level] ?? Level()
        var levels = counters[abstract] ?? [:]
        let overrideKey = numberingID + "/" + String(level)
        if let start = instances[numberingID]?.startOverrides[level], !appliedOverrides.contains(overrideKey) {
            appliedOverrides.insert(overrideKey)
            levels[level] = start - 1
        }
        let number = (levels[level] ?? definition.start - 1) + 1
        levels[level] = number
        for deeper in (level + 1)...9 {
            let deeperDefinition = abstracts[abstract]?[deeper]
            if deeperDefinition?.restartAfter == 0 { continue }
            levels[deeper] = nil
        }
        counters[abstract] = levels
        let isBullet = definition.format == "bullet" || definition.format == "none"
        return (isBullet, number)
    }
}
