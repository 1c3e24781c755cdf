/// What every part of a Word document is read against: styles, list
/// counters, the part's relationships, the options, and the images
/// collected so far.
final class WordDocumentContext {
    let package: OPCPackage
    let styles: WordStyles
    @exclusivity(unchecked)
    var numbering: WordNumbering
    let options: ConversionOptions
    let deadline: Deadline
    @exclusivity(unchecked)
    private var images: ImageAssets
    var assets: [Asset] { images.assets }
    /// What was skipped without failing the document, in the order met.
    @exclusivity(unchecked)
    var warnings: [String] = []

    init(package: OPCPackage, styles: WordStyles, numbering: WordNumbering, options: ConversionOptions, deadline: Deadline) {
        self.package = package
        self.styles = styles
        self.numbering = numbering
        self.options = options
        self.deadline = deadline
        images = ImageAssets(readsBytes: options.readsImageBytes)
    }

    /// The asset name for an embedded image part, taking it in the first
    /// time; nil when the part is missing or over the asset budget.
    func asset(forPart part: String) -> String? {
        images.name(forPart: part, in: package.archive)
    }

    /// An embedded OLE object's name line, and its content when the
    /// options ask for it.
    func embeddedObjectBlocks(_ object: EmbeddedObject.Found) -> [Block] {
        let (blocks, warning) = EmbeddedObject.blocks(for: object, package: package, options: options, deadline: deadline)
        if let warning { warnings.append(warning) }
        return blocks
    }
}
