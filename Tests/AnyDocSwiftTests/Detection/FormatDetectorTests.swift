import Foundation
import Testing
@testable import AnyDocSwift

@Suite struct FormatDetectorTests {
    private func detect(_ bytes: [UInt8], _ name: String? = nil) -> DetectedFormat {
        FormatDetector.detect(bytes, fileName: name)
    }

    private func detect(_ text: String, _ name: String? = nil) -> DetectedFormat {
        detect(Array(text.utf8), name)
    }

    static func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for unit in text.utf16 {
            let low = UInt8(unit & 0xFF), high = UInt8(unit >> 8)
            bytes += littleEndian ? [low, high] : [high, low]
        }
        return bytes
    }

    static func utf32(_ text: String, littleEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let le: [UInt8] = [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
            bytes += littleEndian ? le : le.reversed()
        }
        return bytes
    }

    // MARK: - Signatures

    @Test func recognisesSignatures() {
        #expect(detect("%PDF-1.7\n%âãÏÓ").format == .pdf)
        #expect(detect(Array("HTTP/1.1 200 OK\r\n\r\n%PDF-1.4\n".utf8)).format == .pdf)
        #expect(detect([0x00, 0x05, 0xC3] + Array("%PDF-1.4\n".utf8)).format == .pdf)
        #expect(detect("The header line `%PDF-1.7` starts every PDF.\n").format == .txt)
        #expect(detect(Array(repeating: 0x00, count: 1030) + Array("%PDF-1.4".utf8)).format == nil)
        #expect(detect("{\\rtf1\\ansi hello}").format == .rtf)
        #expect(detect([0xEF, 0xBB, 0xBF] + Array("{\\rtf1}".utf8)).format == .rtf)
        #expect(detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).format == .png)
        #expect(detect([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).format == .jpeg)
        #expect(detect([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]).format == .tiff)
        #expect(detect([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]).format == .tiff)
        #expect(detect(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8)).format == .webp)
        #expect(detect("GIF89a\u{01}\u{00}").format == .gif)
        var bmp = Array("BM".utf8) + [UInt8](repeating: 0, count: 12)
        bmp += [40, 0, 0, 0] + [UInt8](repeating: 0, count: 36)
        #expect(detect(bmp).format == .bmp)
    }

    @Test func textStartingLikeAWeakSignatureIsText() {
        #expect(detect("BMW sales rose in March.\n").format == .txt)
        #expect(detect("RIFF is a container format.\n").format == .txt)
        #expect(detect("PK is just two letters\n").format == .txt)
    }

    @Test func bareBIFFWorkbookIsXLS() {
        let biff4: [UInt8] = [0x09, 0x04, 0x06, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x0A, 0x00, 0x00, 0x00]
        #expect(detect(biff4).format == .xls)
        var protected = biff4
        protected.insert(contentsOf: [0x2F, 0x00, 0x02, 0x00, 0x00, 0x00], at: 10)
        #expect(detect(protected) == DetectedFormat(format: .xls, isEncrypted: true))
    }

    // MARK: - HTML

    @Test func recognisesHTMLByItsFirstMarkup() {
        #expect(detect("<!DOCTYPE html><p>x").format == .html)
        #expect(detect("\n\n  <!doctype HTML>\n<html>").format == .html)
        #expect(detect("<html lang=\"en\"><body>hi</body></html>").format == .html)
        #expect(detect("<HEAD><TITLE>t</TITLE></HEAD>").format == .html)
        #expect(detect("<body>\n").format == .html)
        #expect(detect("<!-- generated -->\n<!-- twice -->\n<html>").format == .html)
        let xhtml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml"><body/></html>
            """
        #expect(detect(xhtml).format == .html)
        #expect(detect([0xEF, 0xBB, 0xBF] + Array("<html>".utf8)).format == .html)
        #expect(detect([0xFF, 0xFE] + Self.utf16("<html><body>x</body></html>", littleEndian: true)).format == .html)
        #expect(detect(Self.utf16("  <!DOCTYPE html>\n<html>", littleEndian: false)).format == .html)
    }

    @Test func otherMarkupIsNotHTML() {
        #expect(detect("<header>not a document start</header>").format == .txt)
        #expect(detect("<htmlish/>").format == .txt)
        #expect(detect("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>").format == .txt)
        #expect(detect("Some text then <html> later").format == .txt)
        // A fragment counts as HTML when the name says so.
        #expect(detect("<p>Hello</p>", "fragment.html").format == .html)
        #expect(detect("<p>Hello</p>", "fragment.txt").format == .txt)
        #expect(detect("<p align=\"center\"><img src=\"logo.png\"></p>\n\n# Project\n", "README.md").format == .md)
    }

    // MARK: - Text and binary

    @Test func textFormatComesFromTheHint() {
        #expect(detect("a,b\n1,2\n", "t.csv").format == .csv)
        #expect(detect("a\tb\n", "T.TSV").format == .tsv)
        #expect(detect("a\tb\n", "t.tab").format == .tsv)
        #expect(detect("# Title\n", "/path/to/readme.markdown").format == .md)
        #expect(detect("# Title\n", "C:\\docs\\readme.md").format == .md)
        #expect(detect("# Title\n").format == .txt)
        #expect(detect("# Title\n", "notes.unknownext").format == .txt)
        #expect(detect("# Title\n", ".md").format == .txt)
        #expect(detect("a\tb\n", "export.xls").format == .csv)
    }

    @Test func textUnderABinaryFormatsNameIsRefused() {
        #expect(detect("This is not a zip file!\n", "report.docx").format == nil)
        #expect(detect("This is not a PDF\n", "paper.pdf").format == nil)
    }

    @Test func emptyInput() {
        #expect(detect([], "empty.csv").format == .csv)
        #expect(detect([], "empty.txt").format == .txt)
        #expect(detect([]).format == nil)
        #expect(detect([], "empty.docx").format == nil)
    }

    @Test func tellsTextFromBinary() {
        // A stray NUL in a short CSV does not make it binary.
        #expect(detect([0x61, 0x2C, 0x62, 0x0A, 0x00, 0x2C, 0x32, 0x0A], "n.csv").format == .csv)
        // Legacy encodings and ISO-2022 escapes are text.
        #expect(detect([0x95, 0xB6, 0x8F, 0x91, 0x0A, 0x1B, 0x24, 0x42, 0x30, 0x21, 0x1B, 0x28, 0x42, 0x0A]).format == .txt)
        // UTF-16 and UTF-32 with or without a byte-order mark.
        let sample = "Plain text, in several Unicode layouts.\n"
        #expect(detect([0xFF, 0xFE] + Self.utf16(sample, littleEndian: true)).format == .txt)
        #expect(detect(Self.utf16(sample, littleEndian: true)).format == .txt)
        #expect(detect(Self.utf16(sample, littleEndian: false)).format == .txt)
        #expect(detect([0xFF, 0xFE, 0, 0] + Self.utf32(sample, littleEndian: true)).format == .txt)
        #expect(detect(Self.utf32(sample, littleEndian: false)).format == .txt)
        // NUL-heavy and control-heavy data is binary.
        #expect(detect([UInt8](repeating: 0, count: 64)).format == nil)
        #expect(detect((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) }).format == nil)
        var integers: [UInt8] = []
        for value in 0..<200 { integers += [UInt8(value % 7), 0] }
        #expect(detect(integers).format == nil)
    }

    // MARK: - ZIP packages

    private func zip(_ files: [(String, String)]) throws -> [UInt8] {
        try ZipFixture.archive(files)
    }

    private static let contentTypes = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
        <Default Extension="xml" ContentType="application/xml"/>
        <Override PartName="/word/document.xml" ContentType="%@"/>
        </Types>
        """

    private func contentTypes(_ mainType: String, part: String = "/word/document.xml") -> String {
        Self.contentTypes.replacingOccurrences(of: "%@", with: mainType).replacingOccurrences(of: "/word/document.xml", with: part)
    }

    private static func rels(_ target: String, strict: Bool = false) -> String {
        let type = strict
            ? "http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument"
            : "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
        return """
            <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
            <Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>
            <Relationship Id="rId1" Type="\(type)" Target="\(target)"/>
            </Relationships>
            """
    }

    @Test func officeFormatComesFromTheMainPartContentType() throws {
        let cases: [(String, DocumentFormat)] = [
            ("application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml", .docx),
            ("application/vnd.ms-word.document.macroEnabled.main+xml", .docm),
            ("application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml", .dotx),
            ("application/vnd.ms-word.template.macroEnabledTemplate.main+xml", .dotm),
            ("application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml", .ppsx),
            ("application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml", .ppsm),
            ("application/vnd.openxmlformats-officedocument.presentationml.template.main+xml", .potx),
            ("application/vnd.ms-excel.sheet.macroEnabled.main+xml", .xlsm),
            ("application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml", .xltx),
            ("application/vnd.ms-excel.sheet.binary.macroEnabled.main", .xlsb),
        ]
        for (type, format) in cases {
            let bytes = try zip([("[Content_Types].xml", contentTypes(type, part: "/main/part.xml")), ("_rels/.rels", Self.rels("main/part.xml")), ("main/part.xml", "<x/>")])
            #expect(detect(bytes, "misnamed.odt") == DetectedFormat(format: format), "\(type)")
        }
    }

    @Test func relationshipTargetPicksTheMainPart() throws {
        // Two known main content types: the relationship decides.
        let types = """
            <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
            <Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
            <Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>
            </Types>
            """
        let bytes = try zip([("[Content_Types].xml", types), ("_rels/.rels", Self.rels("/ppt/presentation.xml", strict: true))])
        #expect(detect(bytes).format == .pptx)
        // Without relationships the first known main part counts.
        #expect(detect(try zip([("[Content_Types].xml", types)])).format == .docx)
    }

    @Test func conventionalPathsAreTheFallback() throws {
        #expect(detect(try zip([("word/document.xml", "<w/>")])).format == .docx)
        #expect(detect(try zip([("word/document.xml", "<w/>"), ("word/vbaProject.bin", "v")])).format == .docm)
        #expect(detect(try zip([("ppt/presentation.xml", "<p/>")])).format == .pptx)
        #expect(detect(try zip([("xl/workbook.xml", "<w/>")])).format == .xlsx)
        #expect(detect(try zip([("xl/workbook.bin", "b")])).format == .xlsb)
    }

    @Test func mimetypeDecidesAnywhereInTheArchive() throws {
        let odt = try zip([("content.xml", "<c/>"), ("mimetype", "application/vnd.oasis.opendocument.text-template")])
        #expect(detect(odt).format == .odt)
        #expect(detect(try zip([("mimetype", "application/vnd.oasis.opendocument.spreadsheet\n")])).format == .ods)
        #expect(detect(try zip([("META-INF/x", ""), ("mimetype", "application/vnd.oasis.opendocument.presentation")])).format == .odp)
        #expect(detect(try zip([("OEBPS/a.xhtml", "<html/>"), ("mimetype", "application/epub+zip")])).format == .epub)
    }

    @Test func manifestAndContainerAreLaterFallbacks() throws {
        let manifest = """
            <manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">
            <manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>
            </manifest:manifest>
            """
        #expect(detect(try zip([("META-INF/manifest.xml", manifest)])).format == .ods)
        #expect(detect(try zip([("META-INF/container.xml", "<container/>")])).format == .epub)
        #expect(detect(try zip([("readme.txt", "just a zip")]), "a.docx").format == nil)
    }

    @Test func encryptedODFIsFlagged() throws {
        let manifest = """
            <manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">
            <manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>
            <manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>
            <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">
              <manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="x"/>
            </manifest:file-entry>
            </manifest:manifest>
            """
        let bytes = try zip([("mimetype", "application/vnd.oasis.opendocument.text"), ("META-INF/manifest.xml", manifest)])
        #expect(detect(bytes) == DetectedFormat(format: .odt, isEncrypted: true))
        let onlyThumbnail = manifest.replacingOccurrences(of: "full-path=\"content.xml\"", with: "full-path=\"Thumbnails/t.png\"")
        let plain = try zip([("mimetype", "application/vnd.oasis.opendocument.text"), ("META-INF/manifest.xml", onlyThumbnail)])
        #expect(detect(plain) == DetectedFormat(format: .odt, isEncrypted: false))
    }

    @Test func unreadableZipFallsBackToAContainerHint() {
        let garbage: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0xFF, count: 40)
        #expect(detect(garbage, "broken.xlsx").format == .xlsx)
        #expect(detect(garbage, "broken.txt").format == nil)
        #expect(detect(garbage).format == nil)
    }

    // MARK: - OLE2

    @Test func legacyOfficeFromRootStreams() {
        var fib = [UInt8](repeating: 0, count: 64)
        fib[0] = 0xEC
        fib[1] = 0xA5
        let doc = CompoundFileFixture(streams: [("WordDocument", fib)]).build().bytes
        #expect(detect(doc, "x.ppt") == DetectedFormat(format: .doc))
        fib[0x0B] = 0x01  // fEncrypted
        #expect(detect(CompoundFileFixture(streams: [("WordDocument", fib)]).build().bytes) == DetectedFormat(format: .doc, isEncrypted: true))

        let bof: [UInt8] = [0x09, 0x08, 0x10, 0x00, 0x00, 0x06, 0x05, 0x00] + [UInt8](repeating: 0, count: 12)
        let boundSheet: [UInt8] = [0x85, 0x00, 0x02, 0x00, 0x00, 0x00]
        let filePass: [UInt8] = [0x2F, 0x00, 0x02, 0x00, 0x00, 0x00]
        let eof: [UInt8] = [0x0A, 0x00, 0x00, 0x00]
        #expect(detect(CompoundFileFixture(streams: [("Workbook", bof + boundSheet + eof)]).build().bytes) == DetectedFormat(format: .xls))
        #expect(detect(CompoundFileFixture(streams: [("Book", bof + filePass + boundSheet + eof)]).build().bytes) == DetectedFormat(format: .xls, isEncrypted: true))
        // FILEPASS after the globals is not the workbook's.
        #expect(detect(CompoundFileFixture(streams: [("Workbook", bof + boundSheet + filePass + eof)]).build().bytes) == DetectedFormat(format: .xls))

        let plainUser: [UInt8] = [0, 0, 0xF6, 0x0F, 0x14, 0, 0, 0, 0x14, 0, 0, 0, 0x5F, 0xC0, 0x91, 0xE3]
        let encryptedUser: [UInt8] = [0, 0, 0xF6, 0x0F, 0x14, 0, 0, 0, 0x14, 0, 0, 0, 0xDF, 0xC4, 0xD1, 0xF3]
        #expect(detect(CompoundFileFixture(streams: [("PowerPoint Document", [0, 0]), ("Current User", plainUser)]).build().bytes) == DetectedFormat(format: .ppt))
        #expect(detect(CompoundFileFixture(streams: [("PowerPoint Document", [0, 0]), ("Current User", encryptedUser)]).build().bytes) == DetectedFormat(format: .ppt, isEncrypted: true))
        #expect(detect(CompoundFileFixture(streams: [("PowerPoint Document", [0, 0]), ("EncryptedSummary", [1])]).build().bytes) == DetectedFormat(format: .ppt, isEncrypted: true))

        #expect(detect(CompoundFileFixture(streams: [("Contents", [1, 2, 3])]).build().bytes, "x.doc").format == nil)
    }

    @Test func encryptedPackageFormatComesFromTheName() {
        let bytes = CompoundFileFixture(streams: [("EncryptionInfo", [4, 0, 4, 0]), ("EncryptedPackage", [0, 1, 2])]).build().bytes
        #expect(detect(bytes, "a.xlsm") == DetectedFormat(format: .xlsm, isEncrypted: true))
        #expect(detect(bytes, "a.pptx") == DetectedFormat(format: .pptx, isEncrypted: true))
        #expect(detect(bytes, "a.xls") == DetectedFormat(format: .xlsx, isEncrypted: true))
        #expect(detect(bytes, "a.ppt") == DetectedFormat(format: .pptx, isEncrypted: true))
        #expect(detect(bytes, "a.bin") == DetectedFormat(format: .docx, isEncrypted: true))
        #expect(detect(bytes) == DetectedFormat(format: .docx, isEncrypted: true))
    }

    @Test func unreadableCompoundFileFallsBackToALegacyHint() {
        let broken = CompoundFileHeader.signature + [UInt8](repeating: 0, count: 100)
        #expect(detect(broken, "old.doc").format == .doc)
        #expect(detect(broken, "old.txt").format == nil)
    }

    // MARK: - Tag scanner

    @Test func tagScannerReadsAttributesSafely() {
        let xml = """
            \u{FEFF}<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]><!-- <Override PartName="/no"/> -->
            <ct:Types><ct:Override PartName='/a&amp;b.xml' ContentType="t&#x41;&#66;&e;"/><![CDATA[<Override PartName="/cdata"/>]]></ct:Types>
            """
        var seen: [(String, String?, String?)] = []
        TagScanner.scan(Array(xml.utf8)) { tag in
            if !tag.isEnd { seen.append((tag.localName, tag.attribute("PartName"), tag.attribute("ContentType"))) }
            return true
        }
        #expect(seen.map(\.0) == ["Types", "Override"])
        #expect(seen.last?.1 == "/a&b.xml")
        #expect(seen.last?.2 == "tAB&e;")
        // Unterminated input ends the scan quietly.
        TagScanner.scan(Array("<a b=\"unterminated".utf8)) { _ in true }
        TagScanner.scan(Array("<!-- never closed".utf8)) { _ in true }
        TagScanner.scan(Array("<".utf8)) { _ in true }
    }
}
