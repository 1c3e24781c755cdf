/// An OpenDocument package: `content.xml` with `styles.xml`, `meta.xml`
/// and the pictures and objects they refer to, in a ZIP archive.
final class ODFPackage {
    let archive: ZipArchive
    let limits: Limits

    /// Opens the package: `encrypted` when the manifest encrypts the
    /// content, `missing part` when there is no `content.xml`.
    init(archive: ZipArchive, limits: Limits) throws(ConversionError) {
        self.archive = archive
        self.limits = limits
        if PackageDetector.odfIsEncrypted(archive) {
            throw .encrypted("the document is encrypted or password protected")
        }
        guard let content = archive.entry(named: "content.xml"), !content.isDirectory else {
            throw .missingPart("content.xml")
        }
    }

    func contains(_ part: String) -> Bool {
        guard let entry = archive.entry(named: part) else { return false }
        return !entry.isDirectory
    }

    func read(_ part: String) throws(ConversionError) -> [UInt8] {
        try archive.read(part)
    }

    /// The media type the manifest gives a path (an embedded object's
    /// folder ends in `/`), or nil when the manifest does not list it.
    func manifestMediaType(of path: String) -> String? {
        manifestMediaTypes[path]
    }

    private lazy var manifestMediaTypes: [String: String] = {
        guard let entry = archive.entry(named: "META-INF/manifest.xml"), !entry.isDirectory,
            let manifest = try? archive.read(entry)
        else { return [:] }
        var types: [String: String] = [:]
        TagScanner.scan(manifest) { tag in
            if !tag.isEnd, tag.localName == "file-entry", let path = tag.attribute("full-path"),
                let type = tag.attribute("media-type"), types[path] == nil
            {
                types[path] = type
            }
            return true
        }
        return types
    }()

    /// A reader over a part without the root's children that `drop`
    /// names, cut before parsing (see `XMLRootChildFilter`): the master
    /// pages of `styles.xml` are read apart from its styles. Parts too
    /// large to hold whole stream as usual.
    func xmlReader(for part: String, droppingRootChildren drop: (String) -> Bool) throws(ConversionError) -> XMLReader {
        guard let bytes = try XMLRootChildFilter.filteredPart(part, in: archive, dropping: drop) else {
            return try xmlReader(for: part)
        }
        return try XMLReader(bytes: bytes, limits: limits)
    }

    /// A reader over a part without the elements `cut` selects, wherever
    /// they sit, cut before parsing (see `XMLElementFilter`). Parts too
    /// large to hold whole stream as usual, and so do parts under
    /// `minimumBytes`, where the scan would cost more than the parse it
    /// saves.
    func xmlReader(for part: String, cutting cut: XMLElementFilter.Cut, minimumBytes: Int = 0) throws(ConversionError) -> XMLReader {
        guard let bytes = try XMLElementFilter.filteredPart(part, in: archive, cutting: cut, minimumBytes: minimumBytes) else {
            return try xmlReader(for: part)
        }
        return try XMLReader(bytes: bytes, limits: limits)
    }

    /// The inflated bytes of a part small enough to hold whole (see
    /// `XMLRootChildFilter.maxPartBytes`), for parts read more than once;
    /// nil when it is missing or larger.
    func wholePart(_ part: String) throws(ConversionError) -> [UInt8]? {
        try XMLRootChildFilter.wholePart(part, in: archive)
    }

    /// A reader over `content.xml` whose head (font declarations,
    /// automatic styles) loses the elements `cut` selects before parsing;
    /// the body after it is left as it is. `content` is the part's bytes
    /// when the caller already holds them; otherwise parts under 4 KB, or
    /// too large to hold whole, stream unfiltered. A spreadsheet, whose
    /// rows stream, reads its body with `Limits.streamingTables`.
    func contentReader(
        cutting cut: XMLElementFilter.Cut, content: [UInt8]? = nil, streamsTables: Bool = false
    ) throws(ConversionError) -> XMLReader {
        let limits = streamsTables ? limits.streamingTables : limits
        if let content {
            return try XMLReader(bytes: XMLElementFilter.removingElements(cut, from: content, stoppingAt: Self.body), limits: limits)
        }
        guard let bytes = try XMLElementFilter.filteredPart(
            "content.xml", in: archive, cutting: cut, stoppingAt: Self.body, minimumBytes: 4 << 10)
        else {
            return try XMLReader(source: archive.reader(for: "content.xml"), limits: limits)
        }
        return try XMLReader(bytes: bytes, limits: limits)
    }

    private static let body = XMLLocalNames(["body"])

    /// A streaming XML reader over a part.
    func xmlReader(for part: String) throws(ConversionError) -> XMLReader {
        try XMLReader(source: archive.reader(for: part), limits: limits)
    }

    /// A package path for an `xlink:href`, or nil when the reference
    /// points outside the package (a URL, an absolute or parent path).
    static func partName(forReference href: String) -> String? {
        var path = Substring(href)
        if path.containsUTF8("://") || path.hasPrefix("/") || path.hasPrefix("#") { return nil }
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        if path.hasPrefix("../") || path.isEmpty { return nil }
        return String(path)
    }
}
