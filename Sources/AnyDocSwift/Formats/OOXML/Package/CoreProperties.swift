/// Reads `docProps/core.xml` (title, creator, dates, …) into `Metadata`.
enum CoreProperties {
    /// The namespaces whose elements are properties.
    static let namespaces = [
        OOXMLNamespace.dublinCore, OOXMLNamespace.dublinCoreTerms, OOXMLNamespace.coreProperties,
    ]

    static func read(from package: OPCPackage, into metadata: inout Metadata) {
        let part = (try? package.rootPart(ofType: "core-properties")) ?? nil
        guard let part, package.contains(part) else { return }
        // The part is small and flat: a byte scan reads it unless it holds
        // something only the parser handles.
        if let bytes = try? package.read(part),
            let properties = CorePropertyScanner.properties(
                in: bytes, namespaces: namespaces, maxTags: package.limits.maxXMLNodes)
        {
            for property in properties { apply(property.localName, property.text, to: &metadata) }
            return
        }
        guard let reader = try? package.xmlReader(for: part) else { return }
        for property in parsedProperties(reader) { apply(property.localName, property.text, to: &metadata) }
    }

    /// The properties the parser reads, up to the first error: metadata is
    /// optional, and a damaged core part does not fail the document.
    static func parsedProperties(_ reader: XMLReader) -> [CorePropertyScanner.Property] {
        var properties: [CorePropertyScanner.Property] = []
        do {
            while try reader.read() {
                // The root (cp:coreProperties) holds the properties; read its children.
                guard reader.kind == .startElement, reader.depth > 0 else { continue }
                let name = reader.localName
                guard namespaces.contains(reader.namespace) else { continue }
                properties.append(.init(localName: name, text: try reader.readElementText()))
            }
        } catch {}
        return properties
    }

    private static func apply(_ name: String, _ text: String, to metadata: inout Metadata) {
        let value = text.trimmingSpaces()
        guard !value.isEmpty else { return }
        switch name {
        case "title": metadata.title = value
        case "creator": metadata.authors = [value]
        case "subject": metadata.subject = value
        case "keywords":
            metadata.keywords = value.split(whereSeparator: { $0 == "," || $0 == ";" })
                .map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
        case "created": metadata.created = value
        case "modified": metadata.modified = value
        case "language": metadata.language = value
        default: break
        }
    }
}
