/// The OpenDocument namespace URIs the readers match names against.
enum ODFNamespace {
    static let office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
    static let style = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
    static let text = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
    static let table = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
    static let drawing = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
    static let formatting = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
    static let svg = "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
    static let presentation = "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"
    static let meta = "urn:oasis:names:tc:opendocument:xmlns:meta:1.0"
    static let number = "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"
    static let manifest = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
    static let xlink = "http://www.w3.org/1999/xlink"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let xml = "http://www.w3.org/XML/1998/namespace"
    static let mathML = "http://www.w3.org/1998/Math/MathML"
    /// LibreOffice's own namespace, where older versions put slide comments.
    static let openOffice2009 = "http://openoffice.org/2009/office"
}
