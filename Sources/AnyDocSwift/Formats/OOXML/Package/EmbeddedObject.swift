/// An OLE object a Word document or a slide embeds (a workbook, a
/// document, an equation of an old editor): named by the program that
/// made it, so that it leaves a trace, and, when the options ask and it
/// carries an Office package, followed by that package's content.
enum EmbeddedObject {
    /// What a reader found about one object.
    struct Found {
        /// The OLE program id, such as `Excel.Sheet.12`.
        var progID: String?
        /// The name the document gives the object, if any.
        var name: String?
        /// The embedded part, when it is in the package.
        var part: String?
    }

    /// The object's line, then its content when `options` ask for it; a
    /// warning says why content that was asked for could not be read.
    static func blocks(
        for object: Found, package: OPCPackage, options: ConversionOptions, deadline: Deadline
    ) -> (blocks: [Block], warning: String?) {
        // `Embedded object: Excel.Sheet.12 (Budget)`; an object without a
        // program id is named by its own name alone.
        let progID = object.progID.flatMap { $0.isEmpty ? nil : $0 }
        let name = object.name?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var line = "Embedded object"
        switch (progID, name.flatMap { $0.isEmpty ? nil : $0 }) {
        case let (progID?, name?): line += ": \(progID) (\(name))"
        case let (progID?, nil): line += ": " + progID
        case let (nil, name?): line += ": " + name
        case (nil, nil): break
        }
        var blocks: [Block] = [.paragraph([.text(line)])]
        guard options.includeEmbeddedObjects, let part = object.part, package.contains(part) else { return (blocks, nil) }
        do throws(ConversionError) {
            let content = try contentBlocks(of: part, package: package, options: options, deadline: deadline)
            if !content.isEmpty { blocks.append(.blockQuote(content)) }
            return (blocks, nil)
        } catch {
            return (blocks, "the embedded object \(part) could not be read: \(error.reason)")
        }
    }

    /// The blocks of an embedded Office package (DOCX, PPTX, XLSX and
    /// their kin); none for other objects (OLE compound files, pictures).
    /// Objects inside it are only named: embedding never recurses.
    private static func contentBlocks(
        of part: String, package: OPCPackage, options: ConversionOptions, deadline: Deadline
    ) throws(ConversionError) -> [Block] {
        let bytes = try package.read(part)
        guard Signatures.isZip(bytes) else { return [] }
        let archive = try ZipArchive(bytes, limits: options.limits)
        guard let detected = PackageDetector.detect(archive), let format = detected.format else { return [] }
        // Office packages only: other ZIP formats are named, not read.
        let entry = FormatRegistry.entry(for: format)
        guard entry.evidence == .officePackage, let converter = entry.builtInConverter else { return [] }
        var nested = options
        nested.includeEmbeddedObjects = false
        let collector = DocumentCollector()
        let input = ConversionInput(
            bytes: bytes, format: format, options: nested, deadline: deadline, fileName: part, container: .zip(archive))
        try converter.convert(input, into: collector)
        return collector.document.blocks
    }
}
