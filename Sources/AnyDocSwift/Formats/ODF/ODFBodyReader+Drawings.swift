/// Frames and shapes: pictures with their alternative text, text boxes
/// and shape text, formula objects and tables in frames.
extension ODFBodyReader {
    /// What a drawing shows: inline content (a picture, a formula) and
    /// blocks (text boxes, shape text, tables), which follow the
    /// paragraph it is anchored in.
    struct Drawing {
        var inlines: [Inline] = []
        var blocks: [Block] = []

        mutating func add(_ other: Drawing) {
            inlines += other.inlines
            blocks += other.blocks
        }
    }

    /// Reads the drawing element the reader is on.
    func readDrawing() throws(ConversionError) -> Drawing {
        let name = reader.localName
        switch name {
        case "frame":
            return try readFrame()
        case "g", "a":
            // A group's shapes, or shapes under a link, in document order.
            let destination = name == "a" ? reader.attribute("href", namespace: ODFNamespace.xlink) : nil
            var drawing = Drawing()
            guard !reader.isEmptyElement else { return drawing }
            let depth = reader.depth
            while try reader.read() {
                if reader.kind == .endElement && reader.depth <= depth { break }
                guard reader.kind == .startElement else { continue }
                if reader.namespace == ODFNamespace.drawing, reader.depth == depth + 1 {
                    drawing.add(try readDrawing())
                } else {
                    try reader.skipElement()
                }
            }
            if let destination, !destination.isEmpty, !drawing.inlines.isEmpty {
                drawing.inlines = [.link(Link(destination: destination, content: drawing.inlines))]
            }
            return drawing
        case "custom-shape", "rect", "ellipse", "circle", "line", "polyline", "polygon", "regular-polygon",
             "path", "connector", "caption", "measure":
            // Shapes hold their text directly.
            guard !reader.isEmptyElement else { return Drawing() }
            let depth = reader.depth
            let blocks = try isolated { () throws(ConversionError) -> [Block] in try readBlocks(containerDepth: depth) }
            return Drawing(blocks: blocks)
        default:
            try reader.skipElement()
            return Drawing()
        }
    }

    /// A `draw:frame`: its picture, text box, object or table.
    private func readFrame() throws(ConversionError) -> Drawing {
        var drawing = Drawing()
        guard !reader.isEmptyElement else { return drawing }
        let depth = reader.depth
        var title = ""
        var description = ""
        var imageReference: String?
        var formula: String?
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement, reader.depth == depth + 1 else { continue }
            switch (reader.namespace, reader.localName) {
            case (ODFNamespace.svg, "title"):
                title = ODFText.trimmed(try reader.readElementText())
            case (ODFNamespace.svg, "desc"):
                description = ODFText.trimmed(try reader.readElementText())
            case (ODFNamespace.drawing, "image"):
                // Later images are fallbacks for the first.
                if imageReference == nil { imageReference = reader.attribute("href", namespace: ODFNamespace.xlink) ?? "" }
                try reader.skipElement()
            case (ODFNamespace.drawing, "text-box"):
                guard !reader.isEmptyElement else { continue }
                let boxDepth = reader.depth
                drawing.blocks += try isolated { () throws(ConversionError) -> [Block] in try readBlocks(containerDepth: boxDepth) }
            case (ODFNamespace.drawing, "object"):
                if formula == nil { formula = try readObject() } else { try reader.skipElement() }
            case (ODFNamespace.table, "table"):
                drawing.blocks += try readTable()
            default:
                try reader.skipElement()
            }
        }
        if let formula, !formula.isEmpty {
            drawing.inlines.append(.math(formula))
        } else if let imageReference, let image = image(imageReference, alt: description.isEmpty ? title : description) {
            drawing.inlines.append(.image(image))
        }
        return drawing
    }

    /// The picture a reference names: an asset from the package, or the
    /// reference itself when it points outside; nil when nothing shows.
    private func image(_ reference: String, alt: String) -> Image? {
        var source = ""
        if let part = ODFPackage.partName(forReference: reference) {
            source = context.asset(forPart: part) ?? ""
        } else if !reference.isEmpty, !reference.hasPrefix("#") {
            source = reference
        }
        if source.isEmpty && alt.isEmpty { return nil }
        return Image(source: source, altText: alt)
    }

    /// A `draw:object`: the LaTeX of a formula (inline MathML or an
    /// embedded formula document); nil for charts and other objects.
    private func readObject() throws(ConversionError) -> String? {
        let reference = reader.attribute("href", namespace: ODFNamespace.xlink)
        if !reader.isEmptyElement {
            let depth = reader.depth
            var latex: String?
            while try reader.read() {
                if reader.kind == .endElement && reader.depth <= depth { break }
                guard reader.kind == .startElement else { continue }
                if reader.isElement("math", in: ODFNamespace.mathML) {
                    latex = ODFMathML.latex(try reader.readElement())
                } else {
                    try reader.skipElement()
                }
            }
            if let latex { return latex }
        }
        guard let reference, let folder = ODFPackage.partName(forReference: reference) else { return nil }
        return context.formula(inObject: folder)
    }
}
