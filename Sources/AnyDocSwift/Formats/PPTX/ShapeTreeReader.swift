/// Reads the shape tree of a slide or notes page (`p:spTree`) with the
/// streaming reader, shape by shape.
///
/// Text paragraphs, table cells and small property elements are built as
/// `XMLElement`s one at a time; everything larger (a shape, a group, a
/// table) is streamed, so memory follows one paragraph, not the part.
final class ShapeTreeReader {
    private let reader: XMLReader
    private let context: DeckContext
    private let relationships: [String: Relationship]
    private let text: DrawingText
    @exclusivity(unchecked)
    private var paragraphsRead = 0

    private let p = PPTXNamespace.presentation
    private let a = PPTXNamespace.drawing
    private let mc = PPTXNamespace.markupCompatibility

    /// What slides and notes pages hold that no shape reader looks at:
    /// geometry, fills, fonts, spacing, table styling, connectors,
    /// extensions. Cut before parsing, it spares half the parse; every
    /// name here is unread in every namespace a slide uses.
    static let unreadElements = XMLLocalNames([
        "bg", "bodyPr", "style", "custGeom", "prstGeom", "ln", "effectLst", "effectDag", "scene3d", "sp3d",
        "solidFill", "gradFill", "noFill", "pattFill", "grpFill", "latin", "ea", "cs", "highlight",
        "uFill", "uFillTx", "uLn", "uLnTx", "defRPr", "endParaRPr", "spcBef", "spcAft", "lnSpc", "tabLst",
        "buFont", "buFontTx", "buClr", "buClrTx", "buSzPct", "buSzPts", "buSzTx",
        "cNvSpPr", "cNvPicPr", "cNvGraphicFramePr", "cNvGrpSpPr", "cxnSp", "ext", "chOff", "chExt",
        "srcRect", "stretch", "tblPr", "tblGrid", "tcPr", "clrMapOvr", "timing", "transition", "extLst",
    ])

    /// `show` on the root element: "0" on a hidden slide.
    @exclusivity(unchecked)
    private(set) var rootShow: String?
    /// `showMasterSp` on the root element: "0" when the slide (or layout)
    /// hides the shapes of the parts behind it.
    @exclusivity(unchecked)
    private(set) var rootShowMasterShapes: String?

    init(reader: XMLReader, context: DeckContext, relationships: [String: Relationship]) {
        self.reader = reader
        self.context = context
        self.relationships = relationships
        text = DrawingText(relationships: relationships)
    }

    /// The top-level shapes of the part's shape tree, in document order.
    func readShapes() throws(ConversionError) -> [SlideShape] {
        var sawRoot = false
        while try reader.read() {
            guard reader.kind == .startElement else { continue }
            if !sawRoot {
                sawRoot = true
                rootShow = reader.attribute("show")
                rootShowMasterShapes = reader.attribute("showMasterSp")
            }
            if reader.isElement("spTree", in: p) {
                if reader.isEmptyElement { return [] }
                return try readChildren(containerDepth: reader.depth).shapes
            }
        }
        return []
    }

    // MARK: - Containers

    private struct Children {
        var shapes: [SlideShape] = []
        var position: SlidePosition?
        var hidden = false
    }

