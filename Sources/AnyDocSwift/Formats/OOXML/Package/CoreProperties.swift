/// Reads `docProps/core.xml` (title, creator, dates, …) into `Metadata`.
enum CoreProperties {
    static func read(from package: OPCPackage, into metadata: inout Metadata) {
        let part = (try? package.rootPart(ofType: "core-properties")) ?? nil
        guard let part, package.contains(part), let reader = try? package.xmlReader(for: part) else { return }
        do {
            while try reader.read() {
                // The root (cp:coreProperties) holds the properties; read its children.
                guard reader.kind == .startElement, reader.depth > 0 else { continue }
                let name = reader.localName
                let namespace = reader.namespace
                guard namespace == OOXMLNamespace.dublinCore || namespace == OOXMLNamespace.dublinCoreTerms
                    || namespace == OOXMLNamespace.coreProperties else { continue }
                let value = try reader.readElementText().trimmingSpaces()
                guard !value.isEmpty else { continue }
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
        } catch {
            // Metadata is optional: a damaged core part does not fail the document.
        }
    }
}
