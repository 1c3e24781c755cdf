/// Reads OpenDocument text content (a document body, a cell, a note, a
/// text box, a slide's frame) from a streaming reader into blocks. The
/// text, spreadsheet and presentation converters share it.
///
/// One pass over the XML: containers that only wrap content (sections,
/// index bodies, unknown elements) are read through; what a reader does
/// not see (declarations, index templates, tracked deletions, hidden
/// sections) is skipped.
final class ODFBodyReader {
    let reader: XMLReader
    let context: ODFContext
    let scope: ODFStyleScope
    /// Presentation text: lists become real lists only in outline frames
    /// (set while one is read).
    @exclusivity(unchecked)
    var isPresentation = false

    // Reading state, saved and cleared around content that stands on its
    // own (cells, notes, text boxes): a list in a cell is not nested in
    // the list around the table.

    /// The lists open around the content being read, outermost first.
    @exclusivity(unchecked)
    var openLists: [OpenList] = []
    /// The list item whose label waits for its first child.
    @exclusivity(unchecked)
    var pendingItem: PendingItem?
    /// The depth of the index (table of contents) being read, if any.
    @exclusivity(unchecked)
    var indexDepth: Int?
    /// Cells of a header row: their paragraph style's bold is not repeated.
    @exclusivity(unchecked)
    var inHeaderRow = false
    /// The `dc:creator` last read, for comments.
    @exclusivity(unchecked)
    var lastCreator: String?
    @exclusivity(unchecked)
    var paragraphsRead = 0

    struct OpenList {
        var level: Int
        var styleName: String?
        var sequence: Int
    }

    init(reader: XMLReader, context: ODFContext, scope: ODFStyleScope) {
        self.reader = reader
        self.context = context
        self.scope = scope
    }

    var styles: ODFStyles { context.styles }

    /// Runs `body` with the list, index and header state cleared, and
    /// restores it after.
    func isolated<T>(_ body: () throws(ConversionError) -> T) throws(ConversionError) -> T {
        let saved = (openLists, pendingItem, indexDepth, inHeaderRow)
        openLists = []
        pendingItem = nil
        indexDepth = nil
        inHeaderRow = false
        defer { (openLists, pendingItem, indexDepth, inHeaderRow) = saved }
        return try body()
    }

    /// Advances to the first element named `name` in `namespace` and
    /// reads the block content inside it; empty when there is none.
    func readBlocks(inside name: String, namespace: String) throws(ConversionError) -> [Block] {
        while try reader.read() {
            if reader.kind == .startElement, reader.isElement(name, in: namespace) {
                if reader.isEmptyElement { return [] }
                return try readBlocks(containerDepth: reader.depth)
            }
        }
        return []
    }

