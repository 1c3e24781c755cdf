import Foundation
import Testing

/// `anydoc convert` of a long text PDF keeps flat memory: five times the
/// pages add little more than the larger file itself.
@Suite struct LongPDFMemoryTests {
    /// Writes a plain text PDF of `pages` pages, 40 lines each.
    private static func makePDF(_ path: String, pages: Int) throws {
        let python = """
            import sys
            path, pages = sys.argv[1], int(sys.argv[2])
            words = "river stone field report north window measure quiet harbour signal garden copper".split()
            out = bytearray(b"%PDF-1.4\\n"); offsets = []
            def obj(body):
                offsets.append(len(out)); out.extend(b"%d 0 obj\\n" % len(offsets) + body + b"\\nendobj\\n")
            obj(b"<< /Type /Catalog /Pages 2 0 R >>")
            kids = " ".join("%d 0 R" % (4 + 2 * i) for i in range(pages)).encode()
            obj(b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages)
            obj(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
            for page in range(pages):
                obj(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % (5 + 2 * page))
                stream = "BT /F1 10 Tf 72 782 Td (Page %d) Tj ET\\n" % (page + 1)
                for line in range(40):
                    text = " ".join(words[(page * 31 + line * 7 + k * 13) % len(words)] for k in range(10))
                    stream += "BT /F1 10 Tf 72 %d Td (%s) Tj ET\\n" % (762 - line * 14, text)
                data = stream.encode()
                obj(b"<< /Length %d >>\\nstream\\n" % len(data) + data + b"endstream")
            xref = len(out)
            out.extend(b"xref\\n0 %d\\n0000000000 65535 f \\n" % (len(offsets) + 1))
            for offset in offsets: out.extend(b"%010d 00000 n \\n" % offset)
            out.extend(b"trailer\\n<< /Size %d /Root 1 0 R >>\\nstartxref\\n%d\\n%%%%EOF\\n" % (len(offsets) + 1, xref))
            open(path, "wb").write(out)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", python, path, String(pages)]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
    }

    @Test func fiveTimesThePagesKeepsMemoryFlat() throws {
        let folder = NSTemporaryDirectory() + "anydoc-longpdf-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var peaks: [Int] = []
        var sizes: [Int] = []
        for pages in [300, 1500] {
            let path = folder + "/long\(pages).pdf"
            try Self.makePDF(path, pages: pages)
            sizes.append(try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
            let run = try LargeInputMemoryTests.peakMemory(["convert", path, "-o", folder + "/long\(pages).md", "--ocr", "never"])
            #expect(run.status == 0)
            let markdown = try String(contentsOfFile: folder + "/long\(pages).md", encoding: .utf8)
            #expect(markdown.contains("<!-- page \(pages) -->"))
            peaks.append(run.peakBytes)
        }
        // The input is held in memory (and by Poppler), so the larger file
        // may add twice its extra size; pages themselves must add little.
        let allowed = 2 * (sizes[1] - sizes[0]) + (12 << 20)
        #expect(peaks[1] - peaks[0] < allowed, "peaks \(peaks) bytes for files of \(sizes) bytes")
    }
}
