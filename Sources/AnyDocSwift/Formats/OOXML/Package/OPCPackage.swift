/// An Open Packaging Conventions package (DOCX, PPTX, XLSX): parts in a
/// ZIP archive, linked by relationships.
final class OPCPackage {
    let archive: ZipArchive
    let limits: Limits
    @exclusivity(unchecked)
    private var relationshipCache: [String: [Relationship]] = [:]
    @exclusivity(unchecked)
    private var relationshipByIDCache: [String: [String: Relationship]] = [:]

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

    /// A reader over a damaged part that reads past mismatched and
    /// unclosed tags (see `XMLReader.recoveredError`), for parts whose
    /// strict parse failed.
    func recoveringXMLReader(for part: String) throws(ConversionError) -> XMLReader {
        try XMLReader(source: archive.reader(for: part), limits: limits, namespaceAliases: OOXMLNamespace.aliases, recovering: true)
    }

    /// A reader over a part without the root's children that `drop`
    /// names, cut before parsing; `XMLRootChildFilter.filteredPart` says
    /// when a part streams unfiltered instead.
    func xmlReader(
        for part: String, droppingRootChildren drop: (String) -> Bool, ifContaining marker: String? = nil,
        minimumBytes: Int = 0
    ) throws(ConversionError) -> XMLReader {
        guard let bytes = try XMLRootChildFilter.filteredPart(
            part, in: archive, dropping: drop, ifContaining: marker, minimumBytes: minimumBytes)
        else {
            return try xmlReader(for: part)
        }
        return try XMLReader(bytes: bytes, limits: limits, namespaceAliases: OOXMLNamespace.aliases)
    }

    /// A reader over a part without the elements `cut` selects, wherever
    /// they sit, cut before parsing (see `XMLElementFilter`); parts under
    /// `minimumBytes` stream unfiltered.
    func xmlReader(
        for part: String, cutting cut: XMLElementFilter.Cut, minimumBytes: Int = 0
    ) throws(ConversionError) -> XMLReader {
        guard let bytes = try XMLElementFilter.filteredPart(part, in: archive, cutting: cut, minimumBytes: minimumBytes) else {
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
        let relsPart = (folder.isEmpty ? "" : folder + "/") + "_rels/" + Self.fileName(of: part) + ".rels"
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

    /// Relationships of `part` keyed by id, the first of each id; built
    /// once per part, as every slide asks for its own and its notes'.
    func relationshipsByID(of part: String) throws(ConversionError) -> [String: Relationship] {
        if let cached = relationshipByIDCache[part] { return cached }
        var map: [String: Relationship] = [:]
        for relationship in try relationships(of: part) where map[relationship.id] == nil {
            map[relationship.id] = relationship
        }
        relationshipByIDCache[part] = map
        return map
    }

    static func folder(of part: String) -> String {
        if part.hasSingleByteCharacters {
            guard let slash = part.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
            return String(decoding: part.utf8[..<slash], as: UTF8.self)
        }
        guard let slash = part.lastIndex(of: "/") else { return "" }
        return String(part[..<slash])
    }

    /// The last segment of a part name.
    private static func fileName(of part: String) -> String {
        if part.hasSingleByteCharacters {
            let bytes = Array(part.utf8)
            return bytes.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        return part.split(separator: "/").last.map(String.init) ?? ""
    }

    /// Resolves a relative target against a folder: `../media/a.png` from
    /// `word/charts` is `word/media/a.png`; a leading `/` starts at the
    /// package root. Segments never climb above the root.
    static func resolve(_ target: String, from folder: String) -> String {
        // Most targets are a plain relative path (`slides/slide1.xml`):
        // joined to the folder as they are.
        if isPlainPath(target, isFolder: false), isPlainPath(folder, isFolder: true) {
            return folder.isEmpty ? target : folder + "/" + target
        }
        // Part names are nearly always ASCII, whose paths are built on bytes.
        let folderBytes = Array(folder.utf8)
        let decoded = ZipArchive.percentDecoded(target) ?? target
        if decoded.hasSingleByteCharacters && isSingleByte(folderBytes) {
            return resolveBytes(Array(decoded.utf8), from: folderBytes)
        }
        var segments: [Substring] = decoded.hasPrefix("/") || folder.isEmpty ? [] : folder.split(separator: "/")
        for segment in decoded.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..": if !segments.isEmpty { segments.removeLast() }
            default: segments.append(segment)
            }
        }
        return segments.joined(separator: "/")
    }

    /// `resolve` for single-byte names: the path is built in place, each
    /// segment's start remembered so that `..` can take it back.
    private static func resolveBytes(_ target: [UInt8], from folder: [UInt8]) -> String {
        var path: [UInt8] = []
        path.reserveCapacity(folder.count + target.count + 1)
        var segmentStarts: [Int] = []
        if target.first != slash {
            appendSegments(of: folder, to: &path, starts: &segmentStarts, followingDots: false)
        }
        appendSegments(of: target, to: &path, starts: &segmentStarts, followingDots: true)
        return String(decoding: path, as: UTF8.self)
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")
    private static let percent = UInt8(ascii: "%")

    /// Appends each non-empty run of bytes between slashes to `path`;
    /// when `followingDots`, `.` is skipped and `..` takes back the last
    /// segment (the folder's own segments are taken as they are).
    private static func appendSegments(
        of bytes: [UInt8], to path: inout [UInt8], starts: inout [Int], followingDots: Bool
    ) {
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != slash { end += 1 }
            let length = end - start
            if followingDots, length == 1, bytes[start] == dot {
                // The same folder.
            } else if followingDots, length == 2, bytes[start] == dot, bytes[start + 1] == dot {
                if let segmentStart = starts.popLast() { path.removeSubrange(max(segmentStart - 1, 0)...) }
            } else if length > 0 {
                if !starts.isEmpty { path.append(slash) }
                starts.append(path.count)
                path.append(contentsOf: bytes[start..<end])
            }
            start = end + 1
        }
    }

    /// Whether `path` resolves to itself: single-byte ASCII with no empty
    /// segment and no leading or trailing slash, and for a target no
    /// escape and no segment starting with a dot (`.`, `..`). A folder may
    /// be empty; a target may not.
    private static func isPlainPath(_ path: String, isFolder: Bool) -> Bool {
        let plain = path.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let first = bytes.first, let last = bytes.last else { return isFolder }
            guard first != slash, last != slash, isFolder || first != dot else { return false }
            var previous: UInt8 = 0
            for byte in bytes {
                if byte >= 0x80 || byte == 0x0D { return false }
                if previous == slash && (byte == slash || (!isFolder && byte == dot)) { return false }
                if !isFolder && byte == percent { return false }
                previous = byte
            }
            return true
        }
        return plain ?? false
    }

    /// `String.hasSingleByteCharacters` for bytes already copied out.
    private static func isSingleByte(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }
}

/// An archive entry streams straight into the XML reader.
extension ZipEntryReader: ByteSource {}
