/// Reads WordprocessingML block content (a body, a cell, a note, a text
/// box) from a streaming reader into body items.
///
/// One pass over the XML: containers that only wrap content (content
/// controls, insertions, smart tags) are read through; what a reader does
/// not see (deletions, fallbacks, properties) is skipped; element ends
/// that close something (a run, a link, a drawing) are tracked by depth.
final class WordBodyReader {
    let reader: XMLReader
    let context: WordDocumentContext
    /// Relationships of the part being read, for links and images.
    let relationships: [String: Relationship]
    let w = OOXMLNamespace.wordprocessing
    @exclusivity(unchecked)
    var pendingCellProperties: XMLElement?
    @exclusivity(unchecked)
    var fields: [Field] = []
    @exclusivity(unchecked)
    var paragraphsRead = 0

    /// A complex field (`w:fldChar`) being read: its instruction, then its
    /// displayed result.
    struct Field {
        var instruction = ""
        var showingResult = false
        var opensLink = false
    }

    init(reader: XMLReader, context: WordDocumentContext, relationships: [String: Relationship]) {
        self.reader = reader
        self.context = context
        self.relationships = relationships
    }

    /// Advances to the first element named `name` and reads the block
    /// content inside it; empty when there is none.
    func readBlocks(inside name: String) throws(ConversionError) -> [FlowItem] {
        while try reader.read() {
            if reader.kind == .startElement, reader.isElement(name, in: w) {
                if reader.isEmptyElement { return [] }
                return try readBlocks(containerDepth: reader.depth)
            }
        }
        return []
    }

    /// Reads block content until the end of the element at `containerDepth`.
    func readBlocks(containerDepth: Int) throws(ConversionError) -> [FlowItem] {
        var items: [FlowItem] = []
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= containerDepth { break }
            guard reader.kind == .startElement else { continue }
            let namespace = reader.namespace
            let name = reader.localName
            if namespace == w {
                switch name {
                case "p":
                    items.append(contentsOf: try readParagraph())
                case "tbl":
                    for block in try readTable() { items.append(.block(block)) }
                case "tcPr":
                    pendingCellProperties = try reader.readElement()
                case "sdtPr", "sdtEndPr", "sectPr", "tblPr", "tblGrid", "trPr", "del", "moveFrom", "altChunk":
                    try reader.skipElement()
                default:
                    break  // wrappers (sdt, sdtContent, ins, customXml…) are read through
                }
            } else if namespace == OOXMLNamespace.math, name == "oMathPara" || name == "oMath" {
                let latex = OMMLConverter.latex(try reader.readElement())
                if !latex.isEmpty { items.append(.block(.math(latex))) }
            } else if namespace == OOXMLNamespace.markupCompatibility, name == "Fallback" {
                try reader.skipElement()
            }
        }
        return items
    }

    /// The blocks of a chart, a SmartArt diagram or an embedded OLE object
    /// when the current element is one (nil otherwise), read as slides
    /// read them: a chart's title and series table, a diagram's text as a
    /// list, an object's name. `title` names an OLE object.
    func graphicObjectBlocks(namespace: String, name: String, title: String?) throws(ConversionError) -> [Block]? {
        let r = OOXMLNamespace.relationships
        func target(_ attribute: String) -> String? {
            guard let id = reader.attribute(attribute, namespace: r), let relationship = relationships[id],
                  !relationship.isExternal else { return nil }
            return relationship.target
        }
        switch (namespace, name) {
        case (OOXMLNamespace.chart, "chart"):
            return target("id").map { ChartSummary.blocks(forPart: $0, package: context.package) } ?? []
        case (OOXMLNamespace.diagram, "relIds"):
            return target("dm").map {
                DiagramText.blocks(dataPart: $0, hostRelationships: relationships, package: context.package)
            } ?? []
        case (OOXMLNamespace.office, "OLEObject"):
            guard reader.attribute("Type") != "Link" else { return [] }
            let object = EmbeddedObject.Found(progID: reader.attribute("ProgID"), name: title, part: target("id"))
            return context.embeddedObjectBlocks(object)
        default:
            return nil
        }
    }
}
