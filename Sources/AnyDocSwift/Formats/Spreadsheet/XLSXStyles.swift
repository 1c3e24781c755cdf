/// The number formats of a workbook's cell styles (`styles.xml`): each
/// cell's `s` indexes `cellXfs`, whose `numFmtId` is a built-in format or
/// one of `numFmts`. Formats are compiled once, on first use.
final class XLSXStyles {
    @exclusivity(unchecked)
    private var formatIDs: [Int] = []
    @exclusivity(unchecked)
    private var customCodes: [Int: String] = [:]
    @exclusivity(unchecked)
    private var compiledByID: [Int: ExcelNumberFormat] = [:]
    @exclusivity(unchecked)
    private var compiledByStyle: [ExcelNumberFormat?] = []

    /// Excel allows 255 characters; longer codes are treated as `General`
    /// rather than parsed.
    static let maxCodeLength = 1_000

    init() {}

    /// The styles of a binary workbook (XLS, XLSB): the format id of each
    /// cell style in order, and the codes the file defines by id.
    init(formatIDs: [Int], customCodes: [Int: String]) {
        self.formatIDs = formatIDs
        self.customCodes = customCodes
        compiledByStyle = Array(repeating: nil, count: formatIDs.count)
    }

    /// The format of cell style `index`; `General` for unknown styles.
    func format(forStyle index: Int) -> ExcelNumberFormat {
        guard index >= 0, index < formatIDs.count else { return .general }
        if let format = compiledByStyle[index] { return format }
        let format = format(forID: formatIDs[index])
        compiledByStyle[index] = format
        return format
    }

    func format(forID id: Int) -> ExcelNumberFormat {
        if let format = compiledByID[id] { return format }
        var code = customCodes[id] ?? ExcelBuiltInFormats.code(for: id) ?? "General"
        if code.unicodeScalars.count > Self.maxCodeLength { code = "General" }
        let format = ExcelNumberFormat(code: code)
        compiledByID[id] = format
        return format
    }

    /// The children of `styleSheet` that `read` looks at.
    static let readParts: Set<String> = ["numFmts", "cellXfs"]

    static func read(from reader: XMLReader) throws(ConversionError) -> XLSXStyles {
        let styles = XLSXStyles()
        // Only direct children count: `dxf` and `cellStyleXfs` hold formats
        // and `xf`s that cells do not use.
        var container: (name: String, depth: Int)?
        while try reader.read() {
            if reader.kind == .endElement, let open = container, reader.depth == open.depth {
                container = nil
                continue
            }
            guard reader.kind == .startElement, reader.namespace == OOXMLNamespace.spreadsheet else { continue }
            let name = reader.localName
            if let open = container {
                guard reader.depth == open.depth + 1 else { continue }
                if open.name == "numFmts", name == "numFmt",
                   let id = reader.attribute("numFmtId").flatMap({ Int($0) }), let code = reader.attribute("formatCode") {
                    styles.customCodes[id] = code
                } else if open.name == "cellXfs", name == "xf" {
                    styles.formatIDs.append(reader.attribute("numFmtId").flatMap { Int($0) } ?? 0)
                }
            } else if (name == "numFmts" || name == "cellXfs"), reader.depth == 1, !reader.isEmptyElement {
                container = (name, reader.depth)
            }
        }
        styles.compiledByStyle = Array(repeating: nil, count: styles.formatIDs.count)
        return styles
    }
}
