/// The character formatting Markdown can show: what a span looks like
/// once its styles and the enclosing ones are resolved.
struct ODFTextFormat: Equatable {
    var bold = false
    var italic = false
    var strikethrough = false
    var superscript = false
    var `subscript` = false
    var hidden = false

    /// This format with what `properties` declares laid over it.
    func applying(_ properties: ODFTextProperties) -> ODFTextFormat {
        var result = self
        if let bold = properties.bold { result.bold = bold }
        if let italic = properties.italic { result.italic = italic }
        if let strikethrough = properties.strikethrough { result.strikethrough = strikethrough }
        if let position = properties.position {
            result.superscript = position == .superscript
            result.subscript = position == .subscript
        }
        if let hidden = properties.hidden { result.hidden = hidden }
        return result
    }

    /// `text` wrapped in the spans this format calls for.
    func wrap(_ inline: Inline) -> Inline {
        var inline = inline
        if `subscript` { inline = .subscript([inline]) }
        if superscript { inline = .superscript([inline]) }
        if strikethrough { inline = .strikethrough([inline]) }
        if italic { inline = .emphasis([inline]) }
        if bold { inline = .strong([inline]) }
        return inline
    }
}

/// Text properties as one style declares them (`style:text-properties`):
/// nil where the style says nothing, so levels can be layered.
struct ODFTextProperties: Equatable {
    enum Position: Equatable {
        case normal, superscript, `subscript`
    }

    var bold: Bool?
    var italic: Bool?
    var strikethrough: Bool?
    var position: Position?
    var hidden: Bool?

    init() {}

    init(_ element: some XMLAttributeLookup) {
        let fo = ODFNamespace.formatting
        let style = ODFNamespace.style
        if let weight = element.attribute("font-weight", namespace: fo) {
            bold = Self.isBold(weight)
        }
        if let slant = element.attribute("font-style", namespace: fo) {
            italic = slant == "italic" || slant == "oblique"
        }
        let lineStyle = element.attribute("text-line-through-style", namespace: style)
        let lineType = element.attribute("text-line-through-type", namespace: style)
        if lineStyle != nil || lineType != nil {
            strikethrough = (lineStyle ?? "solid") != "none" && (lineType ?? "single") != "none"
        }
        if let value = element.attribute("text-position", namespace: style) {
            position = Self.position(value)
        }
        if let display = element.attribute("display", namespace: ODFNamespace.text) {
            hidden = display == "none"
        }
    }

    /// This level's values where set, else `base`'s.
    func over(_ base: ODFTextProperties) -> ODFTextProperties {
        var result = base
        if let bold { result.bold = bold }
        if let italic { result.italic = italic }
        if let strikethrough { result.strikethrough = strikethrough }
        if let position { result.position = position }
        if let hidden { result.hidden = hidden }
        return result
    }

    /// `bold`, `bolder` and numeric weights from 600 up are bold.
    private static func isBold(_ weight: String) -> Bool {
        if weight == "bold" || weight == "bolder" { return true }
        if let number = Int(weight) { return number >= 600 }
        return false
    }

    /// `super 58%`, `sub`, `33% 58%` (a raise) or `-33%` (a lowering).
    private static func position(_ value: String) -> Position {
        guard let first = value.split(separator: " ").first else { return .normal }
        switch first {
        case "super": return .superscript
        case "sub": return .subscript
        default:
            let number = first.hasSuffix("%") ? first.dropLast() : first
            guard let raise = Double(number) else { return .normal }
            return raise > 0 ? .superscript : raise < 0 ? .subscript : .normal
        }
    }
}
