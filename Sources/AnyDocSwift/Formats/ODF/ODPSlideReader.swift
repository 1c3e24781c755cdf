/// One slide (`draw:page`) of a presentation: its shapes in reading
/// order, the title taken from the title placeholder, and its notes.
struct ODPSlide {
    var title: String?
    var isHidden = false
    var blocks: [Block] = []
    /// Footer text shown on the slide.
    var footer: [Block] = []
    var notes: [Block] = []
    /// The master page the slide is drawn on.
    var master: String?
}

/// Reads slides and puts their shapes in reading order: the title
/// placeholder becomes the slide's title and is not repeated; then the
/// subtitle, then the other placeholders in document order, then every
/// other shape by position, top to bottom and, within a row, left to
/// right (groups stay together, their members ordered the same way);
/// footers last. Slide numbers are dropped: the heading has one.
struct ODPSlideReader {
    let body: ODFBodyReader
    /// Footer declarations of the presentation (`presentation:footer-decl`).
    let footerDeclarations: [String: String]
    /// Literal footers of the master pages, by master name.
    let masterFooters: [String: [Block]]

    /// Shapes whose tops differ by less than this (a quarter inch) count
    /// as one row and are read left to right.
    static let rowTolerance = 0.635

    private struct Shape {
        var placeholder: String?
        var x: Double
        var y: Double
        var blocks: [Block]
        var members: [Shape] = []
    }

    private var reader: XMLReader { body.reader }
    private var context: ODFContext { body.context }

    /// Reads the `draw:page` the reader is on.
    func read() throws(ConversionError) -> ODPSlide {
        let d = ODFNamespace.drawing
        let p = ODFNamespace.presentation
        var slide = ODPSlide()
        let pageStyle = reader.attribute("style-name", namespace: d)
        let master = reader.attribute("master-page-name", namespace: d)
        slide.master = master
        let footerName = reader.attribute("use-footer-name", namespace: p)
        slide.isHidden = context.styles.flag({ $0.hidesPage }, of: pageStyle, family: "drawing-page", scope: .content) == true
        let showsFooter = context.styles.flag({ $0.showsFooter }, of: pageStyle, family: "drawing-page", scope: .content) ?? true
        guard !reader.isEmptyElement else { return slide }
        let depth = reader.depth
        var shapes: [Shape] = []
        var comments: [Inline] = []
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement else { continue }
            switch (reader.namespace, reader.localName) {
            case (p, "notes"):
                slide.notes += try readNotes()
            case (ODFNamespace.office, "annotation"), (ODFNamespace.openOffice2009, "annotation"):
                if let reference = try body.readAnnotation() { comments.append(reference) }
            case (d, "page-thumbnail"):
                try reader.skipElement()
            case (d, _):
                if let shape = try readShape() { shapes.append(shape) }
            default:
                try reader.skipElement()
            }
        }

