/// Names the format of a ZIP package from its parts, in the order the
/// formats' own specifications designate them:
///
/// 1. the `mimetype` entry (ODF, EPUB), wherever it sits in the archive;
/// 2. `[Content_Types].xml`: the content type of the part the package's
///    `officeDocument` relationship names, else any known main part;
/// 3. conventional main-part paths (`word/document.xml`, …);
/// 4. the ODF manifest's root media type;
/// 5. `META-INF/container.xml` (EPUB).
///
/// ODF packages whose manifest encrypts `content.xml` are reported
/// encrypted.
enum PackageDetector {
    /// Small caps: the parts read here are a few kilobytes in real files.
    static let limits: Limits = {
        var limits = Limits()
        limits.maxEntryBytes = 4 << 20
        limits.maxTotalDecompressedBytes = 16 << 20
        return limits
    }()

    static func detect(_ archive: ZipArchive) -> DetectedFormat? {
        if let mimetype = smallPart("mimetype", in: archive),
            let format = PackageMediaTypes.packageFormat(mimetype: String(decoding: mimetype, as: UTF8.self))
        {
            return DetectedFormat(format: format, isEncrypted: format != .epub && odfIsEncrypted(archive))
        }
        if let format = officeFormat(archive) {
            return DetectedFormat(format: format)
        }
        if let format = conventionalFormat(archive) {
            return DetectedFormat(format: format)
        }
        if let format = manifestFormat(archive) {
            return DetectedFormat(format: format, isEncrypted: odfIsEncrypted(archive))
        }
        if archive.contains("META-INF/container.xml") {
            return DetectedFormat(format: .epub)
        }
        return nil
    }

    // MARK: - OOXML

    private static func officeFormat(_ archive: ZipArchive) -> DocumentFormat? {
        guard let contentTypes = smallPart("[Content_Types].xml", in: archive) else { return nil }
        // Only the main part's type is wanted: its Override (the first one
        // for it), else the Default for its extension (the last one); the
        // first Override of any known main type stands in when neither
        // names a format.
        let mainKey = officeDocumentTarget(archive).map(partKey)
        let mainExtension = mainKey?.split(separator: ".").last.map(String.init)
        var overrideType: String?
        var defaultType: String?
        // Every Override's type, in order: the first known one is looked
        // for only when the main part's own type names no format.
        var overrideTypes: [String] = []
        TagScanner.scan(contentTypes) { tag in
            guard !tag.isEnd else { return true }
            if tag.localName == "Override" {
                guard let contentType = tag.attribute("ContentType"), let partName = tag.attribute("PartName") else { return true }
                if let mainKey, overrideType == nil, partKey(partName) == mainKey {
                    overrideType = contentType
                    // The main part's own type decides: nothing after it matters.
                    if PackageMediaTypes.officeFormat(mainPartContentType: contentType) != nil { return false }
                }
                overrideTypes.append(contentType)
            } else if tag.localName == "Default", let mainExtension, let ext = tag.attribute("Extension"),
                ext.lowercased() == mainExtension, let contentType = tag.attribute("ContentType")
            {
                defaultType = contentType
            }
            return true
        }
        if mainKey != nil, let contentType = overrideType ?? defaultType,
            let format = PackageMediaTypes.officeFormat(mainPartContentType: contentType)
        {
            return format
        }
        for contentType in overrideTypes {
            if let format = PackageMediaTypes.officeFormat(mainPartContentType: contentType) { return format }
        }
        return nil
    }

    /// The target of the package's `officeDocument` relationship.
    private static func officeDocumentTarget(_ archive: ZipArchive) -> String? {
        guard let rels = smallPart("_rels/.rels", in: archive) else { return nil }
        var target: String?
        TagScanner.scan(rels) { tag in
            guard !tag.isEnd, tag.localName == "Relationship",
                let type = tag.attribute("Type"), type.lowercased().hasSuffix("/officedocument"),
                tag.attribute("TargetMode")?.lowercased() != "external",
                let value = tag.attribute("Target")
            else { return true }
            target = value
            return false
        }
        return target
    }

    /// A part name as a lookup key: no leading `/` or `./`, lowercase,
    /// percent escapes decoded.
    private static func partKey(_ name: String) -> String {
        var key = ZipArchive.percentDecoded(name) ?? name
        while key.hasPrefix("./") { key.removeFirst(2) }
        return ZipArchive.foldedKey(key)
    }

    private static func conventionalFormat(_ archive: ZipArchive) -> DocumentFormat? {
        if archive.contains("word/document.xml") {
            return archive.contains("word/vbaProject.bin") ? .docm : .docx
        }
        if archive.contains("ppt/presentation.xml") {
            return archive.contains("ppt/vbaProject.bin") ? .pptm : .pptx
        }
        if archive.contains("xl/workbook.bin") { return .xlsb }
        if archive.contains("xl/workbook.xml") {
            return archive.contains("xl/vbaProject.bin") ? .xlsm : .xlsx
        }
        return nil
    }

    // MARK: - ODF

    private static func manifestFormat(_ archive: ZipArchive) -> DocumentFormat? {
        guard let manifest = smallPart("META-INF/manifest.xml", in: archive) else { return nil }
        var format: DocumentFormat?
        TagScanner.scan(manifest) { tag in
            guard !tag.isEnd, tag.localName == "file-entry", tag.attribute("full-path") == "/",
                let mediaType = tag.attribute("media-type")
            else { return true }
            format = PackageMediaTypes.packageFormat(mimetype: mediaType)
            return false
        }
        return format
    }

    /// True when the manifest gives `content.xml` (or the whole package,
    /// as newer LibreOffice versions do) encryption data.
    static func odfIsEncrypted(_ archive: ZipArchive) -> Bool {
        guard let manifest = smallPart("META-INF/manifest.xml", in: archive),
            // Most manifests encrypt nothing: a byte search rules them out.
            XMLRootChildFilter.contains("encryption-data", in: manifest)
        else { return false }
        var currentPath: String?
        var encrypted = false
        TagScanner.scan(manifest) { tag in
            switch (tag.localName, tag.isEnd) {
            case ("file-entry", false):
                currentPath = tag.isSelfClosing ? nil : tag.attribute("full-path")
            case ("file-entry", true):
                currentPath = nil
            case ("encryption-data", false):
                if let path = currentPath.map(partKey), path == "content.xml" || path == "encrypted-package" {
                    encrypted = true
                    return false
                }
            default:
                break
            }
            return true
        }
        return encrypted
    }

    /// A small part's bytes, or nil when absent, unreadable or too big.
    private static func smallPart(_ name: String, in archive: ZipArchive) -> [UInt8]? {
        guard let entry = archive.entry(named: name), !entry.isDirectory else { return nil }
        return try? archive.read(entry)
    }
}
