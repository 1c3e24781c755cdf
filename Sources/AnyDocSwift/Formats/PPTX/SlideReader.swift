/// Reads a slide part and, through its relationships, its notes page.
enum SlideReader {
    /// A `recovering` read parses a damaged slide part tolerantly (see
    /// `XMLReader.recoveredError`), for a slide whose strict parse failed.
    static func read(_ part: String, context: DeckContext, recovering: Bool = false) throws(ConversionError) -> SlideContent {
        let relationships = try context.package.relationshipsByID(of: part)
        let tree = recovering
            ? ShapeTreeReader(reader: try context.package.recoveringXMLReader(for: part), context: context, relationships: relationships)
            : try shapeTree(of: part, context: context, relationships: relationships)
        let shapes = try tree.readShapes()
        let composition = SlideComposer(styles: SlideStyles(slidePart: part, cache: context.styles)).compose(shapes)
        let hidden = tree.rootShow == "0" || tree.rootShow == "false"
        var slide = SlideContent(
            title: composition.title, isHidden: hidden, blocks: composition.blocks, footer: composition.footer, notes: [])
        slide.warnings = context.takeWarnings()
        if tree.rootShowMasterShapes != "0" && tree.rootShowMasterShapes != "false" {
            slide.inherited = context.layoutText.unshownBlocks(behind: part, context: context)
        }
        if let notesPart = relationships.values.sorted(by: { $0.id < $1.id })
            .first(where: { $0.hasType("notesSlide") && !$0.isExternal && context.package.contains($0.target) })?.target {
            do {
                slide.notes = try notesBlocks(notesPart, context: context)
            } catch {
                // Damaged notes cost the notes, not the slide.
                slide.warnings.append("the speaker notes could not be read: \(error.reason)")
            }
        }
        return slide
    }

    /// The text of the notes page's body placeholder. Notes inherit no
    /// bullets worth showing, so only bullets the text sets are lists.
    private static func notesBlocks(_ part: String, context: DeckContext) throws(ConversionError) -> [Block] {
        let relationships = try context.package.relationshipsByID(of: part)
        let tree = try shapeTree(of: part, context: context, relationships: relationships)
        var blocks: [Block] = []
        func collect(_ shapes: [SlideShape]) {
            for shape in shapes {
                switch shape.content {
                case .group(let children):
                    collect(children)
                case .text(let paragraphs, let listStyle) where shape.placeholder?.type == "body":
                    blocks += ParagraphGrouper.blocks(paragraphs) { paragraph in
                        paragraph.bullet ?? listStyle.bullet(level: paragraph.level) ?? .none
                    }
                default:
                    break
                }
            }
        }
        collect(try tree.readShapes())
        return blocks
    }

    /// A shape-tree reader over a slide or notes page, with what it never
    /// reads cut before parsing.
    static func shapeTree(
        of part: String, context: DeckContext, relationships: [String: Relationship]
    ) throws(ConversionError) -> ShapeTreeReader {
        let reader = try context.package.xmlReader(for: part, cutting: .named(ShapeTreeReader.unreadElements))
        return ShapeTreeReader(reader: reader, context: context, relationships: relationships)
    }
}
