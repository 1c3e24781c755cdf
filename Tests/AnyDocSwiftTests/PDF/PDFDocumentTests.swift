import Foundation
import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

/// The Poppler wrapper: opening, errors, outline, text layout, links,
/// images and rendering; and bounds on time for huge page counts.
@Suite struct PDFDocumentTests {
    private func fixture(_ name: String) throws -> PDFDocument {
        try PDFDocument(data: Corpus.testDocument("pdf/\(name).pdf"))
    }

    /// A valid PDF of `count` empty pages.
    static func emptyPages(_ count: Int) -> [UInt8] {
        let kids = (0..<count).map { "\($0 + 3) 0 R" }.joined(separator: " ")
        return MinimalPDF.bytes(objects: [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\(kids)] /Count \(count) /MediaBox [0 0 612 792] >>",
        ] + Array(repeating: "<< /Type /Page /Parent 2 0 R >>", count: count))
    }

    @Test func garbageIsMalformed() {
        do throws(ConversionError) {
            _ = try PDFDocument(data: Array("%PDF-1.7\nnot really a pdf".utf8))
            Issue.record("opened garbage")
        } catch {
            #expect(error.kind == .malformed)
        }
        do throws(ConversionError) {
            _ = try PDFDocument(data: [])
            Issue.record("opened nothing")
        } catch {
            #expect(error.kind == .malformed)
        }
    }

    @Test func pagesSizesAndText() throws {
        let document = try fixture("table")
        #expect(document.pageCount == 2)
        #expect(document.page(at: 2) == nil)
        #expect(document.page(at: -1) == nil)
        let page = try #require(document.page(at: 0))
        #expect(page.number == 1)
        #expect(abs(page.size.width - 595.28) < 0.1 && abs(page.size.height - 841.89) < 0.1)
        let layout = try page.textLayout()
        let text = String(String.UnicodeScalarView(layout.characters.map(\.scalar)))
        #expect(text.hasPrefix("Measurements by site:\n"))
        // Boxes are in top-left coordinates and inside the page.
        let first = try #require(layout.characters.first)
        #expect(first.box.minX >= 71 && first.box.minX < 74)
        #expect(first.box.maxY > 80 && first.box.maxY < 95)
        #expect(layout.styles.contains { $0.isBold && $0.fontName.contains("DejaVuSansBold") })
    }

    @Test func outlineWithDepthAndPages() throws {
        #expect(try fixture("outline").outline() == [
            PDFOutlineEntry(title: "Background", page: 1, depth: 0),
            PDFOutlineEntry(title: "Earlier work", page: 1, depth: 1),
            PDFOutlineEntry(title: "Details", page: 2, depth: 0),
        ])
        #expect(try fixture("table").outline().isEmpty)
    }

    @Test func linksWithTheirAreas() throws {
        let links = try #require(try fixture("links").page(at: 0)).links()
        #expect(links.count == 2)
        let external = try #require(links.first { $0.target == .uri("https://example.org/guide") })
        // The annotation sits on the first line (baseline 90), in top-left coordinates.
        #expect(external.area.minY < 90 && external.area.maxY > 85)
        #expect(links.contains { $0.target == .page(1) })
    }

    @Test func imagesAreLocated() throws {
        let document = try fixture("scanned")
        #expect(try #require(document.page(at: 0)).imageAreas().isEmpty)
        let areas = try #require(document.page(at: 1)).imageAreas()
        #expect(areas.count == 1)
        #expect((areas.first?.area ?? 0) > 0.8 * 595 * 842)
    }

    @Test func renderingToGrayscale() throws {
        let page = try #require(try fixture("headings").page(at: 0))
        let image = try page.render(dpi: 72)
        #expect(image.width == 596 && image.height == 842)
        #expect(image.pixels.count == image.width * image.height)
        #expect(image.pixels.contains { $0 < 64 })
        #expect(image.pixels.filter { $0 == 255 }.count > image.pixels.count / 2)
        #expect(throws: ConversionError.self) { try page.render(dpi: 100_000) }
    }

    @Test func thousandsOfEmptyPagesAreFast() throws {
        let bytes = Self.emptyPages(5_000)
        let started = Date()
        let document = try AnyDocConverter().document(bytes, fileName: "empty.pdf")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(document.metadata.pageCount == 5_000)
        #expect(document.blocks.count == 5_000)
        // Blank pages are content without text, which is said, once.
        #expect(document.warnings.count == 1 && document.foundNoText)
    }

    @Test func theDeadlineStopsALongConversion() {
        var options = ConversionOptions()
        options.limits.timeLimitSeconds = 0.000_001
        do throws(ConversionError) {
            _ = try AnyDocConverter(options: options).document(Self.emptyPages(2_000), fileName: "slow.pdf")
            Issue.record("finished past its deadline")
        } catch {
            #expect(error.kind == .resourceLimit)
        }
    }

    @Test func recognizerSeamReplacesScannedPages() throws {
        struct Stub: PDFPageRecognizer {
            func recognize(_ page: PDFPage, deadline: Deadline) throws(ConversionError) -> [Block]? {
                let image = try page.render(dpi: 30)
                return [.paragraph([.text("recognised \(image.width)x\(image.height)")])]
            }
        }
        let input = ConversionInput(
            bytes: try Corpus.testDocument("pdf/scanned.pdf"), format: .pdf, options: ConversionOptions(),
            deadline: Deadline(secondsFromNow: 60), fileName: "scanned.pdf")
        let collector = DocumentCollector()
        try PDFConverter.convert(input, into: collector, recognizer: Stub())
        #expect(collector.document.warnings.isEmpty)
        #expect(collector.document.blocks.last == .paragraph([.text("recognised 249x351")]))
    }
}
