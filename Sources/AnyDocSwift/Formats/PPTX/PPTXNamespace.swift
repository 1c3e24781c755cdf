/// Namespace URIs that slides use besides the shared OOXML ones.
enum PPTXNamespace {
    static let presentation = OOXMLNamespace.presentation
    static let drawing = OOXMLNamespace.drawing
    static let relationships = OOXMLNamespace.relationships
    static let chart = OOXMLNamespace.chart
    static let markupCompatibility = OOXMLNamespace.markupCompatibility
    static let math = OOXMLNamespace.math
    /// SmartArt data (`dgm:`), Transitional and Strict.
    static let diagram: Set<String> = [
        "http://schemas.openxmlformats.org/drawingml/2006/diagram",
        "http://purl.oclc.org/ooxml/drawingml/diagram",
    ]
    /// SmartArt's laid-out drawing (`dsp:`).
    static let diagramDrawing = "http://schemas.microsoft.com/office/drawing/2008/diagram"
    /// Office 2010 drawing extensions (`a14:`), where equations live.
    static let drawing2010 = "http://schemas.microsoft.com/office/drawing/2010/main"
}
