/// Reads WordprocessingML block content (a body, a cell, a note, a text
/// box) from a streaming reader into body items.
///
/// One pass over the XML: containers that only wrap content (content
/// controls, insertions, smart tags) are read through; what a reader does
/// not see (deletions, fallbacks, properties) is skipped; element ends
/// that close something (a run, a link, a drawing) are tracked by depth.
final class WordBodyReader {
    private let reader: XMLReader
    private let context: WordDocumentContext
    /// Relationships of the part being read, for links and images.
    private let relationships: [String: Relationship]
    private let w = OOXMLNamespace.wordprocessing
    @exclusivity(unchecked)
    private var pendingCellProperties: XMLElement?
    @exclusivity(unchecked)
    private var fields: [Field] = []
    @exclusivity(unchecked)
    private var paragraphsRead = 0

    /// A complex field (`w:fldChar`) being read: its instruction, then its
    /// displayed result.
    private struct Field {
        var instruction = ""
        var showingResult = false
        var opensLink = false
    }

    private enum CloseAction {
        case run
        case link
        case drawing
        case deletion
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
    private func graphicObjectBlocks(namespace: String, name: String, title: String?) throws(ConversionError) -> [Block]? {
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

    // MARK: - Paragraphs

    private func readParagraph() throws(ConversionError) -> [FlowItem] {
        paragraphsRead += 1
        if paragraphsRead % 256 == 0 { try context.deadline.check() }
        guard !reader.isEmptyElement else { return [.paragraph(FlowParagraph(content: []))] }
        let paragraphDepth = reader.depth
        var styleID: String?
        var directNumbering: (id: String?, level: Int?)?
        var outlineLevel: Int?
        var headingLevel: Int?
        var builder = WordInlineBuilder()
        var trailing: [FlowItem] = []
        var closers: [(depth: Int, action: CloseAction)] = []
        var runProperties = WordRunProperties()
        var runFormat = context.styles.format(paragraphStyle: nil, run: runProperties)
        var deletionDepth = 0
        var drawingAlt: String?
        var drawingImage: String?
        var objectTitle: String?
        var linkDepth = 0

        func currentFormat() -> WordRunFormat {
            var format = runFormat
            if headingLevel != nil { format.bold = false }
            if deletionDepth > 0 { format.strikethrough = true }
            return format
        }
        var inFieldInstruction: Bool { fields.contains { !$0.showingResult } }

        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= paragraphDepth { break }
                while let last = closers.last, last.depth >= reader.depth {
                    closers.removeLast()
                    switch last.action {
                    case .run:
                        runProperties = WordRunProperties()
                        runFormat = context.styles.format(paragraphStyle: styleID, run: runProperties)
                    case .link:
                        builder.endLink()
                        linkDepth -= 1
                    case .drawing:
                        if let source = drawingImage {
                            builder.append(.image(Image(source: source, altText: drawingAlt ?? "")))
                        }
                        drawingImage = nil
                        drawingAlt = nil
                    case .deletion:
                        deletionDepth -= 1
                    }
                }
                continue
            }
            guard reader.kind == .startElement else { continue }
            let namespace = reader.namespace
            let name = reader.localName
            let empty = reader.isEmptyElement

            if namespace == OOXMLNamespace.math {
                if name == "oMath" || name == "oMathPara" {
                    let latex = OMMLConverter.latex(try reader.readElement())
                    guard !latex.isEmpty else { continue }
                    if name == "oMathPara" {
                        trailing.append(.block(.math(latex)))
                    } else {
                        builder.append(.math(latex))
                    }
                }
                continue
            }
            if namespace == OOXMLNamespace.markupCompatibility {
                if name == "Fallback" { try reader.skipElement() }
                continue
            }
            if namespace == OOXMLNamespace.wordDrawing, name == "docPr" {
                let description = reader.attribute("descr") ?? ""
                drawingAlt = description.isEmpty ? (reader.attribute("title") ?? "") : description
                continue
            }
            if namespace == OOXMLNamespace.drawing, name == "blip" {
                if let id = reader.attribute("embed", namespace: OOXMLNamespace.relationships),
                   let relationship = relationships[id], !relationship.isExternal {
                    drawingImage = context.asset(forPart: relationship.target)
                }
                continue
            }
            if namespace == OOXMLNamespace.vml {
                if name == "shape", let alt = reader.attribute("alt"), !alt.isEmpty { drawingAlt = alt }
                if name == "imagedata" {
                    objectTitle = reader.attribute("title", namespace: OOXMLNamespace.office)
                }
                if name == "imagedata", let id = reader.attribute("id", namespace: OOXMLNamespace.relationships),
                   let relationship = relationships[id], !relationship.isExternal,
                   let asset = context.asset(forPart: relationship.target) {
                    let alt = reader.attribute("title") ?? drawingAlt ?? ""
                    builder.append(.image(Image(source: asset, altText: alt)))
                }
                continue
            }
            if let blocks = try graphicObjectBlocks(namespace: namespace, name: name, title: objectTitle ?? drawingAlt) {
                trailing += blocks.map { .block($0) }
                continue
            }
            guard namespace == w else { continue }

            switch name {
            case "pPr":
                let properties = try readParagraphProperties()
                styleID = properties.style
                if let numbering = properties.numbering { directNumbering = numbering }
                outlineLevel = properties.outline
                headingLevel = context.styles.headingLevel(of: styleID)
                    ?? outlineLevel.flatMap { (0...8).contains($0) ? $0 + 1 : nil }
                runFormat = context.styles.format(paragraphStyle: styleID, run: runProperties)
            case "r":
                if !empty { closers.append((reader.depth, .run)) }
            case "rPr":
                runProperties = try readRunProperties()
                runFormat = context.styles.format(paragraphStyle: styleID, run: runProperties)
            case "t":
                let text = try reader.readElementText()
                if !inFieldInstruction { builder.append(text: text, format: currentFormat()) }
            case "delText":
                let text = try reader.readElementText()
                if deletionDepth > 0, !inFieldInstruction { builder.append(text: text, format: currentFormat()) }
            case "tab", "ptab":
                if !inFieldInstruction { builder.append(text: "\t", format: currentFormat()) }
            case "br":
                let type = reader.attribute("type", namespace: w)
                if type == nil || type == "textWrapping", !inFieldInstruction { builder.append(.lineBreak) }
            case "cr":
                if !inFieldInstruction { builder.append(.lineBreak) }
            case "sym":
                if let text = WordSymbols.text(font: reader.attribute("font", namespace: w), code: reader.attribute("char", namespace: w)) {
                    builder.append(text: text, format: currentFormat())
                }
            case "noBreakHyphen":
                builder.append(text: "-", format: currentFormat())
            case "footnoteReference":
                if let id = reader.attribute("id", namespace: w) { builder.append(.footnoteReference("fn" + id)) }
            case "endnoteReference":
                if let id = reader.attribute("id", namespace: w) { builder.append(.footnoteReference("en" + id)) }
            case "commentReference":
                if context.options.includeComments, let id = reader.attribute("id", namespace: w) {
                    builder.append(.footnoteReference("cm" + id))
                }
            case "hyperlink":
                guard !empty else { continue }
                var destination = ""
                if let id = reader.attribute("id", namespace: OOXMLNamespace.relationships), let relationship = relationships[id] {
                    destination = relationship.target
                }
                if let anchor = reader.attribute("anchor", namespace: w), !anchor.isEmpty {
                    destination += "#" + anchor
                }
                builder.beginLink(destination)
                linkDepth += 1
                closers.append((reader.depth, .link))
            case "fldSimple":
                guard !empty else { continue }
                let instruction = reader.attribute("instr", namespace: w) ?? ""
                builder.beginLink(WordFieldInstruction.hyperlinkTarget(instruction) ?? "")
                linkDepth += 1
                closers.append((reader.depth, .link))
            case "fldChar":
                switch reader.attribute("fldCharType", namespace: w) {
                case "begin":
                    fields.append(Field())
                case "separate":
                    if var field = fields.popLast() {
                        field.showingResult = true
                        if let target = WordFieldInstruction.hyperlinkTarget(field.instruction) {
                            builder.beginLink(target)
                            field.opensLink = true
                        }
                        fields.append(field)
                    }
                case "end":
                    if let field = fields.popLast(), field.opensLink, builder.openLinks > linkDepth { builder.endLink() }
                default:
                    break
                }
            case "instrText":
                let text = try reader.readElementText()
                if !fields.isEmpty, !fields[fields.count - 1].showingResult { fields[fields.count - 1].instruction += text }
            case "bookmarkStart":
                if let name = reader.attribute("name", namespace: w), !name.hasPrefix("_") {
                    builder.append(.anchor(name))
                }
            case "drawing":
                if !empty {
                    drawingImage = nil
                    drawingAlt = nil
                    closers.append((reader.depth, .drawing))
                }
            case "txbxContent":
                if !empty { trailing.append(contentsOf: try readBlocks(containerDepth: reader.depth)) }
            case "del", "moveFrom":
                if context.options.showTrackedDeletions {
                    if !empty { deletionDepth += 1; closers.append((reader.depth, .deletion)) }
                } else {
                    try reader.skipElement()
                }
            case "rsidDel", "sdtPr", "sdtEndPr", "fldData", "footnoteRef", "endnoteRef", "annotationRef":
                try reader.skipElement()
            default:
                break
            }
        }
        // A field left open at the paragraph's end keeps its state for the
        // next paragraph (TOC fields span many), but its link closes here.
        for index in fields.indices where fields[index].opensLink { fields[index].opensLink = false }

