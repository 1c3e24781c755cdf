/// The styles of a Word document (`word/styles.xml`), resolved through
/// `basedOn` so a custom style based on "Heading 2" is a heading too.
struct WordStyles {
    struct Style {
        var name: String = ""
        var basedOn: String?
        var outlineLevel: Int?
        var numberingID: String?
        var numberingLevel: Int?
        var runProperties = WordRunProperties()
        var isCharacterStyle = false
    }

    private(set) var styles: [String: Style] = [:]
    private(set) var defaultParagraphStyle: String?
    private(set) var defaultRunProperties = WordRunProperties()

    init() {}

    /// The elements of `styles.xml` this reads, by local name; a reader
    /// may cut every other element before parsing.
    static let readElements = XMLLocalNames([
        "docDefaults", "rPrDefault", "style", "name", "basedOn", "pPr", "rPr", "outlineLvl", "numPr", "numId", "ilvl",
        "b", "i", "strike", "dstrike", "vertAlign", "vanish", "specVanish", "rStyle",
    ])

    init(reader: XMLReader) throws(ConversionError) {
        let w = OOXMLNamespace.wordprocessing
        while try reader.read() {
            guard reader.kind == .startElement, reader.namespace == w else { continue }
            switch reader.localName {
            case "rPrDefault":
                let element = try reader.readElement()
                defaultRunProperties = WordRunProperties(element.firstElement("rPr", in: w))
            case "latentStyles":
                try reader.skipElement()
            case "style":
                let id = reader.attribute("styleId", namespace: w) ?? ""
                let type = reader.attribute("type", namespace: w) ?? "paragraph"
                let isDefault = WordRunProperties.toggleValue(reader.attribute("default", namespace: w))
                var style = try Self.readStyle(reader)
                style.isCharacterStyle = type == "character"
                if style.name.isEmpty { style.name = id }
                if type == "paragraph" || type == "character" {
                    styles[id] = style
                    if isDefault && type == "paragraph" { defaultParagraphStyle = id }
                }
            default:
                break
            }
        }
    }

    /// Reads one `w:style` as it streams: its name, base, outline level,
    /// list and run properties. Table-style parts (conditional formats
    /// carry run properties of their own) are skipped.
    private static func readStyle(_ reader: XMLReader) throws(ConversionError) -> Style {
        let w = OOXMLNamespace.wordprocessing
        var style = Style()
        guard !reader.isEmptyElement else { return style }
        let styleDepth = reader.depth
        var paragraphDepth: Int?
        var runDepth: Int?
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= styleDepth { break }
                if reader.depth == paragraphDepth { paragraphDepth = nil }
                if reader.depth == runDepth { runDepth = nil }
                continue
            }
            guard reader.kind == .startElement, reader.namespace == w else { continue }
            let name = reader.localName
            let depth = reader.depth
            if depth == styleDepth + 1 {
                switch name {
                case "name": style.name = reader.attribute("val", namespace: w) ?? ""
                case "basedOn": style.basedOn = reader.attribute("val", namespace: w)
                case "pPr": if !reader.isEmptyElement { paragraphDepth = depth }
                case "rPr": if !reader.isEmptyElement { runDepth = depth }
                default: try reader.skipElement()
                }
            } else if let paragraph = paragraphDepth, depth > paragraph {
                switch name {
                case "outlineLvl": style.outlineLevel = reader.attribute("val", namespace: w).flatMap { Int($0) }
                case "numId": style.numberingID = reader.attribute("val", namespace: w)
                case "ilvl": style.numberingLevel = reader.attribute("val", namespace: w).flatMap { Int($0) }
                case "numPr": break
                default: try reader.skipElement()
                }
            } else if let run = runDepth, depth == run + 1 {
                style.runProperties.apply(name, value: reader.attribute("val", namespace: w))
                try reader.skipElement()
            }
        }
        return style
    }

    /// The heading level (1–9) a paragraph style gives, or nil. Built-in
    /// style names are stored in English whatever the user's language
    /// ("heading 1", "Title"), and outline levels are language-free.
    func headingLevel(of styleID: String?) -> Int? {
        var current = styleID ?? defaultParagraphStyle
        var seen = 0
        while let id = current, let style = styles[id], seen < 32 {
            if let level = Self.headingLevel(named: style.name) ?? Self.headingLevel(named: id) { return level }
            if let outline = style.outlineLevel, (0...8).contains(outline) { return outline + 1 }
            current = style.basedOn
            seen += 1
        }
        return nil
    }

    private static func headingLevel(named name: String) -> Int? {
        let lower = name.lowercased()
        if lower == "title" { return 1 }
        for prefix in ["heading ", "heading"] where lower.hasPrefix(prefix) {
            if let level = Int(lower.dropFirst(prefix.count)), (1...9).contains(level) { return level }
        }
        return nil
    }

    /// The list a paragraph style puts its paragraphs in, if any.
    func numbering(of styleID: String?) -> (id: String, level: Int)? {
        var current = styleID
        var seen = 0
        while let id = current, let style = styles[id], seen < 32 {
            if let numbering = style.numberingID { return (numbering, style.numberingLevel ?? 0) }
            current = style.basedOn
            seen += 1
        }
        return nil
    }

    /// Run properties a style and the styles it is based on declare, the
    /// nearest declaration winning.
    func runProperties(of styleID: String?) -> WordRunProperties {
        var chain: [WordRunProperties] = []
        var current = styleID
        while let id = current, let style = styles[id], chain.count < 32 {
            chain.append(style.runProperties)
            current = style.basedOn
        }
        var result = WordRunProperties()
        for properties in chain.reversed() { result = properties.over(result) }
        return result
    }

    /// The formatting of a run: document defaults, then the paragraph and
    /// character styles (whose bold and italic toggle each other, as Word's
    /// toggle properties do), then the run's own properties, which win.
    func format(paragraphStyle: String?, run: WordRunProperties) -> WordRunFormat {
        let paragraph = runProperties(of: paragraphStyle ?? defaultParagraphStyle)
        let character = runProperties(of: run.styleID)
        func toggled(_ property: (WordRunProperties) -> Bool?) -> Bool {
            let fromStyles = (property(defaultRunProperties) ?? false)
                != ((property(paragraph) ?? false) != (property(character) ?? false))
            return property(run) ?? fromStyles
        }
        let align = run.verticalAlign ?? character.verticalAlign ?? paragraph.verticalAlign
        return WordRunFormat(
            bold: toggled { $0.bold },
            italic: toggled { $0.italic },
            strikethrough: run.strikethrough ?? character.strikethrough ?? paragraph.strikethrough ?? false,
            superscript: align == "superscript",
            subscript: align == "subscript",
            hidden: run.hidden ?? character.hidden ?? paragraph.hidden ?? false)
    }
}

extension WordRunProperties {
    static func toggleValue(_ value: String?) -> Bool {
        guard let value else { return false }
        switch value.lowercased() {
        case "1", "true", "on": return true
        default: return false
        }
    }
}
