/// An Open Packaging Conventions package (DOCX, PPTX, XLSX): parts in a
/// ZIP archive, linked by relationships.
final class OPCPackage {
    let archive: ZipArchive
    let limits: Limits
    private var relationshipCache: [String: [Relationship]] = [:]

    init(archive: ZipArchive, limits: Limits) {
        self.archive = archive
        self.limits = limits
    }

    convenience init(bytes: [UInt8], limits: Limits) throws(ConversionError) {
        try self.init(archive: ZipArchive(bytes, limits: limits), limits: limits)
    }

    func contains(_ part: String) -> Bool { archive.contains(part) }

    func read(_ part: String) throws(ConversionError) -> [UInt8] {
        try archive.read(part)
    }

    /// A streaming XML reader over a part, with Strict names mapped to
    /// Transitional ones.
    func xmlReader(for part: String) throws(ConversionError) -> XMLReader {
        try XMLReader(source: archive.reader(for: part), limits: limits, namespaceAliases: OOXMLNamespace.aliases)
    }

    /// A reader over a part without the root's children that `drop`
    /// names, cut before parsing; `XMLRootChildFilter.filteredPart` says
    /// when a part streams unfiltered instead.
    func xmlReader(
        for part: String, droppingRootChildren drop: (String) -> Bool, atAnyDepth: Bool = false,
        ifContaining marker: String? = nil, minimumBytes: Int = 0
    ) throws(ConversionError) -> XMLReader {
        guard let bytes = try XMLRootChildFilter.filteredPart(
            part, in: archive, dropping: drop, atAnyDepth: atAnyDepth, ifContaining: marker, minimumBytes: minimumBytes)
        else {
            return try xmlReader(for: part)
        }
        return try XMLReader(bytes: bytes, limits: limits, namespaceAliases: OOXMLNamespace.aliases)
    }

    /// A reader over a part without the elements `names` lists, wherever
    /// they sit, cut before parsing (see `XMLElementFilter`).
    func xmlReader(for part: String, droppingElements names: XMLLocalNames) throws(ConversionError) -> XMLReader {
        guard let bytes = try XMLElementFilter.filteredPart(part, in: archive, dropping: names) else {
            return try xmlReader(for: part)
        }
        return try XMLReader(bytes: bytes, limits: limits, namespaceAliases: OOXMLNamespace.aliases)
    }

    /// The part the package's root relationship of `kind` points to, such
    /// as `word/document.xml` for `officeDocument`.
    func rootPart(ofType kind: String) throws(ConversionError) -> String? {
        try relationships(of: "").first { $0.hasType(kind) && !$0.isExternal }?.target
    }

    /// The main part from the package relationships, or `fallback` (the
    /// usual name, such as `xl/workbook.xml`) when they are missing or
    /// unreadable; unreadable ones are reported to `sink`.
    func officeDocumentPart(fallback: String, sink: DocumentSink) throws(ConversionError) -> String {
        do throws(ConversionError) {
            if let part = try rootPart(ofType: "officeDocument"), contains(part) { return part }
        } catch {
            guard contains(fallback) else { throw error }
            sink.addWarning("the package relationships are unreadable (\(error.reason)); read \(fallback)")
            return fallback
        }
        guard contains(fallback) else { throw .missingPart(fallback) }
        return fallback
    }

    /// The relationships of `part` ("" for the package itself), from its
    /// `_rels/NAME.rels` part; none when that part is absent.
    func relationships(of part: String) throws(ConversionError) -> [Relationship] {
        if let cached = relationshipCache[part] { return cached }
        let folder = Self.folder(of: part)
        let name = part.split(separator: "/").last.map(String.init) ?? ""
        let relsPart = (folder.isEmpty ? "" : folder + "/") + "_rels/" + name + ".rels"
        guard archive.contains(relsPart) else {
            relationshipCache[part] = []
            return []
        }
        // A relationships part is a flat list of empty elements: the tag
        // scan detection uses reads it (entities never expanded, nothing
        // loaded) at a fraction of a parser's set-up cost, which had made
        // the many tiny parts of a slide deck add up.
        var result: [Relationship] = []
        TagScanner.scan(try archive.read(relsPart), maxTags: limits.maxXMLNodes) { tag in
            guard !tag.isEnd, tag.localName == "Relationship",
                let id = tag.attribute("Id"), let target = tag.attribute("Target")
            else { return true }
            let external = tag.attribute("TargetMode")?.lowercased() == "external"
            result.append(Relationship(
                id: id, type: tag.attribute("Type") ?? "",
                target: external ? target : Self.resolve(target, from: folder),
                isExternal: external))
            return true
        }
        relationshipCache[part] = result
        return result
    }

    /// Relationships of `part` keyed by id.
    func relationshipsByID(of part: String) throws(ConversionError) -> [String: Relationship] {
        var map: [String: Relationship] = [:]
        for relationship in try relationships(of: part) where map[relationship.id] == nil {
            map[relationship.id] = relationship
        }
        return map
    }

    static func folder(of part: String) -> String {
        guard let slash = part.lastIndex(of: "/") else { return "" }
        return String(part[..<slash])
    }

    /// Resolves a relative target against a folder: `../media/a.png` from
    /// `word/charts` is `word/media/a.png`; a leading `/` starts at the
    /// package root. Segments never climb above the root.
    static func resolve(_ target: String, from folder: String) -> String {
        let decoded = ZipArchive.percentDecoded(target) ?? target
        // Part names are nearly always ASCII, split faster by bytes.
        let byBytes = decoded.hasSingleByteCharacters && folder.hasSingleByteCharacters
        func split(_ path: String) -> [Substring] {
            byBytes ? path.utf8.split(separator: UInt8(ascii: "/")).map(Substring.init) : path.split(separator: "/")
        }
        var segments: [Substring] = decoded.hasPrefix("/") || folder.isEmpty ? [] : split(folder)
        for segment in split(decoded) {
            switch segment {
            case ".": continue
            case "..": if !segments.isEmpty { segments.removeLast() }
            default: segments.append(segment)
            }
        }
        return segments.joined(separator: "/")
    }
}

/// An archive entry streams straight into the XML reader.
extension ZipEntryReader: ByteSource {}
