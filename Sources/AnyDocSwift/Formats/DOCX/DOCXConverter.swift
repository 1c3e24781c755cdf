/// Word documents (DOCX, DOCM, DOTX, DOTM): the main document part with
/// its styles, numbering, notes, comments and images.
enum DOCXConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let package = OPCPackage(archive: try input.zipArchive(), limits: input.limits)
        var mainPart = try package.rootPart(ofType: "officeDocument") ?? "word/document.xml"
        if !package.contains(mainPart) {
            guard package.contains("word/document.xml") else { throw .missingPart("word/document.xml") }
            mainPart = "word/document.xml"
        }
        let relationships = try package.relationships(of: mainPart)
        let byID = Dictionary(relationships.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func part(_ kind: String) -> String? {
            relationships.first { $0.hasType(kind) && !$0.isExternal && package.contains($0.target) }?.target
        }

        // A damaged styles or numbering part costs its formatting, not
        // the document. Of styles.xml only names, bases, outline levels,
        // lists and a few run toggles are read: latent styles (often two
        // thirds of the part), fonts, sizes, spacing and table formats are
        // cut unparsed. Likewise numbering.xml, mostly indents and fonts.
        var warnings: [String] = []
        let styles = try auxiliary(part("styles"), warnings: &warnings, consequence: "default formatting is used") {
            name throws(ConversionError) in
            try WordStyles(reader: package.xmlReader(
                for: name, cutting: .allBut(WordStyles.readElements), minimumBytes: 4 << 10))
        } ?? WordStyles()
        let numbering = try auxiliary(part("numbering"), warnings: &warnings, consequence: "lists are plain paragraphs") {
            name throws(ConversionError) in
            try WordNumbering(reader: package.xmlReader(
                for: name, cutting: .allBut(WordNumbering.readElements), minimumBytes: 4 << 10))
        } ?? WordNumbering()
        let context = WordDocumentContext(
            package: package, styles: styles, numbering: numbering, options: input.options, deadline: input.deadline)

        var metadata = Metadata(sourceFormat: input.format)
        if sink.needsMetadata { CoreProperties.read(from: package, into: &metadata) }

        var blocks: [Block] = []
        if input.options.includeHeadersAndFooters {
            blocks += try readParts(of: "header", relationships: relationships, package: package, context: context, warnings: &warnings)
        }
        blocks += try readBody(mainPart, relationships: byID, package: package, context: context, warnings: &warnings)
        if input.options.includeHeadersAndFooters {
            blocks += try readParts(of: "footer", relationships: relationships, package: package, context: context, warnings: &warnings)
        }

        var notes: [FootnoteDefinition] = []
        var noteParts = [("footnotes", "footnote", "fn"), ("endnotes", "endnote", "en")]
        if input.options.includeComments { noteParts.append(("comments", "comment", "cm")) }
        var skippedNotes: [String] = []
        for (kind, element, prefix) in noteParts {
            guard let name = part(kind) else { continue }
            let read = try auxiliary(name, warnings: &warnings, consequence: "its \(kind) are left out") {
                name throws(ConversionError) in
                try readNotes(part: name, element: element, prefix: prefix, package: package, context: context)
            }
            if let read { notes += read } else { skippedNotes.append(prefix) }
        }
        if !skippedNotes.isEmpty { blocks = blocks.map { Self.removingReferences(to: skippedNotes, in: $0) } }

        for warning in warnings + context.warnings { sink.addWarning(warning) }
        let document = AnchorCleanup.apply(to: Document(metadata: metadata, blocks: blocks, footnotes: notes, assets: context.assets))
        try sink.append(contentsOf: document)
    }

    /// The main part's blocks. A main part that is not well formed is read
    /// again by a tolerant parse, which keeps the text it can make out, and
    /// a warning says so; it fails only when that recovers no text.
    private static func readBody(
        _ mainPart: String, relationships: [String: Relationship], package: OPCPackage, context: WordDocumentContext,
        warnings: inout [String]
    ) throws(ConversionError) -> [Block] {
        let numbering = context.numbering
        do {
            let body = WordBodyReader(reader: try package.xmlReader(for: mainPart), context: context, relationships: relationships)
            return FlowGrouper.group(try body.readBlocks(inside: "body"))
        } catch where error.kind == .malformed {
            context.numbering = numbering  // lists count again from the start
            let reader = try package.recoveringXMLReader(for: mainPart)
            let body = WordBodyReader(reader: reader, context: context, relationships: relationships)
            let blocks: [Block] = FlowGrouper.group(try body.readBlocks(inside: "body"))
            guard blocks.contains(where: { (block: Block) in block.containsText }) else { throw error }
            warnings.append(ConversionWarning.recoveredPart(mainPart, error: reader.recoveredError ?? error))
            return blocks
        }
    }

    /// The block without references to notes whose part was skipped
    /// (labels starting with one of `prefixes`), which would point nowhere.
    private static func removingReferences(to prefixes: [String], in block: Block) -> Block {
        block.rewritingInlines { inlines in
            inlines.rewritingEach { inline in
                if case .footnoteReference(let label) = inline, prefixes.contains(where: { label.hasPrefix($0) }) { return [] }
                return [inline]
            }
        }
    }

    /// What `read` makes of an auxiliary part (styles, numbering, notes,
    /// comments), or nil when there is none or it is damaged: damage is
    /// a warning, not a failure of the document.
    private static func auxiliary<T>(
        _ name: String?, warnings: inout [String], consequence: String,
        _ read: (String) throws(ConversionError) -> T
    ) throws(ConversionError) -> T? {
        guard let name else { return nil }
        do {
            return try read(name)
        } catch where error.kind == .malformed || error.kind == .missingPart {
            warnings.append(ConversionWarning.skippedPart(name, error: error, consequence: consequence))
            return nil
        }
    }

    /// Headers or footers, each distinct one once.
    private static func readParts(
        of kind: String, relationships: [Relationship], package: OPCPackage, context: WordDocumentContext,
        warnings: inout [String]
    ) throws(ConversionError) -> [Block] {
        var blocks: [Block] = []
        for relationship in relationships where relationship.hasType(kind) && !relationship.isExternal && package.contains(relationship.target) {
            let partBlocks = try auxiliary(relationship.target, warnings: &warnings, consequence: "its \(kind) is left out") {
                name throws(ConversionError) -> [Block] in
                let reader = try package.xmlReader(for: name)
                let body = WordBodyReader(reader: reader, context: context, relationships: try package.relationshipsByID(of: name))
                return FlowGrouper.group(try body.readBlocks(inside: kind == "header" ? "hdr" : "ftr"))
            } ?? []
            for block in partBlocks where !blocks.contains(block) { blocks.append(block) }
        }
        return blocks
    }

    /// Footnotes, endnotes or comments as footnote definitions labelled to
    /// match their references. Separator notes are not content.
    private static func readNotes(
        part: String, element: String, prefix: String, package: OPCPackage, context: WordDocumentContext
    ) throws(ConversionError) -> [FootnoteDefinition] {
        let w = OOXMLNamespace.wordprocessing
        let reader = try package.xmlReader(for: part)
        let body = WordBodyReader(reader: reader, context: context, relationships: try package.relationshipsByID(of: part))
        var notes: [FootnoteDefinition] = []
        while try reader.read() {
            guard reader.kind == .startElement, reader.isElement(element, in: w), !reader.isEmptyElement else { continue }
            let id = reader.attribute("id", namespace: w) ?? ""
            let type = reader.attribute("type", namespace: w) ?? "normal"
            let author = reader.attribute("author", namespace: w)
            let depth = reader.depth
            let items = try body.readBlocks(containerDepth: depth)
            guard type == "normal" else { continue }
            var blocks = FlowGrouper.group(items)
            if let author, !author.isEmpty {
                if case .paragraph(let content)? = blocks.first {
                    blocks[0] = .paragraph([.strong([.text(author + ":")]), .text(" ")] + content)
                } else {
                    blocks.insert(.paragraph([.strong([.text(author + ":")])]), at: 0)
                }
            }
            notes.append(FootnoteDefinition(label: prefix + id, blocks: blocks))
        }
        return notes
    }
}
