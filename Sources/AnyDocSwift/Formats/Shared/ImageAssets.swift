/// The pictures a packaged document embeds, kept as assets as the
/// converter meets them: each part once, named after its file (numbered
/// when a name repeats), up to a byte budget per document, past which
/// pictures keep their alternative text only.
///
/// When the caller will not write the bytes (`readsBytes` false) they are
/// never inflated: the asset keeps its name, so the Markdown is the same,
/// the entry's declared facts are checked as a read would, and its
/// declared size counts against the budget.
struct ImageAssets {
    /// Bytes of pictures kept per document.
    static let maxBytes = 128 << 20

    let readsBytes: Bool
    private(set) var assets: [Asset] = []
    private var namesByPart: [String: String] = [:]
    private var usedNames: Set<String> = []
    private var budgetUsed = 0

    init(readsBytes: Bool) {
        self.readsBytes = readsBytes
    }

    /// The name `part` was given, if it was taken in already.
    func existingName(forPart part: String) -> String? { namesByPart[part] }

    /// The asset name for the picture `part` of `archive`, taking it in
    /// the first time; nil when the part is missing, unreadable or over
    /// the budget.
    mutating func name(forPart part: String, in archive: ZipArchive, mediaType: String? = nil) -> String? {
        if let name = namesByPart[part] { return name }
        guard let entry = archive.entry(named: part), !entry.isDirectory else { return nil }
        let bytes: [UInt8]
        let size: Int
        if readsBytes {
            guard let read = try? archive.read(entry) else { return nil }
            bytes = read
            size = read.count
        } else {
            guard (try? archive.checkDeclared(entry)) != nil else { return nil }
            bytes = []
            size = max(entry.declaredSize, 0)
        }
        guard budgetUsed + size <= Self.maxBytes else { return nil }
        budgetUsed += size
        let fileName = part.split(separator: "/").last.map(String.init) ?? "image"
        var name = fileName
        if usedNames.contains(name) { name = "\(assets.count + 1)-" + name }
        usedNames.insert(name)
        assets.append(Asset(name: name, mediaType: mediaType ?? MediaType.forFileName(fileName), bytes: bytes))
        namesByPart[part] = name
        return name
    }
}
