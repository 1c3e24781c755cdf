import Foundation

/// Builds the hostile documents of the limits tests: the smallest valid
/// DOCX, XLSX, EPUB and PDF around a payload, zip bombs and entity bombs.
enum HostileDocuments {
    static let wordNamespace = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    static let sheetNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    private static let relationshipsNamespace = "http://schemas.openxmlformats.org/package/2006/relationships"
    private static let officeRelationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

    // MARK: Packages

    /// A DOCX whose `word/document.xml` is `document`, plus `extra` members.
    static func docx(document: [UInt8], extra: [ZipFixture.Member] = []) throws -> [UInt8] {
        try ZipFixture.archive([
            text("[Content_Types].xml", contentTypes(main: "/word/document.xml",
                type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml")),
            text("_rels/.rels", packageRelationships(main: "word/document.xml")),
            ZipFixture.Member(name: "word/document.xml", bytes: document),
        ] + extra)
    }

    /// A DOCX whose body is `body` (WordprocessingML), after an optional
    /// `prolog` such as a DOCTYPE, with `numbering` as its numbering part.
    static func docx(body: String, prolog: String = "", numbering: String? = nil, extra: [ZipFixture.Member] = []) throws -> [UInt8] {
        var members = extra
        if let numbering {
            let relationships = #"<Relationships xmlns="\#(relationshipsNamespace)">"#
                + #"<Relationship Id="rIdNumbering" Type="\#(officeRelationships)/numbering" Target="numbering.xml"/>"#
                + "</Relationships>"
            members += [
                text("word/_rels/document.xml.rels", relationships),
                text("word/numbering.xml", #"<w:numbering xmlns:w="\#(wordNamespace)">\#(numbering)</w:numbering>"#),
            ]
        }
        return try docx(document: Array(wordDocument(body: body, prolog: prolog).utf8), extra: members)
    }

    static func wordDocument(body: String, prolog: String = "") -> String {
        #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n" + prolog
            + #"<w:document xmlns:w="\#(wordNamespace)"><w:body>\#(body)</w:body></w:document>"#
    }

    /// A paragraph of plain text in WordprocessingML.
    static func wordParagraph(_ text: String) -> String {
        "<w:p><w:r><w:t xml:space=\"preserve\">\(text)</w:t></w:r></w:p>"
    }

    /// An XLSX with one sheet, `Sheet1`, whose part is `sheet`.
    static func xlsx(sheet: [UInt8], extra: [ZipFixture.Member] = []) throws -> [UInt8] {
        let workbook = #"<workbook xmlns="\#(sheetNamespace)" xmlns:r="\#(officeRelationships)">"#
            + #"<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#
        let workbookRelationships = #"<Relationships xmlns="\#(relationshipsNamespace)">"#
            + #"<Relationship Id="rId1" Type="\#(officeRelationships)/worksheet" Target="worksheets/sheet1.xml"/>"#
            + "</Relationships>"
        return try ZipFixture.archive([
            text("[Content_Types].xml", contentTypes(main: "/xl/workbook.xml",
                type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml")),
            text("_rels/.rels", packageRelationships(main: "xl/workbook.xml")),
            text("xl/workbook.xml", workbook),
            text("xl/_rels/workbook.xml.rels", workbookRelationships),
            ZipFixture.Member(name: "xl/worksheets/sheet1.xml", bytes: sheet),
        ] + extra)
    }

    static func xlsx(sheetData: String, prolog: String = "", dimension: String? = nil) throws -> [UInt8] {
        let dimensionElement = dimension.map { #"<dimension ref="\#($0)"/>"# } ?? ""
        let sheet = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + prolog
            + #"<worksheet xmlns="\#(sheetNamespace)">\#(dimensionElement)<sheetData>\#(sheetData)</sheetData></worksheet>"#
        return try xlsx(sheet: Array(sheet.utf8))
    }

    /// An EPUB 3 with one chapter, `chapter.xhtml`.
    static func epub(chapter: String) throws -> [UInt8] {
        let container = #"<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">"#
            + #"<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>"#
        let package = #"<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">"#
            + #"<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">hostile</dc:identifier>"#
            + "<dc:title>Hostile</dc:title><dc:language>en</dc:language></metadata>"
            + #"<manifest><item id="c1" href="chapter.xhtml" media-type="application/xhtml+xml"/></manifest>"#
            + #"<spine><itemref idref="c1"/></spine></package>"#
        return try ZipFixture.archive([
            ZipFixture.Member(name: "mimetype", bytes: Array("application/epub+zip".utf8), compression: .store),
            text("META-INF/container.xml", container),
            text("OEBPS/content.opf", package),
            text("OEBPS/chapter.xhtml", chapter),
        ])
    }

    // MARK: Zip bombs

    /// `count` bytes of one repeated byte: deflate squeezes them about
    /// 1,030 times, past the 1,000:1 ratio limit.
    static func repeated(_ byte: UInt8, count: Int) -> [UInt8] {
        [UInt8](repeating: byte, count: count)
    }

    /// A ZIP holding `copies` ZIPs, each holding `copies` more, `levels`
    /// deep, around a 4 MiB entry: kilobytes that would unpack to
    /// `copies^levels × 4 MiB` if anything opened archives inside archives.
    static func nestedZipBomb(levels: Int, copies: Int) throws -> [UInt8] {
        var layer = try ZipFixture.archive([.init(name: "bomb.txt", bytes: repeated(UInt8(ascii: " "), count: 4 << 20))])
        for _ in 0..<levels {
            let members = (0..<copies).map { ZipFixture.Member(name: "\($0).zip", bytes: layer, compression: .store) }
            layer = try ZipFixture.archive(members)
        }
        return layer
    }

    /// Rewrites every 32-bit little-endian `actual` size in `bytes` (the
    /// local header and the central directory) to `declared`.
    static func lyingAboutSize(_ bytes: [UInt8], actual: Int, declared: UInt32) -> (bytes: [UInt8], patched: Int) {
        let needle = littleEndian(UInt32(actual))
        var bytes = bytes
        var patched = 0
        var offset = 0
        while offset + 4 <= bytes.count {
            if bytes[offset..<(offset + 4)].elementsEqual(needle) {
                bytes.replaceSubrange(offset..<(offset + 4), with: littleEndian(declared))
                patched += 1
                offset += 4
            } else {
                offset += 1
            }
        }
        return (bytes, patched)
    }

    // MARK: Entities

    /// A DTD whose entity `lol9` would expand to 10⁹ copies of "lol".
    static func billionLaughs(root: String) -> String {
        var dtd = "<!DOCTYPE \(root) [\n<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            dtd += "<!ENTITY lol\(level) \"\(String(repeating: "&lol\(level - 1);", count: 10))\">\n"
        }
        return dtd + "]>\n"
    }

    /// A DTD declaring external entities `file` (a local file) and `web`
    /// (a URL on `port` of the loopback address), and pulling in an
    /// external parameter entity from the same URL.
    static func externalEntities(root: String, port: UInt16) -> String {
        """
        <!DOCTYPE \(root) [
        <!ENTITY file SYSTEM "file:///etc/passwd">
        <!ENTITY web SYSTEM "http://127.0.0.1:\(port)/entity.txt">
        <!ENTITY % remote SYSTEM "http://127.0.0.1:\(port)/remote.dtd">
        %remote;
        ]>

        """
    }

    // MARK: PDF

    /// A PDF of `pageCount` empty US Letter pages, the last of which says
    /// "last page", with a correct cross-reference table.
    static func pdf(pageCount: Int) -> [UInt8] {
        precondition(pageCount >= 1)
        // Objects: 1 catalog, 2 page tree, 3 font, 4 the last page's text,
        // 5… the pages.
        let firstPage = 5
        let pageObjects = (0..<pageCount).map { firstPage + $0 }
        let content = "BT /F1 12 Tf 72 720 Td (last page) Tj ET"
        var objects: [String] = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\(pageObjects.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pageCount) >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
        ]
        for number in pageObjects {
            let contents = number == pageObjects.last ? " /Contents 4 0 R" : ""
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>\(contents) >>")
        }
        return MinimalPDF.bytes(objects: objects)
    }

    // MARK: Helpers

    private static func text(_ name: String, _ content: String) -> ZipFixture.Member {
        ZipFixture.Member(name: name, bytes: Array(content.utf8))
    }

    private static func contentTypes(main: String, type: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">"#
            + #"<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>"#
            + #"<Default Extension="xml" ContentType="application/xml"/>"#
            + #"<Override PartName="\#(main)" ContentType="\#(type)"/></Types>"#
    }

    private static func packageRelationships(main: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="\#(relationshipsNamespace)">"#
            + #"<Relationship Id="rId1" Type="\#(officeRelationships)/officeDocument" Target="\#(main)"/></Relationships>"#
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
