/// The font table, style sheet and list tables of an RTF document.
struct RTFDocumentTables {
    struct Style {
        var number: Int?
        var outlineLevel: Int?
        var name = ""
        var isParagraphStyle = true
    }

    struct ListLevel {
        /// `\levelnfc`: 23 is a bullet, 255 no marker, the rest numbers.
        var numberFormat = 0
        var start = 1
    }

    /// Code page per font number, from `\fcharset` or `\cpg`.
    var fontCodePages: [Int: Int] = [:]
    /// Outline level (0-based) per paragraph style number.
    var styleOutlineLevels: [Int: Int] = [:]
    var listLevels: [Int: [ListLevel]] = [:]
    /// `\ls` number to `\listid`.
    var listOverrides: [Int: Int] = [:]

    // Entries being read.
    var currentFont: Int?
    var style = Style()
    var list: [ListLevel] = []
    var listID: Int?
    var level = ListLevel()
    var overrideListID: Int?
    var overrideNumber: Int?

    mutating func commitStyle() {
        defer { style = Style() }
        guard style.isParagraphStyle, let number = style.number ?? (style.name.isEmpty ? nil : 0) else { return }
        let name = String(style.name.prefix(while: { $0 != ";" })).rtfTrimmedSpaces
        if let level = style.outlineLevel ?? Self.headingLevel(named: name), (0...8).contains(level) {
            styleOutlineLevels[number] = level
        }
    }

    /// Outline level (0-based) of Word's built-in heading styles, whose
    /// names RTF stores in English whatever the user's language: "Title",
    /// "heading 2" (perhaps followed by aliases after a comma).
    static func headingLevel(named name: String) -> Int? {
        let primary = (name.split(separator: ",").first.map(String.init) ?? name).lowercased()
        if primary == "title" { return 0 }
        guard primary.hasPrefix("heading") else { return nil }
        let number = primary.dropFirst("heading".count).drop(while: { $0 == " " })
        guard let level = Int(number), (1...9).contains(level) else { return nil }
        return level - 1
    }

    func outlineLevel(ofStyle number: Int) -> Int? {
        styleOutlineLevels[number]
    }

    /// Whether list override `ls` at `level` numbers its items; nil when
    /// the list tables do not say.
    func isBullet(listOverride ls: Int, level: Int) -> Bool? {
        guard let id = listOverrides[ls], let levels = listLevels[id], !levels.isEmpty else { return nil }
        let format = levels[min(max(level, 0), levels.count - 1)].numberFormat
        return format == 23 || format == 255
    }

    func startNumber(listOverride ls: Int, level: Int) -> Int {
        guard let id = listOverrides[ls], let levels = listLevels[id], !levels.isEmpty else { return 1 }
        return levels[min(max(level, 0), levels.count - 1)].start
    }

    /// `\fcharset` to Windows code page.
    static func codePage(forCharset charset: Int) -> Int? {
        switch charset {
        case 0: 1252
        case 77: 10000
        case 128: 932
        case 129: 949
        case 134: 936
        case 136: 950
        case 161: 1253
        case 162: 1254
        case 163: 1258
        case 177: 1255
        case 178: 1256
        case 186: 1257
        case 204: 1251
        case 222: 874
        case 238: 1250
        default: nil
        }
    }
}