    /// The shapes inside a shape tree, group or markup-compatibility branch,
    /// up to the end of the element at `containerDepth`.
    private func readChildren(containerDepth: Int) throws(ConversionError) -> Children {
        var result = Children()
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= containerDepth { break }
            guard reader.kind == .startElement else { continue }
            let namespace = reader.namespace
            let name = reader.localName
            if namespace == p {
                switch name {
                case "sp": if let shape = try readShape() { result.shapes.append(shape) }
                case "pic": if let shape = try readPicture() { result.shapes.append(shape) }
                case "graphicFrame": if let shape = try readGraphicFrame() { result.shapes.append(shape) }
                case "grpSp": if let shape = try readGroup() { result.shapes.append(shape) }
                case "grpSpPr": result.position = try readOffset()
                case "nvGrpSpPr":
                    let properties = try reader.readElement()
                    result.hidden = Self.isHidden(properties.firstElement("cNvPr", in: p))
                default: try reader.skipElement()  // connectors, ink, extensions
                }
            } else if namespace == mc, name == "AlternateContent" {
                result.shapes += try readAlternateContent()
            } else {
                try reader.skipElement()
            }
        }
        return result
    }

    /// One branch of shapes from `mc:AlternateContent`: the first choice
    /// that shows something, else the fallback. Later branches are skipped
    /// so their text never appears twice.
    private func readAlternateContent() throws(ConversionError) -> [SlideShape] {
        guard !reader.isEmptyElement else { return [] }
        let depth = reader.depth
        var chosen: [SlideShape]?
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement else { continue }
            let isBranch = reader.namespace == mc && (reader.localName == "Choice" || reader.localName == "Fallback")
            guard isBranch, chosen == nil, !reader.isEmptyElement else {
                try reader.skipElement()
                continue
            }
            let shapes = try readChildren(containerDepth: reader.depth).shapes
            if shapes.contains(where: { $0.hasContent }) { chosen = shapes }
        }
        return chosen ?? []
    }

    private func readGroup() throws(ConversionError) -> SlideShape? {
        guard !reader.isEmptyElement else { return nil }
        let children = try readChildren(containerDepth: reader.depth)
        if children.hidden { return nil }
        return SlideShape(placeholder: nil, position: children.position, content: .group(children.shapes))
    }

    // MARK: - Shapes

    private func readShape() throws(ConversionError) -> SlideShape? {
        guard !reader.isEmptyElement else { return nil }
        let depth = reader.depth
        var shape = SlideShape(placeholder: nil, position: nil, content: .text([], listStyle: ListLevels()))
        var hidden = false
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement else { continue }
            switch (reader.namespace, reader.localName) {
            case (p, "nvSpPr"):
                let properties = try reader.readElement()
                hidden = Self.isHidden(properties.firstElement("cNvPr", in: p))
                shape.placeholder = Self.placeholder(in: properties)
            case (p, "spPr"):
                shape.position = try readOffset()
            case (p, "txBody"):
                shape.content = try readTextBody()
            default:
                try reader.skipElement()
            }
        }
        return hidden ? nil : shape
    }

    private func readTextBody() throws(ConversionError) -> SlideShape.Content {
        guard !reader.isEmptyElement else { return .text([], listStyle: ListLevels()) }
        let depth = reader.depth
        var paragraphs: [DrawingParagraph] = []
        var listStyle = ListLevels()
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement else { continue }
            switch (reader.namespace, reader.localName) {
            case (a, "p"):
                paragraphsRead += 1
                if paragraphsRead % 256 == 0 { try context.deadline.check() }
                paragraphs.append(text.paragraph(try reader.readElement()))
            case (a, "lstStyle"):
                listStyle = try ListLevels(reading: reader)
            default:
                try reader.skipElement()
            }
        }
        return .text(paragraphs, listStyle: listStyle)
    }

    private func readPicture() throws(ConversionError) -> SlideShape? {
        guard !reader.isEmptyElement else { return nil }
        let depth = reader.depth
        var placeholder: PlaceholderReference?
        var position: SlidePosition?
        var altText = ""
        var hidden = false
        var source = ""
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement else { continue }
            switch (reader.namespace, reader.localName) {
            case (p, "nvPicPr"):
                let properties = try reader.readElement()
                let names = properties.firstElement("cNvPr", in: p)
                hidden = Self.isHidden(names)
                altText = Self.altText(names)
                placeholder = Self.placeholder(in: properties)
            case (p, "blipFill"):
                let fill = try reader.readElement()
                source = imageSource(fill.firstElement("blip", in: a))
            case (p, "spPr"):
                position = try readOffset()
            default:
                try reader.skipElement()
            }
        }
        if hidden { return nil }
        let blocks: [Block] = source.isEmpty && altText.isEmpty ? [] : [.image(Image(source: source, altText: altText))]
        return SlideShape(placeholder: placeholder, position: position, content: .blocks(blocks))
    }

    /// An embedded picture's asset name, or the URL of a picture linked
    /// on the web; "" when neither (a linked local file shows only its alt
    /// text).
    private func imageSource(_ blip: XMLElement?) -> String {
        guard let blip else { return "" }
        let r = PPTXNamespace.relationships
        if let id = blip.attribute("embed", namespace: r), let relationship = relationships[id], !relationship.isExternal,
           let name = context.asset(forPart: relationship.target) {
            return name
        }
        if let id = blip.attribute("link", namespace: r), let relationship = relationships[id], relationship.isExternal {
            let target = relationship.target
            if target.lowercased().hasPrefix("http://") || target.lowercased().hasPrefix("https://") { return target }
        }
        return ""
    }

    private func readGraphicFrame() throws(ConversionError) -> SlideShape? {
        guard !reader.isEmptyElement else { return nil }
        let depth = reader.depth
        var placeholder: PlaceholderReference?
        var position: SlidePosition?
        var hidden = false
        var blocks: [Block] = []
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement else { continue }
            switch (reader.namespace, reader.localName) {
            case (p, "nvGraphicFramePr"):
                let properties = try reader.readElement()
                hidden = Self.isHidden(properties.firstElement("cNvPr", in: p))
                placeholder = Self.placeholder(in: properties)
            case (p, "xfrm"):
                position = try readOffset()
            case (a, "graphic"):
                blocks = try readGraphic()
            default:
                try reader.skipElement()
            }
        }
        if hidden { return nil }
        return SlideShape(placeholder: placeholder, position: position, content: .blocks(blocks))
    }

    /// The content of `a:graphic`: a table, a chart, SmartArt or an OLE
    /// object's name. Wrappers are read through; fallbacks (an OLE
    /// object's picture) are not.
    private func readGraphic() throws(ConversionError) -> [Block] {
        guard !reader.isEmptyElement else { return [] }
        let depth = reader.depth
        var blocks: [Block] = []
        let r = PPTXNamespace.relationships
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement else { continue }
            let namespace = reader.namespace
            let name = reader.localName
            if namespace == a, name == "tbl" {
                let table = try TableReader(reader: reader, context: context, text: text).read()
                if let table { blocks.append(.table(table)) }
            } else if namespace == PPTXNamespace.chart, name == "chart" {
                if let id = reader.attribute("id", namespace: r), let relationship = relationships[id], !relationship.isExternal {
                    blocks += ChartSummary.blocks(forPart: relationship.target, package: context.package)
                }
            } else if PPTXNamespace.diagram.contains(namespace), name == "relIds" {
                if let id = reader.attribute("dm", namespace: r), let relationship = relationships[id], !relationship.isExternal {
                    blocks += DiagramText.blocks(
                        dataPart: relationship.target, hostRelationships: relationships, package: context.package)
                }
            } else if namespace == p, name == "oleObj" {
                let object = EmbeddedObject.Found(
                    progID: reader.attribute("progId"), name: reader.attribute("name"),
                    part: reader.attribute("id", namespace: r).flatMap { relationships[$0] }.flatMap { $0.isExternal ? nil : $0.target })
                blocks += context.embeddedObjectBlocks(object)
                try reader.skipElement()  // its picture is the object's preview
            } else if namespace == mc, name == "Fallback" {
                try reader.skipElement()
            } else if namespace == a, name == "extLst" {
                try reader.skipElement()
            }
        }
        return blocks
    }

    // MARK: - Properties

    /// The `a:off` of the transform directly inside the current element
    /// (`p:spPr`, `p:grpSpPr`) or of the element itself (`p:xfrm`),
    /// leaving the reader on the element's end.
    private func readOffset() throws(ConversionError) -> SlidePosition? {
        guard !reader.isEmptyElement else { return nil }
        let depth = reader.depth
        var transformDepth: Int? = reader.localName == "xfrm" ? depth : nil
        var position: SlidePosition?
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= depth { break }
                if reader.depth == transformDepth { transformDepth = nil }
                continue
            }
            guard reader.kind == .startElement else { continue }
            if reader.depth == depth + 1, reader.isElement("xfrm", in: a), !reader.isEmptyElement {
                transformDepth = reader.depth
            } else if let transformDepth, reader.depth == transformDepth + 1, reader.isElement("off", in: a) {
                if position == nil,
                   let x = reader.attribute("x").flatMap({ Int64($0) }), let y = reader.attribute("y").flatMap({ Int64($0) }) {
                    // Clamped to the schema's coordinate range so that comparing never overflows.
                    let limit: Int64 = 1 << 50
                    position = SlidePosition(x: min(max(x, -limit), limit), y: min(max(y, -limit), limit))
                }
            } else {
                try reader.skipElement()
            }
        }
        return position
    }

    private static func placeholder(in properties: XMLElement) -> PlaceholderReference? {
        let p = PPTXNamespace.presentation
        return properties.firstElement("nvPr", in: p)?.firstElement("ph", in: p).map(PlaceholderReference.init)
    }

    private static func isHidden(_ names: XMLElement?) -> Bool {
        let value = names?.attribute("hidden")
        return value == "1" || value == "true"
    }

    /// A picture's description, else its title; never its generated name.
    private static func altText(_ names: XMLElement?) -> String {
        let description = names?.attribute("descr") ?? ""
        if !description.allSatisfy(InlineTrimming.isSpace) { return description }
        return names?.attribute("title") ?? ""
    }
}