        var list: ListMarker?
        let numbering = directNumbering.flatMap { direct -> (String, Int)? in
            guard let id = direct.id else { return nil }
            return (id, direct.level ?? context.styles.numbering(of: styleID)?.level ?? 0)
        } ?? context.styles.numbering(of: styleID).map { ($0.id, $0.level) }
        if headingLevel == nil, let (id, level) = numbering, context.numbering.isList(id) {
            let marker = context.numbering.advance(id, level: level, styles: context.styles)
            list = ListMarker(isBullet: marker.isBullet, number: marker.number, level: level, instance: id)
        }
        let paragraph = FlowParagraph(content: Self.trimmed(builder.finish()), headingLevel: headingLevel, list: list)
        return [.paragraph(paragraph)] + trailing
    }

    /// The parts of `w:pPr` the Markdown needs, read as they stream: the
    /// style, the list, the outline level. Everything else (including the
    /// old properties of a tracked change) is skipped.
    private func readParagraphProperties() throws(ConversionError)
        -> (style: String?, numbering: (id: String?, level: Int?)?, outline: Int?)
    {
        var style: String?
        var numbering: (id: String?, level: Int?)?
        var outline: Int?
        guard !reader.isEmptyElement else { return (nil, nil, nil) }
        let depth = reader.depth
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= depth { break }
                continue
            }
            guard reader.kind == .startElement, reader.namespace == w else { continue }
            let value = reader.attribute("val", namespace: w)
            switch (reader.depth - depth, reader.localName) {
            case (1, "pStyle"): style = value
            case (1, "outlineLvl"): outline = value.flatMap { Int($0) }
            case (1, "numPr"): numbering = (nil, nil)
            case (2, "numId"): numbering?.id = value
            case (2, "ilvl"): numbering?.level = value.flatMap { Int($0) }
            default: try reader.skipElement()
            }
        }
        return (style, numbering, outline)
    }

    /// A run's own `w:rPr`, read as it streams.
    private func readRunProperties() throws(ConversionError) -> WordRunProperties {
        var properties = WordRunProperties()
        guard !reader.isEmptyElement else { return properties }
        let depth = reader.depth
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= depth { break }
                continue
            }
            guard reader.kind == .startElement else { continue }
            if reader.depth == depth + 1, reader.namespace == w {
                properties.apply(reader.localName, value: reader.attribute("val", namespace: w))
            }
            try reader.skipElement()
        }
        return properties
    }

    /// Drops whitespace-only text and line breaks at the paragraph's edges.
    static func trimmed(_ content: [Inline]) -> [Inline] {
        var content = content
        while let first = content.first, Self.isBlank(first) { content.removeFirst() }
        while let last = content.last, Self.isBlank(last) { content.removeLast() }
        let meaningful = content.contains { inline in
            switch inline {
            case .anchor: return false
            default: return !Self.isBlank(inline)
            }
        }
        return meaningful ? content : []
    }

    private static func isBlank(_ inline: Inline) -> Bool {
        switch inline {
        case .lineBreak: return true
        case .text(let text): return text.allSatisfy { $0 == " " || $0 == "\t" }
        default: return false
        }
    }

    // MARK: - Tables

    private struct CellDraft {
        var blocks: [Block]
        var gridSpan: Int
        var merge: Merge
        enum Merge { case none, restart, `continue` }
    }

    private struct RowDraft {
        var cells: [CellDraft] = []
        var isHeader = false
        var gridBefore = 0
    }

    /// A table as blocks: one table, or the content of a one-cell layout
    /// table.
    private func readTable() throws(ConversionError) -> [Block] {
        guard !reader.isEmptyElement else { return [] }
        let tableDepth = reader.depth
        var rows: [RowDraft] = []
        var row: RowDraft?
        while try reader.read() {
            if reader.kind == .endElement {
                if reader.depth <= tableDepth { break }
                if reader.isElement("tr", in: w), let finished = row {
                    rows.append(finished)
                    row = nil
                }
                continue
            }
            guard reader.kind == .startElement, reader.namespace == w else { continue }
            switch reader.localName {
            case "tr":
                row = RowDraft()
                if reader.isEmptyElement { rows.append(RowDraft()); row = nil }
            case "trPr":
                let properties = try reader.readElement()
                if let header = properties.firstElement("tblHeader", in: w) {
                    row?.isHeader = WordRunProperties.toggle(header)
                }
                row?.gridBefore = properties.firstElement("gridBefore", in: w)?.attribute("val").flatMap { Int($0) } ?? 0
            case "tc":
                pendingCellProperties = nil
                let items = reader.isEmptyElement ? [] : try readBlocks(containerDepth: reader.depth)
                let properties = pendingCellProperties
                pendingCellProperties = nil
                let span = properties?.firstElement("gridSpan", in: w)?.attribute("val").flatMap { Int($0) } ?? 1
                var merge = CellDraft.Merge.none
                if let vMerge = properties?.firstElement("vMerge", in: w) {
                    merge = vMerge.attribute("val") == "restart" ? .restart : .continue
                }
                if row == nil { row = RowDraft() }
                row?.cells.append(CellDraft(blocks: FlowGrouper.group(items), gridSpan: min(max(span, 1), 1000), merge: merge))
            case "tblPr", "tblGrid", "tblPrEx":
                try reader.skipElement()
            default:
                break
            }
        }
        if let row { rows.append(row) }
        return Self.assemble(rows)
    }

    /// Resolves vertical merges into row spans and unwraps layout tables.
    private static func assemble(_ drafts: [RowDraft]) -> [Block] {
        let nonEmpty = drafts.filter { !$0.cells.isEmpty }
        if nonEmpty.count == 1, nonEmpty[0].cells.count == 1 {
            return nonEmpty[0].cells[0].blocks
        }
        var rows: [TableRow] = []
        // Column → (row, cell) of the cell a vertical merge continues.
        var openMerges: [Int: (row: Int, cell: Int)] = [:]
        for draft in nonEmpty {
            var cells: [TableCell] = []
            var column = 0
            if draft.gridBefore > 0 {
                cells.append(TableCell(blocks: [], columnSpan: min(draft.gridBefore, 1000)))
                column += draft.gridBefore
            }
            for cell in draft.cells {
                if cell.merge == .continue, let origin = openMerges[column] {
                    if origin.row < rows.count {
                        rows[origin.row].cells[origin.cell].rowSpan += 1
                    } else {
                        cells[origin.cell].rowSpan += 1
                    }
                } else {
                    cells.append(TableCell(blocks: cell.blocks, columnSpan: cell.gridSpan))
                    if cell.merge == .restart {
                        openMerges[column] = (rows.count, cells.count - 1)
                    } else {
                        openMerges[column] = nil
                    }
                }
                column += cell.gridSpan
            }
            rows.append(TableRow(cells: cells, isHeader: draft.isHeader))
        }
        guard !rows.isEmpty else { return [] }
        return [.table(Table(rows: rows))]
    }
}
