/// Document properties from `meta.xml`.
enum ODFMetadata {
    /// What the package's `meta.xml` says, over `metadata`. A missing or
    /// damaged `meta.xml` leaves `metadata` as it was: properties are
    /// never worth failing a conversion for.
    static func read(from package: ODFPackage, into metadata: inout Metadata) {
        guard package.contains("meta.xml"), let reader = try? package.xmlReader(for: "meta.xml") else { return }
        var found = Metadata()
        var initialCreator: String?
        var lastCreator: String?
        var statedPages: Int?
        do {
            while try reader.read() {
                guard reader.kind == .startElement else { continue }
                let namespace = reader.namespace
                let name = reader.localName
                if namespace == ODFNamespace.meta, name == "document-statistic" {
                    statedPages = reader.attribute("page-count", namespace: ODFNamespace.meta).flatMap { Int($0) }
                    continue
                }
                guard namespace == ODFNamespace.dublinCore || namespace == ODFNamespace.meta else { continue }
                let value = ODFText.trimmed(try reader.readElementText())
                guard !value.isEmpty else { continue }
                switch (namespace == ODFNamespace.meta, name) {
                case (false, "title"): found.title = found.title ?? value
                case (false, "subject"): found.subject = found.subject ?? value
                case (false, "creator"): lastCreator = value
                case (false, "date"): found.modified = value
                case (false, "language"): found.language = found.language ?? value
                case (false, "description") where found.subject == nil: found.subject = value
                case (true, "initial-creator"): initialCreator = value
                case (true, "creation-date"): found.created = value
                case (true, "keyword"):
                    // Some producers put a whole comma-separated list in one keyword.
                    for keyword in value.split(separator: ",") {
                        let trimmed = ODFText.trimmed(String(keyword))
                        if !trimmed.isEmpty, !found.keywords.contains(trimmed) { found.keywords.append(trimmed) }
                    }
                default: break
                }
            }
        } catch {
            // Keep what was read before the damage.
        }
        // The initial creator is the author; the last editor follows.
        for author in [initialCreator, lastCreator].compactMap({ $0 }) where !found.authors.contains(author) {
            found.authors.append(author)
        }
        if let title = found.title { metadata.title = title }
        if !found.authors.isEmpty { metadata.authors = found.authors }
        if let subject = found.subject { metadata.subject = subject }
        if !found.keywords.isEmpty { metadata.keywords = found.keywords }
        if let created = found.created { metadata.created = created }
        if let modified = found.modified { metadata.modified = modified }
        if let language = found.language { metadata.language = language }
        if metadata.pageCount == nil, let pages = statedPages, pages > 0 { metadata.pageCount = pages }
    }
}
