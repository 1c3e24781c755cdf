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

    init(reader: XMLReader) throws(ConversionError) {
        let w = OOXMLNamespace.wordprocessing
        while try reader.read() {
            guard reader.kind == .startElement, reader.namespace == w else { continue }
            switch reader.localName {
            case "rPrDefault":
                let element = try reader.readElement()
                defaultRunProperties = WordRunProperties(element.firstElement("rPr", in: w))
            case "style":
                let id = reader.attribute("styleId", namespace: w) ?? ""
                let type = reader.attribute("type", namespace: w) ?? "paragraph"
                let isDefault = WordRunProperties.toggleValue(reader.attribute("default", namespace: w))
                let element = try reader.readElement()
                var style = Style()
                style.isCharacterStyle = type == "character"
                style.name = element.firstElement("name", in: w)?.attribute("val") ?? id
                style.basedOn = element.firstElement("basedOn", in: w)?.attribute("val")
                if let paragraph = element.firstElement("pPr", in: w) {
                    if let level = paragraph.firstElement("outlineLvl", in: w)?.attribute("val").flatMap({ Int($0) }) {
                        style.outlineLevel = level
                    }
                    if let numbering = paragraph.firstElement("numPr", in: w) {
                        style.numberingID = numbering.firstElement("numId", in: w)?.attribute("val")
                        style.numberingLevel = numbering.firstElement("ilvl", in: w)?.attribute("val").flatMap { Int($0) }
                    }
                }
                style.runProperties = WordRunProperties(element.firstElement("rPr", in: w))
                if type == "paragraph" || type == "character" {
                    styles[id] = style
                    if isDefault && type == "paragraph" { defaultParagraphStyle = id }
                }
            default:
                break
            }
        }
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
        func toggled(_ keyPath: KeyPath<WordRunProperties, Bool?>) -> Bool {
            let fromStyles = (defaultRunProperties[keyPath: keyPath] ?? false)
                != ((paragraph[keyPath: keyPath] ?? false) != (character[keyPath: keyPath] ?? false))
            return run[keyPath: keyPath] ?? fromStyles
        }
        let align = run.verticalAlign ?? character.verticalAlign ?? paragraph.verticalAlign
        return WordRunFormat(
            bold: toggled(\.bold),
            italic: toggled(\.italic),
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
