/// Text a slide shows from its layout and master: shapes there that are
/// not placeholders (a confidentiality notice, a company name, a chapter
/// label). Placeholders are not taken: their text is sample text that the
/// slide's own placeholders replace; nor is a box holding only a field
/// (the slide number).
///
/// Each layout's and master's text is written once per deck, with the
/// first slide that shows it: on a layout one slide uses it reads as that
/// slide's own text, and a box repeated on every slide does not repeat.
/// The layout's text comes before the master's; a slide or layout with
/// `showMasterSp="0"` shows nothing from behind it.
final class LayoutShapeText {
    private struct PartText {
        var blocks: [Block]
        /// The next part back (layout → master), when this one shows it.
        var behind: String?
    }

    @exclusivity(unchecked)
    private var parts: [String: PartText] = [:]
    @exclusivity(unchecked)
    private var shown: Set<String> = []

    /// The inherited text of `slidePart` not yet written for an earlier slide.
    func unshownBlocks(behind slidePart: String, context: DeckContext) -> [Block] {
        var blocks: [Block] = []
        var next = Self.target(of: slidePart, type: "slideLayout", in: context.package)
        var visited = 0
        while let part = next, visited < 2 {
            visited += 1
            let text = read(part, context: context)
            if shown.insert(part).inserted { blocks += text.blocks }
            next = text.behind
        }
        return blocks
    }

    private func read(_ part: String, context: DeckContext) -> PartText {
        if let cached = parts[part] { return cached }
        var text = PartText(blocks: [], behind: nil)
        if let bytes = try? context.package.read(part), !Self.mayHoldOwnText(bytes) {
            // Nothing to write, but what is behind may still show.
            if !bytes.withUnsafeBufferPointer({ ByteSearch.firstOffset(of: #"showMasterSp="0""#, in: $0, from: 0) != nil }) {
                text.behind = Self.target(of: part, type: "slideMaster", in: context.package)
            }
            parts[part] = text
            return text
        }
        if context.package.contains(part), let relationships = try? context.package.relationshipsByID(of: part),
           let tree = try? SlideReader.shapeTree(of: part, context: context, relationships: relationships),
           let shapes = try? tree.readShapes() {
            text.blocks = Self.blocks(of: SlideComposer.byPosition(shapes))
            if tree.rootShowMasterShapes != "0" && tree.rootShowMasterShapes != "false" {
                text.behind = Self.target(of: part, type: "slideMaster", in: context.package)
            }
        }
        parts[part] = text
        return text
    }

    /// The text of shapes that are not placeholders, groups included;
    /// pictures (a logo) carry no text and are left out.
    private static func blocks(of shapes: [SlideShape]) -> [Block] {
        var blocks: [Block] = []
        for shape in shapes where shape.placeholder == nil {
            switch shape.content {
            case .text(let paragraphs, let listStyle):
                blocks += ParagraphGrouper.blocks(paragraphs) { paragraph in
                    paragraph.bullet ?? listStyle.bullet(level: paragraph.level) ?? .none
                }
            case .blocks(let content):
                blocks += content.filter { block in
                    if case .image = block { return false }
                    return block.containsText
                }
            case .group(let children):
                blocks += Self.blocks(of: SlideComposer.byPosition(children))
            }
        }
        return blocks.filter { $0.containsText && !MasterSampleText.isFieldOnly($0) }
    }

    /// Whether a layout or master may hold text outside placeholders,
    /// judged from its bytes without parsing it: most hold only
    /// placeholders, and parsing every master's styles cost a fifth of a
    /// deck's conversion. No text at all, or one placeholder mark per
    /// shape and no frames, means nothing to write. Another prefix than
    /// `p:` is parsed to be sure.
    static func mayHoldOwnText(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            func count(_ pattern: StaticString) -> Int {
                var found = 0
                var start = 0
                while let offset = ByteSearch.firstOffset(of: pattern, in: buffer, from: start) {
                    found += 1
                    start = offset + pattern.utf8CodeUnitCount
                }
                return found
            }
            func contains(_ pattern: StaticString) -> Bool { ByteSearch.firstOffset(of: pattern, in: buffer, from: 0) != nil }
            guard contains("<a:t>") || contains("<a:t ") else { return false }
            guard contains("<p:spTree") else { return true }
            return count("<p:sp>") + count("<p:sp ") > count("<p:ph") || contains("<p:graphicFrame")
        }
    }

    private static func target(of part: String, type: String, in package: OPCPackage) -> String? {
        let relationships = (try? package.relationships(of: part)) ?? []
        return relationships.first { $0.hasType(type) && !$0.isExternal }?.target
    }
}
