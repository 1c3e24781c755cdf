/// Namespace URIs of Office Open XML, by their Transitional names.
/// Strict documents use other URIs for the same vocabularies; `aliases`
/// maps those so that converters match one set.
enum OOXMLNamespace {
    static let wordprocessing = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    static let spreadsheet = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    static let presentation = "http://schemas.openxmlformats.org/presentationml/2006/main"
    static let drawing = "http://schemas.openxmlformats.org/drawingml/2006/main"
    static let wordDrawing = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
    static let picture = "http://schemas.openxmlformats.org/drawingml/2006/picture"
    static let chart = "http://schemas.openxmlformats.org/drawingml/2006/chart"
    static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let math = "http://schemas.openxmlformats.org/officeDocument/2006/math"
    /// SmartArt data (`dgm:`).
    static let diagram = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
    /// VML's Office extensions (`o:`), where Word's OLE objects sit.
    static let office = "urn:schemas-microsoft-com:office:office"
    static let markupCompatibility = "http://schemas.openxmlformats.org/markup-compatibility/2006"
    static let vml = "urn:schemas-microsoft-com:vml"
    static let wordprocessingShape = "http://schemas.microsoft.com/office/word/2010/wordprocessingShape"
    static let packageRelationships = "http://schemas.openxmlformats.org/package/2006/relationships"
    static let contentTypes = "http://schemas.openxmlformats.org/package/2006/content-types"
    static let coreProperties = "http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let dublinCoreTerms = "http://purl.org/dc/terms/"

    static let aliases = XMLNamespaceAliases([
        "http://purl.oclc.org/ooxml/wordprocessingml/main": wordprocessing,
        "http://purl.oclc.org/ooxml/spreadsheetml/main": spreadsheet,
        "http://purl.oclc.org/ooxml/presentationml/main": presentation,
        "http://purl.oclc.org/ooxml/drawingml/main": drawing,
        "http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing": wordDrawing,
        "http://purl.oclc.org/ooxml/drawingml/picture": picture,
        "http://purl.oclc.org/ooxml/drawingml/chart": chart,
        "http://purl.oclc.org/ooxml/officeDocument/relationships": relationships,
        "http://purl.oclc.org/ooxml/officeDocument/math": math,
        "http://purl.oclc.org/ooxml/drawingml/diagram": diagram,
    ], interning: [
        markupCompatibility, vml, office, wordprocessingShape, packageRelationships, contentTypes, coreProperties,
        dublinCore, dublinCoreTerms,
    ])
}
