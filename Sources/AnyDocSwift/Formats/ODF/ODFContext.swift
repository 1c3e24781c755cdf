/// What all content of one OpenDocument package is read against: its
/// styles, the list counters, the options, and the notes and pictures
/// collected so far.
final class ODFContext {
    let package: ODFPackage
    let styles: ODFStyles
    let options: ConversionOptions
    let deadline: Deadline
    @exclusivity(unchecked)
    var numbering = ODFListNumbering()
    /// Footnotes, endnotes and comments, in the order they were read.
    @exclusivity(unchecked)
    private(set) var notes: [FootnoteDefinition] = []
    @exclusivity(unchecked)
    private var images: ImageAssets
    var assets: [Asset] { images.assets }
    @exclusivity(unchecked)
    private var assetsTaken = 0
    @exclusivity(unchecked)
    private var noteCounter = 0
    /// Deleted text of tracked changes by change id, kept only when
    /// deletions are shown.
    @exclusivity(unchecked)
    var deletions: [String: [Inline]] = [:]
    /// While set, content is read only to see whether it is empty: notes
    /// are not kept and pictures not loaded (a spreadsheet's first pass).
    @exclusivity(unchecked)
    var isScanning = false
    /// Cells written into tables so far, against `Limits.maxTableCells`.
    @exclusivity(unchecked)
    private var tableCells = 0

    init(package: ODFPackage, styles: ODFStyles, options: ConversionOptions, deadline: Deadline) {
        self.package = package
        self.styles = styles
        self.options = options
        self.deadline = deadline
        images = ImageAssets(readsBytes: options.readsImageBytes)
    }

    /// A new label for a note of `kind` (`fn`, `en`, `cm`).
    func nextNoteLabel(_ kind: String) -> String {
        noteCounter += 1
        return kind + String(noteCounter)
    }

    func addNote(_ note: FootnoteDefinition) {
        guard !isScanning else { return }
        notes.append(note)
    }

    /// Notes added since the last call, for converters that stream.
    func takeNotes() -> [FootnoteDefinition] {
        defer { notes.removeAll() }
        return notes
    }

    /// Assets added since the last call, for converters that stream.
    func takeNewAssets() -> [Asset] {
        defer { assetsTaken = assets.count }
        return Array(assets[assetsTaken...])
    }

    /// The asset name for a picture in the package, reading its bytes the
    /// first time; nil when the part is missing, not a picture format, or
    /// over the asset budget.
    func asset(forPart part: String) -> String? {
        if let name = images.existingName(forPart: part) { return name }
        let fileName = part.split(separator: "/").last.map(String.init) ?? "image"
        let mediaType = MediaType.forFileName(fileName)
        guard mediaType.hasPrefix("image/"), package.contains(part) else { return nil }
        if isScanning { return fileName }
        return images.name(forPart: part, in: package.archive, mediaType: mediaType)
    }

    /// The LaTeX of the formula in an embedded object (`Object 1/…`),
    /// or nil when the object is no formula or cannot be read.
    func formula(inObject folder: String) -> String? {
        let trimmed = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let part = trimmed + "/content.xml"
        // Charts and drawings are far more common than formulas, and
        // their content is large: the manifest tells them apart unread.
        if let type = package.manifestMediaType(of: trimmed + "/"), !type.hasSuffix(".formula") { return nil }
        guard package.contains(part), let reader = try? package.xmlReader(for: part) else { return nil }
        do {
            while try reader.read() {
                guard reader.kind == .startElement else { continue }
                if reader.isElement("math", in: ODFNamespace.mathML) {
                    let latex = ODFMathML.latex(try reader.readElement())
                    return latex.isEmpty ? nil : latex
                }
                // Office wrappers lead to the formula; anything else (a
                // chart, a drawing) is no formula.
                if reader.namespace != ODFNamespace.office { return nil }
            }
        } catch {
            return nil
        }
        return nil
    }

    /// Counts `count` more table cells and refuses past the limit.
    func countTableCells(_ count: Int) throws(ConversionError) {
        guard !isScanning else { return }
        tableCells += count
        if tableCells > options.limits.maxTableCells {
            throw .resourceLimit("the document has more than \(options.limits.maxTableCells) table cells")
        }
    }
}
