/// What every slide of a deck is read against: the package, the options,
/// the layout styles and the images collected so far.
final class DeckContext {
    let package: OPCPackage
    let options: ConversionOptions
    let deadline: Deadline
    let styles: SlideStyleCache
    private(set) var assets: [Asset] = []
    private var assetNamesByPart: [String: String] = [:]
    private var usedAssetNames: Set<String> = []
    private var assetBytes = 0
    private var reportedAssets = 0
    private var tableCells = 0

    /// Images kept per deck; past this, pictures keep their alt text only.
    static let maxAssetBytes = 128 << 20

    var limits: Limits { options.limits }

    init(package: OPCPackage, options: ConversionOptions, deadline: Deadline) {
        self.package = package
        self.options = options
        self.deadline = deadline
        styles = SlideStyleCache(package: package)
    }

    /// The asset name for an embedded image part, reading its bytes the
    /// first time; nil when the part is missing or over the asset budget.
    func asset(forPart part: String) -> String? {
        if let name = assetNamesByPart[part] { return name }
        guard package.contains(part), let bytes = try? package.read(part),
              assetBytes + bytes.count <= Self.maxAssetBytes else { return nil }
        assetBytes += bytes.count
        var name = part.split(separator: "/").last.map(String.init) ?? "image"
        if usedAssetNames.contains(name) { name = "\(assets.count + 1)-" + name }
        usedAssetNames.insert(name)
        assets.append(Asset(name: name, mediaType: MediaType.forFileName(name), bytes: bytes))
        assetNamesByPart[part] = name
        return name
    }

    /// The assets found since the last call, to hand to the sink before
    /// the blocks that show them.
    func takeNewAssets() -> ArraySlice<Asset> {
        defer { reportedAssets = assets.count }
        return assets[reportedAssets...]
    }

    /// Counts table cells against the deck's limit.
    func countTableCells(_ count: Int) throws(ConversionError) {
        tableCells += count
        if tableCells > limits.maxTableCells {
            throw .resourceLimit("the deck has more than \(limits.maxTableCells) table cells")
        }
    }
}