        if let index = shapes.firstIndex(where: { $0.placeholder == "title" && !ODFText.plainLine($0.blocks).isEmpty }) {
            slide.title = ODFText.plainLine(shapes[index].blocks)
            shapes.remove(at: index)
        }
        var placeholders: [(rank: Int, shape: Shape)] = []
        var others: [Shape] = []
        for shape in shapes {
            switch shape.placeholder {
            case nil:
                others.append(shape)
            case "page-number", "page":
                continue
            case "footer", "date-time", "header":
                slide.footer += shape.blocks
            case "subtitle":
                placeholders.append((0, shape))
            default:
                placeholders.append((1, shape))
            }
        }
        let ordered = placeholders.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map { $0.element.shape }
        for shape in ordered + Self.byPosition(others) { slide.blocks += Self.flatten(shape) }
        if slide.footer.isEmpty, showsFooter {
            if let name = footerName, let text = footerDeclarations[name], !text.isEmpty {
                slide.footer = [.paragraph([.text(text)])]
            } else if let master, let footer = masterFooters[master] {
                slide.footer = footer
            }
        }
        if !comments.isEmpty {
            var sequence = ODFBlockSequence()
            sequence.append(contentsOf: slide.blocks)
            sequence.appendReferences(comments)
            slide.blocks = sequence.blocks
        }
        return slide
    }

    private static func flatten(_ shape: Shape) -> [Block] {
        shape.blocks + byPosition(shape.members).flatMap(flatten)
    }

    /// Top to bottom; shapes whose tops are within the row tolerance of a
    /// row's first shape join that row and are read left to right.
    private static func byPosition(_ shapes: [Shape]) -> [Shape] {
        let byTop = shapes.enumerated().sorted { ($0.element.y, $0.offset) < ($1.element.y, $1.offset) }
        var rows: [[(offset: Int, element: Shape)]] = []
        for shape in byTop {
            if let first = rows.last?.first, shape.element.y - first.element.y < rowTolerance {
                rows[rows.count - 1].append(shape)
            } else {
                rows.append([shape])
            }
        }
        return rows.flatMap { row in
            row.sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map { $0.element }
        }
    }

    /// A shape with its text; nil when it shows nothing.
    private func readShape() throws(ConversionError) -> Shape? {
        let placeholder = reader.attribute("class", namespace: ODFNamespace.presentation)
        let x = ODFLength.centimetres(reader.attribute("x", namespace: ODFNamespace.svg))
        let y = ODFLength.centimetres(reader.attribute("y", namespace: ODFNamespace.svg))
        if reader.localName == "g" {
            guard !reader.isEmptyElement else { return nil }
            let depth = reader.depth
            var members: [Shape] = []
            while try reader.read() {
                if reader.kind == .endElement && reader.depth <= depth { break }
                guard reader.kind == .startElement else { continue }
                if reader.namespace == ODFNamespace.drawing, let member = try readShape() {
                    members.append(member)
                } else {
                    try reader.skipElement()
                }
            }
            guard !members.isEmpty else { return nil }
            return Shape(
                placeholder: nil, x: members.map { $0.x }.min() ?? 0, y: members.map { $0.y }.min() ?? 0,
                blocks: [], members: members)
        }
        let outline = placeholder == "outline"
        body.isPresentation = true
        let drawing = try body.readDrawing()
        var blocks: [Block] = []
        if !drawing.inlines.isEmpty { blocks.append(.paragraph(drawing.inlines)) }
        blocks += drawing.blocks
        // Only outline placeholders show their paragraphs as a list by
        // default; elsewhere a one-item list is a paragraph that LibreOffice
        // wraps in a list to carry its indent.
        if !outline { blocks = Self.unwrappingSingleItemLists(blocks) }
        guard !blocks.isEmpty else { return nil }
        return Shape(placeholder: placeholder, x: x ?? 0, y: y ?? 0, blocks: blocks)
    }

    private static func unwrappingSingleItemLists(_ blocks: [Block]) -> [Block] {
        var result: [Block] = []
        for block in blocks {
            switch block {
            case .list(let list) where list.items.count == 1 && list.items[0].blocks.count == 1:
                if case .paragraph = list.items[0].blocks[0] {
                    result += list.items[0].blocks
                } else {
                    result.append(block)
                }
            case .table(var table):
                for row in table.rows.indices {
                    for cell in table.rows[row].cells.indices {
                        table.rows[row].cells[cell].blocks = unwrappingSingleItemLists(table.rows[row].cells[cell].blocks)
                    }
                }
                result.append(.table(table))
            default:
                result.append(block)
            }
        }
        return result
    }

    /// The text of the notes placeholder of `presentation:notes`.
    private func readNotes() throws(ConversionError) -> [Block] {
        guard !reader.isEmptyElement else { return [] }
        let depth = reader.depth
        var notes: [Block] = []
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement else { continue }
            if reader.namespace == ODFNamespace.drawing,
               reader.attribute("class", namespace: ODFNamespace.presentation) == "notes" {
                let drawing = try body.readDrawing()
                if !drawing.inlines.isEmpty { notes.append(.paragraph(drawing.inlines)) }
                notes += drawing.blocks
            } else {
                try reader.skipElement()
            }
        }
        return notes
    }
}
