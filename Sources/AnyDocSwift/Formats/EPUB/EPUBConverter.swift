/// EPUB 2 and 3 books: the chapters of the spine, in reading order, each
/// through the HTML converter, with links between chapters turned into
/// links inside the one Markdown document.
enum EPUBConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let archive = try input.zipArchive()
        let package = try EPUBPackage(archive: archive, limits: input.limits)
        let encrypted = try EPUBEncryption.encryptedParts(in: archive, limits: input.limits)
        if package.spine.contains(where: { encrypted.contains($0.item.path) }) {
            throw .encrypted("the book's content is DRM-encrypted")
        }

        let chapterPaths = Set(package.spine.map { $0.item.path })
        // Linear chapters first; the ones the spine marks non-linear (notes,
        // answers) follow, so nothing is lost.
        let ordered = package.spine.filter { $0.linear } + package.spine.filter { !$0.linear }
        let collector = DocumentCollector()
        var assetNames: [String: String] = [:]
        var assets: [Asset] = []
        var metadata = package.metadata
        metadata.pageCount = nil

        // One reading context for the whole book keeps embedded image names
        // unique; each chapter only changes the folder links resolve from.
        let context = HTMLReadingContext(dropsBoilerplate: false, readsMetadata: false)
        context.keepsElementIDs = true
        var folder = ""
        // Links name the same few files over and over: each is resolved
        // once per chapter folder.
        var linkedParts: [String: String] = [:]
        context.resolveLink = { destination in
            Self.resolveLink(destination, chapters: chapterPaths) { part in
                if let path = linkedParts[part] { return path }
                let path = OPCPackage.resolve(part, from: folder)
                linkedParts[part] = path
                return path
            }
        }
        let readsImageBytes = input.options.readsImageBytes
        context.resolveImage = { source in
            // The byte test first: most sources have no colon at all.
            guard !source.utf8.contains(UInt8(ascii: ":")) || !source.contains(":") else { return nil }
            let path = OPCPackage.resolve(EPUBPackage.withoutFragment(source), from: folder)
            if let name = assetNames[path] { return name }
            guard let entry = archive.entry(named: path) else { return nil }
            let bytes: [UInt8]
            if readsImageBytes {
                guard let read = try? archive.read(entry) else { return nil }
                bytes = read
            } else {
                // Unread, an image is refused only for what its entry says.
                guard (try? archive.checkDeclared(entry)) != nil else { return nil }
                bytes = []
            }
            var name = path.split(separator: "/").last.map(String.init) ?? "image"
            if assets.contains(where: { $0.name == name }) { name = "\(assets.count + 1)-" + name }
            assets.append(Asset(name: name, mediaType: MediaType.forFileName(name), bytes: bytes))
            assetNames[path] = name
            return name
        }

        for (chapter, _) in ordered {
            try input.deadline.check()
            guard archive.contains(chapter.path) else { continue }
            folder = OPCPackage.folder(of: chapter.path)
            linkedParts.removeAll(keepingCapacity: true)
            try collector.append(.paragraph([.anchor(Self.chapterAnchor(chapter.path))]))
            try HTMLConverter.convert(
                try archive.read(chapter.path), limits: input.limits, deadline: input.deadline,
                context: context, into: collector)
        }

        var document = collector.document
        document.metadata = metadata
        document.assets += assets
        try sink.append(contentsOf: AnchorCleanup.apply(to: document))
    }

    /// `chapter2.xhtml#note3` → `#note3`; `chapter2.xhtml` → the chapter's
    /// own anchor; other links stay as written. `resolve` turns the part a
    /// link names (without its fragment) into an archive path.
    static func resolveLink(
        _ destination: String, chapters: Set<String>, resolve: (String) -> String
    ) -> String? {
        if destination.hasPrefix("#") { return destination }
        // Links are nearly always ASCII, where bytes can be searched in
        // place of characters.
        let ascii = destination.hasSingleByteCharacters
        if destination.containsUTF8("://") || destination.hasPrefix("mailto:") { return nil }
        let hashIndex = ascii ? destination.utf8.firstIndex(of: UInt8(ascii: "#")) : destination.firstIndex(of: "#")
        let path = resolve(hashIndex.map { String(destination[..<$0]) } ?? destination)
        guard chapters.contains(path) else { return nil }
        if let hash = hashIndex {
            let fragment = destination[destination.index(after: hash)...]
            if !fragment.isEmpty { return "#" + fragment }
        }
        return "#" + chapterAnchor(path)
    }

    /// An anchor for the start of a chapter, from its file name.
    static func chapterAnchor(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSingleByteCharacters {
            return "chapter-" + String(decoding: name.utf8.map { $0.isASCIILetterOrDigit ? $0 : UInt8(ascii: "-") }, as: UTF8.self)
        }
        return "chapter-" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
