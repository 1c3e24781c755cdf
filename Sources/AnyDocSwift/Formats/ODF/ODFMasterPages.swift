/// Master pages in `styles.xml`: the page headers and footers of text
/// documents and the footers of presentation masters.
enum ODFMasterPages {
    /// Every distinct header and footer of the master pages, in order.
    static func headersAndFooters(context: ODFContext) throws(ConversionError) -> (headers: [Block], footers: [Block]) {
        var headers: [Block] = []
        var footers: [Block] = []
        guard context.package.contains("styles.xml") else { return ([], []) }
        let reader = try context.package.xmlReader(for: "styles.xml", droppingRootChildren: { $0 != "master-styles" })
        let body = ODFBodyReader(reader: reader, context: context, scope: .styles)
        while try reader.read() {
            guard reader.kind == .startElement, reader.namespace == ODFNamespace.style, !reader.isEmptyElement else { continue }
            let name = reader.localName
            guard Self.headerAndFooterElements.contains(name) else { continue }
            // A header or footer switched off keeps its text but is not shown.
            if reader.attribute("display", namespace: ODFNamespace.style) == "false" {
                try reader.skipElement()
                continue
            }
            let blocks = try body.readBlocks(containerDepth: reader.depth)
            for block in blocks {
                if name.hasPrefix("header") {
                    if !headers.contains(block) { headers.append(block) }
                } else if !footers.contains(block) {
                    footers.append(block)
                }
            }
        }
        return (headers, footers)
    }

    private static let headerAndFooterElements: Set<String> = [
        "header", "header-left", "header-first", "footer", "footer-left", "footer-first",
    ]

    /// What presentation master pages show on their slides, by master name.
    struct PresentationMasters {
        /// The literal footer text of each master.
        var footers: [String: [Block]] = [:]
        /// The text of shapes that are not placeholders (a company name, a
        /// notice): placeholders hold only sample text.
        var texts: [String: [Block]] = [:]
    }

    /// The footers and the other text of each presentation master page.
    static func presentationMasters(context: ODFContext) throws(ConversionError) -> PresentationMasters {
        var masters = PresentationMasters()
        guard context.package.contains("styles.xml") else { return masters }
        // Only the master pages matter here; the styles were loaded already.
        let reader = try context.package.xmlReader(for: "styles.xml", droppingRootChildren: { $0 != "master-styles" })
        let body = ODFBodyReader(reader: reader, context: context, scope: .styles)
        var master: String?
        var masterDepth = 0
        while try reader.read() {
            if reader.kind == .endElement, master != nil, reader.depth <= masterDepth { master = nil }
            guard reader.kind == .startElement else { continue }
            if reader.isElement("master-page", in: ODFNamespace.style) {
                master = reader.attribute("name", namespace: ODFNamespace.style)
                masterDepth = reader.depth
                if reader.isEmptyElement { master = nil }
            } else if reader.isElement("notes", in: ODFNamespace.presentation) {
                try reader.skipElement()
            } else if let name = master, reader.namespace == ODFNamespace.drawing, reader.depth == masterDepth + 1 {
                let placeholderClass = reader.attribute("class", namespace: ODFNamespace.presentation)
                guard placeholderClass == nil || placeholderClass == "footer" else {
                    try reader.skipElement()
                    continue
                }
                let drawing = try body.readDrawing()
                let blocks = ((drawing.inlines.isEmpty ? [] : [Block.paragraph(drawing.inlines)]) + drawing.blocks)
                    .filter { block in
                        if case .image = block { return false }
                        return block.containsText && (placeholderClass != nil || !MasterSampleText.isFieldOnly(block))
                    }
                guard !blocks.isEmpty else { continue }
                if placeholderClass == "footer" {
                    masters.footers[name, default: []] += blocks
                } else {
                    masters.texts[name, default: []] += blocks
                }
            }
        }
        return masters
    }
}
