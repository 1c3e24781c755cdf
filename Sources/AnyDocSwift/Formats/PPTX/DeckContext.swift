/// What every slide of a deck is read against: the package, the options,
/// the layout styles and the images collected so far.
final class DeckContext {
    let package: OPCPackage
    let options: ConversionOptions
    let deadline: Deadline
    let styles: SlideStyleCache
    let layoutText = LayoutShapeText()
    @exclusivity(unchecked)
    private var images: ImageAssets
    var assets: [Asset] { images.assets }
    @exclusivity(unchecked)
    private var reportedAssets = 0
    /// What was skipped on the slide being read, for its warnings.
    @exclusivity(unchecked)
    private var pendingWarnings: [String] = []
    @exclusivity(unchecked)
    private var tableCells = 0

    var limits: Limits { options.limits }

    init(package: OPCPackage, options: ConversionOptions, deadline: Deadline) {
        self.package = package
        self.options = options
        self.deadline = deadline
        styles = SlideStyleCache(package: package)
        images = ImageAssets(readsBytes: options.readsImageBytes)
    }

    /// The asset name for an embedded image part, taking it in the first
    /// time; nil when the part is missing or over the asset budget.
    func asset(forPart part: String) -> String? {
        images.name(forPart: part, in: package.archive)
    }

    /// The assets found since the last call, to hand to the sink before
    /// the blocks that show them.
    func takeNewAssets() -> ArraySlice<Asset> {
        defer { reportedAssets = assets.count }
        return assets[reportedAssets...]
    }

    /// An embedded OLE object's name line, and its content when the
    /// options ask for it.
    func embeddedObjectBlocks(_ object: EmbeddedObject.Found) -> [Block] {
        let (blocks, warning) = EmbeddedObject.blocks(for: object, package: package, options: options, deadline: deadline)
        if let warning { pendingWarnings.append(warning) }
        return blocks
    }

    /// The warnings noted since the last call.
    func takeWarnings() -> [String] {
        defer { pendingWarnings = [] }
        return pendingWarnings
    }

    /// Counts table cells against the deck's limit.
    func countTableCells(_ count: Int) throws(ConversionError) {
        tableCells += count
        if tableCells > limits.maxTableCells {
            throw .resourceLimit("the deck has more than \(limits.maxTableCells) table cells")
        }
    }
}
