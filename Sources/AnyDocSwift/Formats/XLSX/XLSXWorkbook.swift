/// The workbook part (`xl/workbook.xml`): sheets in tab order with their
/// names, visibility and parts, the date system, and the parts every sheet
/// shares.
struct XLSXWorkbook {
    struct Sheet: Equatable {
        enum Kind: Equatable {
            case worksheet
            /// Chart sheets, dialog sheets and macro sheets hold no cells to show.
            case other
        }

        var name: String
        var isHidden: Bool
        var kind: Kind
        /// The sheet's part, when its relationship resolves to one.
        var part: String?
    }

    var sheets: [Sheet] = []
    /// Serials count from 1904-01-01 instead of 1900-01-00.
    var date1904 = false
    var sharedStringsPart: String?
    var stylesPart: String?

    static func read(from package: OPCPackage, part: String) throws(ConversionError) -> XLSXWorkbook {
        var workbook = XLSXWorkbook()
        let relationships = try package.relationships(of: part)
        let byID = Dictionary(relationships.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func target(_ kind: String) -> String? {
            relationships.first { $0.hasType(kind) && !$0.isExternal && package.contains($0.target) }?.target
        }
        workbook.sharedStringsPart = target("sharedStrings")
        workbook.stylesPart = target("styles")

        let reader = try package.xmlReader(for: part)
        while try reader.read() {
            guard reader.kind == .startElement, reader.namespace == OOXMLNamespace.spreadsheet else { continue }
            switch reader.localName {
            case "workbookPr":
                let value = reader.attribute("date1904")?.lowercased()
                workbook.date1904 = value == "1" || value == "true"
            case "sheet":
                var name = ""
                var state = ""
                var id: String?
                for attribute in reader.attributes() {
                    switch (attribute.namespace, attribute.name) {
                    case ("", "name"): name = attribute.value
                    case ("", "state"): state = attribute.value
                    case (OOXMLNamespace.relationships, "id"): id = attribute.value
                    default: break
                    }
                }
                let relationship = id.flatMap { byID[$0] }
                // A sheet whose relationship is missing counts as a worksheet
                // without a part, so it is reported rather than silently lost.
                let isWorksheet = relationship?.hasType("worksheet") ?? true
                let sheetPart = relationship.flatMap { $0.isExternal ? nil : $0.target }
                workbook.sheets.append(Sheet(
                    name: name, isHidden: state == "hidden" || state == "veryHidden",
                    kind: isWorksheet ? .worksheet : .other, part: sheetPart))
            case "definedNames", "calcPr", "extLst":
                try reader.skipElement()
            default:
                break
            }
        }
        return workbook
    }
}
