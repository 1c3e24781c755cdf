/// The style sheet (STSH): each style's built-in identifier (sti), base
/// style and formatting, resolved along the `basedOn` chain once.
///
/// Headings are recognised by sti, which is the same in every UI
/// language, never by the localised name.
struct DOCStyleSheet {
    struct Style {
        /// Built-in style identifier: 1–9 are "heading 1"–"heading 9",
        /// 62 is Title; 0x0FFE marks a user-defined style.
        var identifier = 0x0FFE
        var base: Int?
        var paragraphSprms: [DOCSprm] = []
        var characterSprms: [DOCSprm] = []
    }

    static let normalStyle = 0
    static let titleIdentifier = 62
    /// How far a `basedOn` chain is followed; Word itself allows 11.
    private static let maxChain = 16

    private(set) var styles: [Style?] = []
    private var resolvedParagraphs: [DOCParagraphProperties] = []
    private var resolvedCharacters: [DOCCharacterProperties] = []
    private var headingLevels: [Int?] = []

    init() {}

    init(table: [UInt8], location: DOCFileInformationBlock.Location, version: DOCFileInformationBlock.Version) {
        guard !location.isEmpty, location.offset <= table.count, location.length <= table.count - location.offset else { return }
        let bytes = Array(table[location.offset..<(location.offset + location.length)])
        guard let headerSize = LittleEndian.uint16(bytes, at: 0), let count = LittleEndian.uint16(bytes, at: 2),
            let baseSize = LittleEndian.uint16(bytes, at: 4)
        else { return }
        var offset = 2 + Int(headerSize)
        for _ in 0..<Int(count) {
            guard let size = LittleEndian.uint16(bytes, at: offset) else { break }
            let start = offset + 2
            offset = start + Int(size)
            guard size > 0, offset <= bytes.count else {
                styles.append(nil)
                continue
            }
            styles.append(Self.style(bytes[start..<offset], baseSize: Int(baseSize), version: version))
        }
        resolve()
    }

    /// One STD: the fixed base (sti, kind, base style, UPX count), the
    /// name, then the UPXs, each starting at an even offset. The name is
    /// skipped, not decoded: headings come from the sti, and names are
    /// localised.
    private static func style(_ std: ArraySlice<UInt8>, baseSize: Int, version: DOCFileInformationBlock.Version) -> Style? {
        let bytes = Array(std)
        guard let first = LittleEndian.uint16(bytes, at: 0), let second = LittleEndian.uint16(bytes, at: 2),
            let third = LittleEndian.uint16(bytes, at: 4)
        else { return nil }
        var style = Style()
        style.identifier = Int(first & 0x0FFF)
        let kind = Int(second & 0x000F)
        let base = Int(second >> 4)
        style.base = base == 0x0FFF ? nil : base
        let upxCount = Int(third & 0x000F)
        var offset = baseSize
        if version == .word97 {
            guard let length = LittleEndian.uint16(bytes, at: offset), offset + 2 + 2 * Int(length) <= bytes.count else { return style }
            offset += 2 + 2 * Int(length) + 2
        } else {
            guard offset < bytes.count else { return style }
            let length = Int(bytes[offset])
            guard offset + 1 + length <= bytes.count else { return style }
            offset += 1 + length + 1
        }
        var upxs: [ArraySlice<UInt8>] = []
        for _ in 0..<upxCount {
            if offset % 2 == 1 { offset += 1 }
            guard let size = LittleEndian.uint16(bytes, at: offset), offset + 2 + Int(size) <= bytes.count else { break }
            upxs.append(bytes[(offset + 2)..<(offset + 2 + Int(size))])
            offset += 2 + Int(size)
        }
        switch kind {
        case 1:
            // A paragraph style: the PAPX (its own istd first), then the CHPX.
            if let papx = upxs.first, papx.count >= 2 { style.paragraphSprms = DOCSprm.list(papx.dropFirst(2), version: version) }
            if upxs.count > 1 { style.characterSprms = DOCSprm.list(upxs[1], version: version) }
        case 2:
            if let chpx = upxs.first { style.characterSprms = DOCSprm.list(chpx, version: version) }
        default:
            break
        }
        return style
    }

    /// Resolves each style along its `basedOn` chain, root first.
    private mutating func resolve() {
        resolvedParagraphs = []
        resolvedCharacters = []
        headingLevels = []
        for index in styles.indices {
            let chain = chain(from: index)
            var paragraph = DOCParagraphProperties()
            var characters = DOCCharacterProperties()
            var heading: Int?
            for member in chain.reversed() {
                guard let style = styles[member] else { continue }
                paragraph.apply(style.paragraphSprms)
                characters.apply(style.characterSprms, style: characters)
                if (1...9).contains(style.identifier) { heading = style.identifier }
                if style.identifier == Self.titleIdentifier { heading = 1 }
            }
            // Row and list state of a style never carries a table layout.
            paragraph.row = nil
            paragraph.style = index
            characters.style = 10
            resolvedParagraphs.append(paragraph)
            resolvedCharacters.append(characters)
            if heading == nil, let outline = paragraph.outlineLevel, outline < 9 { heading = outline + 1 }
            headingLevels.append(heading)
        }
    }

    /// The style and its bases, nearest first, without cycles.
    private func chain(from index: Int) -> [Int] {
        var result: [Int] = []
        var current: Int? = index
        while let style = current, style < styles.count, !result.contains(style), result.count < Self.maxChain {
            result.append(style)
            current = styles[style]?.base
        }
        return result
    }

    func paragraphProperties(style: Int) -> DOCParagraphProperties {
        if style >= 0, style < resolvedParagraphs.count { return resolvedParagraphs[style] }
        var properties = DOCParagraphProperties()
        properties.style = style
        return properties
    }

    func characterProperties(paragraphStyle: Int) -> DOCCharacterProperties {
        paragraphStyle >= 0 && paragraphStyle < resolvedCharacters.count ? resolvedCharacters[paragraphStyle] : DOCCharacterProperties()
    }

    /// The formatting a character style adds on top of `base`.
    func applyingCharacterStyle(_ style: Int, to base: DOCCharacterProperties) -> DOCCharacterProperties {
        guard style != 10, style >= 0, style < styles.count else { return base }
        var result = base
        for member in chain(from: style).reversed() {
            guard let definition = styles[member] else { continue }
            result.apply(definition.characterSprms, style: result)
        }
        result.style = style
        return result
    }

    /// The heading level a paragraph style gives: from a built-in heading
    /// (or Title) style it is, or is based on, else from its outline level.
    func headingLevel(style: Int) -> Int? {
        style >= 0 && style < headingLevels.count ? headingLevels[style] : nil
    }
}
