import Foundation
import Testing
@testable import AnyDocSwift

/// PDFs saved from the web often start with an HTML error page; PDF
/// readers find the header within the first 1 KiB, and so must detection.
@Suite struct JunkBeforePDFTests {
    private let errorPage = Array("""
        <!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>
        <body><script>window.location.reload();</script></body></html>
        """.utf8)

    @Test func htmlInFrontOfAPDFIsAPDF() throws {
        let pdf = try Corpus.testDocument("pdf/headings.pdf")
        let bytes = errorPage + pdf
        let detected = FormatDetector.detect(bytes, fileName: "article.pdf")
        #expect(detected.format == .pdf)
        #expect(detected.fallback == .html)
        let markdown = try AnyDocConverter().markdown(bytes, fileName: "article.pdf")
        #expect(markdown.contains("# Annual Field Report"))
    }

    /// Prose that quotes a header has no PDF body after it.
    @Test func quotedHeaderStaysText() {
        #expect(FormatDetector.detect(Array("The header line %PDF-1.7 starts every PDF.\n".utf8), fileName: nil).format == .txt)
    }

    /// A format that yields no text is retried as the other candidate:
    /// here the PDF body is too short to be found as one by its trailer,
    /// so HTML is tried first and the PDF second.
    @Test func emptyFirstReadingIsRetried() throws {
        var pdf = try Corpus.testDocument("pdf/headings.pdf")
        // Cut the trailer off: detection then calls it HTML with a PDF fallback.
        let trailer = Array("startxref".utf8)
        if let cut = (0..<(pdf.count - trailer.count)).last(where: { Array(pdf[$0..<($0 + trailer.count)]) == trailer }) {
            pdf = Array(pdf[..<cut])
        }
        let bytes = errorPage + pdf
        let detected = FormatDetector.detect(bytes, fileName: nil)
        #expect(detected.format == .html)
        #expect(detected.fallback == .pdf)
        let document = try AnyDocConverter().document(bytes)
        #expect(document.blocks.contains { $0.containsText })
        #expect(!document.foundNoText)
    }
}
