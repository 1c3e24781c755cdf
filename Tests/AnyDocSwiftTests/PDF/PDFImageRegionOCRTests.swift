import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

/// Images of text on pages that have a text layer: the fixtures from
/// Scripts/make-ocr-scan-fixtures.py hold a paragraph of Helvetica and a
/// scanned receipt, or a noise "photo", below it.
@Suite("PDF image region OCR")
struct PDFImageRegionOCRTests {
    static let receiptWords = ["CORNER", "BAKERY", "croissant", "TOTAL", "12.50"]

    static func markdown(_ file: String, ocr mode: ConversionOptions.OCRMode = .auto) throws -> String {
        var options = ConversionOptions()
        options.ocrMode = mode
        return try AnyDocConverter(options: options).markdown(Corpus.testDocument("pdf/\(file)"), fileName: file)
    }

    @Test("The words of an image of text come out after the text layer")
    func imageOfTextIsRead() throws {
        let markdown = try Self.markdown("text-with-receipt-image.pdf")
        let paragraph = try #require(markdown.range(of: "expense report below"))
        for word in Self.receiptWords {
            let found = try #require(markdown.range(of: word), "\(word) missing from: \(markdown)")
            #expect(found.lowerBound > paragraph.upperBound)
        }
    }

    @Test("--ocr never leaves images alone")
    func neverSkipsRegions() throws {
        let markdown = try Self.markdown("text-with-receipt-image.pdf", ocr: .never)
        #expect(markdown.contains("expense report below"))
        for word in Self.receiptWords { #expect(!markdown.contains(word)) }
    }

    @Test("A photo adds nothing")
    func photoAddsNothing() throws {
        let markdown = try Self.markdown("text-with-photo.pdf")
        let never = try Self.markdown("text-with-photo.pdf", ocr: .never)
        #expect(markdown == never)
    }

    @Test("Images are looked for only in files that name an image XObject")
    func imageXObjectNames() throws {
        func mayExist(_ text: String) -> Bool { PDFImageXObjects.mayExist(in: Array(text.utf8)) }
        #expect(mayExist("<< /Type /XObject /Subtype /Image /Width 10 >>"))
        #expect(mayExist("<</Subtype/Image/Width 10>>"))
        #expect(mayExist("/Subtype\n/Image\r\n"))
        #expect(mayExist("/Subtype /Image"))
        #expect(!mayExist("/ProcSet [/PDF /Text /ImageB /ImageC /ImageI]"))
        #expect(!mayExist("/Images /Imagery (Image) Image"))
        #expect(!mayExist(""))
        for file in ["text-with-receipt-image.pdf", "text-with-photo.pdf"] {
            #expect(PDFImageXObjects.mayExist(in: try Corpus.testDocument("pdf/\(file)")))
        }
        #expect(!PDFImageXObjects.mayExist(in: try Corpus.testDocument("pdf/headings.pdf")))
    }

    @Test("The image-name scan agrees with a plain search on random bytes")
    func imageXObjectNamesAgainstReference() {
        let pieces: [[UInt8]] = ["/Image", "/ImageB", "/Imag", "Image", "/", " ", "\n", "[", "]", ">>", "(", "%", "e", "/I"]
            .map { Array($0.utf8) } + [[0], [0x80]]
        let delimiters = Set(" \t\n\r\u{0C}\u{0}()<>[]{}/%".utf8)
        func reference(_ bytes: [UInt8]) -> Bool {
            let name = Array("/Image".utf8)
            guard bytes.count >= name.count else { return false }
            return (0...(bytes.count - name.count)).contains { start in
                Array(bytes[start..<start + name.count]) == name
                    && (start + name.count == bytes.count || delimiters.contains(bytes[start + name.count]))
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...12, using: &generator)
            let bytes = (0..<count).flatMap { _ in pieces.randomElement(using: &generator)! }
            #expect(PDFImageXObjects.mayExist(in: bytes) == reference(bytes), "\(bytes)")
        }
    }

    /// One page drawing an 8×8 gray inline image over most of the page,
    /// in an uncompressed content stream: no `/Image` name anywhere.
    static func inlineImageScan() -> [UInt8] {
        let pixels = String(repeating: "0F", count: 64)
        let content = "q 500 0 0 700 50 50 cm BI /W 8 /H 8 /BPC 8 /CS /G /F /AHx ID \(pixels)> EI Q"
        return MinimalPDF.bytes(objects: [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>",
            "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ])
    }

    @Test("A scan drawn as an inline image is still found without an image name in the file")
    func inlineImageScanIsFound() throws {
        let bytes = Self.inlineImageScan()
        #expect(!PDFImageXObjects.mayExist(in: bytes))
        var options = ConversionOptions()
        options.ocrMode = .never
        let result = try AnyDocConverter(options: options).document(bytes, fileName: "inline.pdf")
        #expect(result.warnings.contains("page 1 has no text layer and OCR is off, so it is blank"))
    }

    @Test("Only large images without text-layer characters are candidates")
    func candidates() {
        let page = (width: 595.0, height: 842.0)
        let large = PDFRect(minX: 100, minY: 100, maxX: 400, maxY: 300)
        let icon = PDFRect(minX: 10, minY: 10, maxX: 60, maxY: 60)
        let captioned = PDFRect(minX: 100, minY: 400, maxX: 400, maxY: 600)
        let character = PDFCharacter(scalar: "a", box: PDFRect(minX: 200, minY: 500, maxX: 206, maxY: 510), style: 0)
        let regions = PDFImageRegions.candidates(
            images: [icon, captioned, large], characters: [character], width: page.width, height: page.height)
        #expect(regions == [large])
    }

    @Test("A huge region is rendered below the pixel limit, a normal one at the asked resolution")
    func regionResolution() {
        #expect(PDFRegionOCR.dpi(for: PDFRect(minX: 0, minY: 0, maxX: 595, maxY: 842), asked: 300) == 300)
        let poster = PDFRect(minX: 0, minY: 0, maxX: 5000, maxY: 5000)
        let dpi = PDFRegionOCR.dpi(for: poster, asked: 300)
        #expect(dpi < 300 && 5000 * 5000 * Double(dpi * dpi) / (72 * 72) <= 50_000_000)
    }

    @Test("Text is light with many small dark marks; flat gray is not")
    func textLikeness() throws {
        var pixels = [UInt8](repeating: 250, count: 200 * 100)
        for mark in 0..<40 {
            let (x, y) = (10 + (mark % 10) * 18, 20 + (mark / 10) * 20)
            for dy in 0..<8 { for dx in 0..<5 { pixels[(y + dy) * 200 + x + dx] = 20 } }
        }
        let text = try #require(GrayImage(width: 200, height: 100, pixels: pixels, resolution: 60))
        #expect(PDFTextLikeness.looksLikeText(text))
        let gray = try #require(GrayImage(width: 200, height: 100, pixels: .init(repeating: 128, count: 200 * 100), resolution: 60))
        #expect(!PDFTextLikeness.looksLikeText(gray))
    }
}
