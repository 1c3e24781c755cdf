/// The character formatting the Markdown can show: what a run looks like
/// once styles and direct formatting are resolved.
struct WordRunFormat: Equatable {
    var bold = false
    var italic = false
    var strikethrough = false
    var superscript = false
    var `subscript` = false
    var hidden = false
}

/// Run properties as one style level or a run declares them: nil where
/// that level says nothing, so levels can be layered.
struct WordRunProperties: Equatable {
    var bold: Bool?
    var italic: Bool?
    var strikethrough: Bool?
    var verticalAlign: String?
    var hidden: Bool?
    var styleID: String?

    /// Reads `w:rPr` children from a subtree.
    init(_ element: XMLElement?) {
        guard let element else { return }
        for child in element.elements(in: OOXMLNamespace.wordprocessing) {
            apply(child.name, value: child.attribute("val"))
        }
    }

    /// Takes one run property (`b`, `i`, `strike`, …) with its `w:val`.
    mutating func apply(_ name: String, value: String?) {
        switch name {
        case "b": bold = Self.toggle(value)
        case "i": italic = Self.toggle(value)
        case "strike", "dstrike": strikethrough = (strikethrough ?? false) || Self.toggle(value)
        case "vertAlign": verticalAlign = value
        case "vanish", "specVanish": hidden = Self.toggle(value)
        case "rStyle": styleID = value
        default: break
        }
    }

    init() {}

    /// `<w:b/>` and `<w:b w:val="true|1|on"/>` are on; `0`, `false`, `off` are off.
    static func toggle(_ element: XMLElement) -> Bool {
        toggle(element.attribute("val"))
    }

    static func toggle(_ value: String?) -> Bool {
        guard let value else { return true }
        switch value.lowercased() {
        case "0", "false", "off", "none": return false
        default: return true
        }
    }

    /// This level's values where set, else `base`'s.
    func over(_ base: WordRunProperties) -> WordRunProperties {
        var result = base
        if let bold { result.bold = bold }
        if let italic { result.italic = italic }
        if let strikethrough { result.strikethrough = strikethrough }
        if let verticalAlign { result.verticalAlign = verticalAlign }
        if let hidden { result.hidden = hidden }
        if let styleID { result.styleID = styleID }
        return result
    }
}
