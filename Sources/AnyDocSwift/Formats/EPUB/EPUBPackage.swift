/// The package document of an EPUB (the OPF file named by
/// `META-INF/container.xml`): metadata, manifest and reading order.
struct EPUBPackage {
    struct Item {
        let id: String
        /// The part's name inside the archive.
        let path: String
        let mediaType: String
        let properties: [String]
    }

    static let dublinCore = "http://purl.org/dc/elements/1.1/"

    var metadata = Metadata(sourceFormat: .epub)
    var items: [String: Item] = [:]
    /// Spine items in reading order, with their `linear` flag.
    var spine: [(item: Item, linear: Bool)] = []
    /// The EPUB 2 table of contents (NCX), named by the spine's `toc`.
    var ncxPath: String?

    /// Reads the container, then the package document it names.
    init(archive: ZipArchive, limits: Limits) throws(ConversionError) {
        guard archive.contains("META-INF/container.xml") else { throw .missingPart("META-INF/container.xml") }
        var opfPath: String?
        let container = try XMLReader(bytes: try archive.read("META-INF/container.xml"), limits: limits)
        while try container.read() {
            if container.kind == .startElement, container.localName == "rootfile",
               let path = container.attribute("full-path"), !path.isEmpty {
                let type = container.attribute("media-type") ?? "application/oebps-package+xml"
                if type == "application/oebps-package+xml" { opfPath = path; break }
                if opfPath == nil { opfPath = path }
            }
        }
        guard let opfPath, archive.contains(opfPath) else { throw .missingPart("the package document (OPF)") }
        let folder = OPCPackage.folder(of: opfPath)
        let reader = try XMLReader(bytes: try archive.read(opfPath), limits: limits)
        var spineIDs: [(String, Bool)] = []
        var tocID: String?
        while try reader.read() {
            guard reader.kind == .startElement else { continue }
            let name = reader.localName
            if reader.namespace == Self.dublinCore {
                let value = Self.collapsed(try reader.readElementText())
                guard !value.isEmpty else { continue }
                switch name {
                case "title": if metadata.title == nil { metadata.title = value }
                case "creator": metadata.authors.append(value)
                case "language": if metadata.language == nil { metadata.language = value }
                case "subject": metadata.keywords.append(value)
                case "description": if metadata.subject == nil { metadata.subject = value }
                case "date": if metadata.created == nil { metadata.created = value }
                default: break
                }
                continue
            }
            switch name {
            case "item":
                guard let id = reader.attribute("id"), let href = reader.attribute("href") else { continue }
                let path = OPCPackage.resolve(Self.withoutFragment(href), from: folder)
                items[id] = Item(
                    id: id, path: path, mediaType: reader.attribute("media-type") ?? "",
                    properties: (reader.attribute("properties") ?? "").split(separator: " ").map(String.init))
            case "spine":
                tocID = reader.attribute("toc")
            case "itemref":
                guard let id = reader.attribute("idref") else { continue }
                spineIDs.append((id, reader.attribute("linear") != "no"))
            default:
                break
            }
        }
        spine = spineIDs.compactMap { id, linear in items[id].map { ($0, linear) } }
        if let tocID, let toc = items[tocID] { ncxPath = toc.path }
        if spine.isEmpty {
            throw .malformed("the EPUB's spine lists no content documents")
        }
    }

    static func withoutFragment(_ href: String) -> String {
        // A "#" byte is needed for a "#" character; most links have none.
        guard href.utf8.contains(UInt8(ascii: "#")), let hash = href.firstIndex(of: "#") else { return href }
        return String(href[..<hash])
    }

    static func collapsed(_ text: String) -> String {
        guard text.hasSingleByteCharacters else {
            return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }
        // Among single-byte characters these are the whitespace.
        let words = text.utf8.split(whereSeparator: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) })
        return words.map { String(Substring($0)) }.joined(separator: " ")
    }
}