    /// Reads block content until the end of the element at `containerDepth`.
    func readBlocks(containerDepth: Int) throws(ConversionError) -> [Block] {
        var blocks = ODFBlockSequence()
        var pendingAnchors: [Inline] = []
        var looseReferences: [Inline] = []
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= containerDepth { break }
            guard reader.kind == .startElement else { continue }
            if let indexDepth, reader.depth <= indexDepth { self.indexDepth = nil }
            if let pending = pendingItem, pending.decision == nil, reader.depth == pending.depth + 1 {
                decideLabel(of: pending)
            }
            let namespace = reader.namespace
            let name = reader.localName
            switch namespace {
            case ODFNamespace.text:
                try readTextBlockElement(name, into: &blocks, anchors: &pendingAnchors)
            case ODFNamespace.table:
                if name == "table" {
                    blocks.append(contentsOf: try readTable())
                }
            case ODFNamespace.drawing:
                let drawing = try readDrawing()
                if !drawing.inlines.isEmpty { blocks.append(.paragraph(drawing.inlines)) }
                blocks.append(contentsOf: drawing.blocks)
            case ODFNamespace.office:
                switch name {
                case "annotation":
                    if let reference = try readAnnotation() { looseReferences.append(reference) }
                case "forms", "scripts", "event-listeners", "binary-data":
                    try reader.skipElement()
                default:
                    break
                }
            case ODFNamespace.openOffice2009:
                if name == "annotation", let reference = try readAnnotation() { looseReferences.append(reference) }
            case ODFNamespace.dublinCore:
                if name == "creator" {
                    lastCreator = ODFText.trimmed(try reader.readElementText())
                } else {
                    try reader.skipElement()
                }
            case ODFNamespace.presentation, ODFNamespace.svg, ODFNamespace.meta:
                try reader.skipElement()
            default:
                break
            }
        }
        if !pendingAnchors.isEmpty { blocks.append(.paragraph(pendingAnchors)) }
        // Comments on a cell or frame rather than on text: their marks
        // go at the end of the content.
        blocks.appendReferences(looseReferences)
        return blocks.blocks
    }

    /// Dispatches a `text:` element among blocks by its name; bookmarks
    /// wait in `anchors` for the next paragraph.
    private func readTextBlockElement(
        _ name: String, into blocks: inout ODFBlockSequence, anchors: inout [Inline]
    ) throws(ConversionError) {
        switch name {
        case "p", "h":
            let (block, trailing) = try readParagraph(isHeading: name == "h", leadingAnchors: anchors)
            anchors = []
            if let block { blocks.append(block) }
            blocks.append(contentsOf: trailing)
        case "list":
            blocks.append(try readList())
        case "section":
            if reader.attribute("display", namespace: ODFNamespace.text) == "none" { try reader.skipElement() }
        case "table-of-content", "illustration-index", "table-index", "object-index", "user-index",
             "alphabetical-index", "bibliography":
            if indexDepth == nil, !reader.isEmptyElement { indexDepth = reader.depth }
        case "tracked-changes":
            try readTrackedChanges()
        case "change":
            if let deleted = reader.attribute("change-id", namespace: ODFNamespace.text).flatMap({ context.deletions[$0] }) {
                blocks.append(.paragraph([.strikethrough(deleted)]))
            }
        case "bookmark", "bookmark-start", "reference-mark", "reference-mark-start":
            if let anchor = reader.attribute("name", namespace: ODFNamespace.text), !anchor.isEmpty {
                anchors.append(.anchor(anchor))
            }
        case "sequence-decls", "variable-decls", "user-field-decls", "dde-connection-decls",
             "alphabetical-index-auto-mark-file", "number", "soft-page-break", "index-title-template":
            try reader.skipElement()
        default:
            // Index templates (`…-source`) describe entries; they are not text.
            if name.hasSuffix("-source") { try reader.skipElement() }
        }
    }
}

/// Blocks as they are read, with lists that continue each other joined.
struct ODFBlockSequence {
    private(set) var blocks: [Block] = []
    /// The list style of the last block when it is a list read from
    /// `text:list`: a following list of the same style continues it.
    private var lastListStyle: String??

    mutating func append(_ block: Block) {
        blocks.append(block)
        lastListStyle = nil
    }

    mutating func append(contentsOf more: [Block]) {
        for block in more { append(block) }
    }

    mutating func append(_ list: ODFListResult) {
        if !list.leading.isEmpty {
            if case .list(let previous)? = blocks.last {
                blocks[blocks.count - 1] = .list(ODFBlockMerging.attaching(list.leading, toLastItemOf: previous))
            } else {
                blocks = ODFBlockMerging.appending(list.leading, to: blocks)
            }
        }
        for (index, block) in list.blocks.enumerated() {
            if index == 0, case .list(let next) = block, case .list(var previous)? = blocks.last,
               lastListStyle == .some(list.styleName), ODFBlockMerging.continues(previous, with: next) {
                previous.items += next.items
                blocks[blocks.count - 1] = .list(previous)
            } else {
                blocks.append(block)
            }
        }
        if case .list? = list.blocks.last {
            lastListStyle = .some(list.styleName)
        } else if !list.blocks.isEmpty {
            lastListStyle = nil
        }
    }

    /// Puts note marks at the end of the last paragraph, or on their own.
    mutating func appendReferences(_ references: [Inline]) {
        guard !references.isEmpty else { return }
        if case .paragraph(let content)? = blocks.last {
            blocks[blocks.count - 1] = .paragraph(content + references)
        } else {
            blocks.append(.paragraph(references))
        }
    }
}
