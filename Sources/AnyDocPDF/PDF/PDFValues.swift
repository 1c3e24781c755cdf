internal import AnyDocSwift
/// Plain values that the Poppler wrapper hands out: converters work with
/// these and never see a C pointer.

/// A rectangle in points with the origin at the page's top-left corner
/// and y growing downwards, as text is laid out on the displayed page.
struct PDFRect: Sendable, Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = min(minX, maxX)
        self.minY = min(minY, maxY)
        self.maxX = max(minX, maxX)
        self.maxY = max(minY, maxY)
    }

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var midX: Double { (minX + maxX) / 2 }
    var midY: Double { (minY + maxY) / 2 }
    var area: Double { width * height }

    func union(_ other: PDFRect) -> PDFRect {
        PDFRect(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
                maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    func contains(x: Double, y: Double, tolerance: Double = 0) -> Bool {
        x >= minX - tolerance && x <= maxX + tolerance && y >= minY - tolerance && y <= maxY + tolerance
    }

    /// The part of `other` that overlaps this rectangle, as an area.
    func intersectionArea(_ other: PDFRect) -> Double {
        let w = Swift.min(maxX, other.maxX) - Swift.max(minX, other.minX)
        let h = Swift.min(maxY, other.maxY) - Swift.max(minY, other.minY)
        return w > 0 && h > 0 ? w * h : 0
    }
}

/// Font facts for a run of text. Bold and italic are read from the font
/// name, which is all a PDF reliably says about weight and slant.
struct PDFTextStyle: Sendable, Equatable, Hashable {
    var fontName: String
    var fontSize: Double
    var isBold: Bool
    var isItalic: Bool
    var isUnderlined: Bool

    init(fontName: String, fontSize: Double, isUnderlined: Bool = false) {
        self.fontName = fontName
        self.fontSize = fontSize.isFinite ? fontSize : 0
        self.isUnderlined = isUnderlined
        (isBold, isItalic) = PDFTextStyle.weightAndSlant(of: fontName)
    }

    /// Bold and italic from names such as `Arial-BoldItalicMT`,
    /// `NimbusRomNo9L-Medi`, `CMBX12` or `MinionPro-It`.
    static func weightAndSlant(of fontName: String) -> (bold: Bool, italic: Bool) {
        // A subset prefix ("ABCDEF+") says nothing about the face.
        var name = Substring(fontName)
        if let plus = name.firstIndex(of: "+"), name.distance(from: name.startIndex, to: plus) == 6 {
            name = name[name.index(after: plus)...]
        }
        let lower = name.lowercased()
        let bold = ["bold", "black", "heavy", "semibold", "demibold", "extrabold", "ultrabold"].contains { lower.containsUTF8($0) }
            || lower.hasSuffix("-medi") || lower.containsUTF8("-mediital") || lower.hasSuffix(",bold")
        let italic = ["italic", "oblique", "ital"].contains { lower.containsUTF8($0) }
            || lower.hasSuffix("-it") || lower.hasSuffix("-boldit")
        // TeX's Computer Modern and EC names: CMBX10, SFBX1000, CMTI10, SFSL1000, SFBI1000.
        let tex = texWeightAndSlant(lower)
        return (bold || tex.bold, italic || tex.italic)
    }

    private static func texWeightAndSlant(_ name: String) -> (bold: Bool, italic: Bool) {
        guard ["cm", "sf", "ec", "tc", "lm"].contains(where: { name.hasPrefix($0) }) else { return (false, false) }
        let shape = name.dropFirst(2).prefix { $0.isLetter }
        let bold = shape.containsUTF8("bx") || shape == "b" || shape == "bi"
        let italic = shape.hasSuffix("ti") || shape.hasSuffix("sl") || shape.hasSuffix("it") || shape == "bi" || shape == "si"
        return (bold, italic)
    }
}

/// One character of a page's text layer with its box on the page.
struct PDFCharacter: Sendable, Equatable {
    var scalar: Unicode.Scalar
    var box: PDFRect
    /// Index into `PDFTextLayout.styles`.
    var style: Int32
}

/// A page's text as Poppler reads it: characters in Poppler's order,
/// words separated by spaces and lines by newlines, each with its box.
struct PDFTextLayout: Sendable {
    var characters: [PDFCharacter]
    var styles: [PDFTextStyle]

    static let empty = PDFTextLayout(characters: [], styles: [])
}

/// Where a link on a page leads.
enum PDFLinkTarget: Sendable, Equatable {
    case uri(String)
    /// A page of this document, 1-based.
    case page(Int)
}

/// A link annotation: the area it covers and its target.
struct PDFLink: Sendable, Equatable {
    var area: PDFRect
    var target: PDFLinkTarget
}

/// An entry of the document outline (bookmarks).
struct PDFOutlineEntry: Sendable, Equatable {
    var title: String
    /// 1-based, when the entry points into this document.
    var page: Int?
    /// 0 for top-level entries.
    var depth: Int
}

/// The document information dictionary.
struct PDFDocumentInfo: Sendable, Equatable {
    var title: String?
    var author: String?
    var subject: String?
    var keywords: String?
    var creator: String?
    var producer: String?
    /// ISO 8601.
    var created: String?
    var modified: String?
}
