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

        // Of styles.xml only names, bases, outline levels, lists and a few
        // run toggles are read: latent styles (often two thirds of the
        // part), fonts, sizes, spacing and table formats are cut unparsed.
        let styles = try part("styles").map { name throws(ConversionError) in
            try WordStyles(reader: package.xmlReader(
                for: name, cutting: .allBut(WordStyles.readElements), minimumBytes: 4 << 10))
        } ?? WordStyles()
        // Likewise numbering.xml, mostly the indents and fonts of each level.
        let numbering = (try? part("numbering").map { name throws(ConversionError) in
            try WordNumbering(reader: package.xmlReader(
                for: name, cutting: .allBut(WordNumbering.readElements), minimumBytes: 4 << 10))
        }) ?? nil
        let context = WordDocumentContext(
            package: package, styles: styles, numbering: numbering ?? WordNumbering(),
            options: input.options, deadline: input.deadline)

        var metadata = Metadata(sourceFormat: input.format)
        if sink.needsMetadata { CoreProperties.read(from: package, into: &metadata) }

        var blocks: [Block] = []
        if input.options.includeHeadersAndFooters {
            blocks += try readParts(of: "header", relationships: relationships, package: package, context: context)
        }
        let body = WordBodyReader(reader: try package.xmlReader(for: mainPart), context: context, relationships: byID)
        blocks += FlowGrouper.group(try body.readBlocks(inside: "body"))
        if input.options.includeHeadersAndFooters {
            blocks += try readParts(of: "footer", relationships: relationships, package: package, context: context)
        }

        var notes: [FootnoteDefinition] = []
        for (kind, element, prefix) in [("footnotes", "footnote", "fn"), ("endnotes", "endnote", "en")] {
            if let name = part(kind) {
                notes += try readNotes(part: name, element: element, prefix: prefix, package: package, context: context)
            }
        }
        if input.options.includeComments, let name = part("comments") {
            notes += try readNotes(part: name, element: "comment", prefix: "cm", package: package, context: context)
        }

        let document = AnchorCleanup.apply(to: Document(metadata: metadata, blocks: blocks, footnotes: notes, assets: context.assets))
        try sink.append(contentsOf: document)
    }

    /// Headers or footers, each distinct one once.
    private static func readParts(
        of kind: String, relationships: [Relationship], package: OPCPackage, context: WordDocumentContext
    ) throws(ConversionError) -> [Block] {
        var blocks: [Block] = []
        for relationship in relationships where relationship.hasType(kind) && !relationship.isExternal && package.contains(relationship.target) {
            let reader = try package.xmlReader(for: relationship.target)
            let body = WordBodyReader(reader: reader, context: context, relationships: try package.relationshipsByID(of: relationship.target))
            let partBlocks = FlowGrouper.group(try body.readBlocks(inside: kind == "header" ? "hdr" : "ftr"))
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
