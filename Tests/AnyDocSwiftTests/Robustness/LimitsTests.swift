import Testing
@testable import AnyDocSwift

/// Hostile documents made to exhaust a resource: each must end in a
/// `resource limit` error or in small, sane Markdown, inside the time
/// limit and far under a memory ceiling (see `ResourceProbe`).
@Suite(.serialized) struct LimitsTests {
    private func expectBounded(_ probe: ResourceProbe, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(probe.stayedWithin(), "took \(probe.seconds) s, peak grew \(probe.peakGrowthBytes >> 20) MiB",
                sourceLocation: sourceLocation)
    }

    // MARK: Zip bombs

    /// What an entry declares it inflates to over its compressed size.
    private static func inflationRatio(of name: String, in archive: [UInt8]) throws -> Int {
        let entry = try #require(try ZipArchive(archive).entry(named: name))
        return entry.declaredSize / max(entry.compressedSize, 1)
    }

    /// 8 MiB of spaces in the body: deflate squeezes them past 1,000:1.
    private static func bombedWordBody() -> [UInt8] {
        Array(HostileDocuments.wordDocument(body: HostileDocuments.wordParagraph("before")).utf8.dropLast(22))
            + HostileDocuments.repeated(UInt8(ascii: " "), count: 8 << 20)
            + Array("</w:body></w:document>".utf8)
    }

    @Test func flatBombInTheWordBodyStopsAtTheRatioLimit() throws {
        let docx = try HostileDocuments.docx(document: Self.bombedWordBody())
        #expect(try Self.inflationRatio(of: "word/document.xml", in: docx) > 1_000)
        let probe = ResourceProbe.convert(docx, as: .docx)
        #expect(probe.outcome.errorKind == .resourceLimit)
        expectBounded(probe)
    }

    @Test func flatBombThatUnderstatesItsSizeStillStops() throws {
        let body = Self.bombedWordBody()
        let honest = try HostileDocuments.docx(document: body)
        let (docx, patched) = HostileDocuments.lyingAboutSize(honest, actual: body.count, declared: 4_000)
        #expect(patched == 2)
        let probe = ResourceProbe.convert(docx, as: .docx)
        // Counting stops it (resource limit), or libzip notices the lie
        // (malformed); it never inflates on trust.
        #expect(probe.outcome.errorKind == .resourceLimit || probe.outcome.errorKind == .malformed)
        expectBounded(probe)
    }

    @Test func flatBombInASheetStopsAtTheRatioLimit() throws {
        let sheet = Array(#"<worksheet xmlns="\#(HostileDocuments.sheetNamespace)"><sheetData>"#.utf8)
            + HostileDocuments.repeated(UInt8(ascii: "\n"), count: 8 << 20)
            + Array("</sheetData></worksheet>".utf8)
        let xlsx = try HostileDocuments.xlsx(sheet: sheet)
        #expect(try Self.inflationRatio(of: "xl/worksheets/sheet1.xml", in: xlsx) > 1_000)
        let probe = ResourceProbe.convert(xlsx, as: .xlsx)
        #expect(probe.outcome.errorKind == .resourceLimit)
        expectBounded(probe)
    }

    /// 16² archives of 4 MiB each (a GiB) inside the package, beside
    /// 64 MiB of zeros in an unreferenced part: neither is ever inflated.
    private static func bombMembers(folder: String) throws -> [ZipFixture.Member] {
        [
            ZipFixture.Member(name: "\(folder)/embeddings/package.zip", bytes: try HostileDocuments.nestedZipBomb(levels: 2, copies: 16)),
            ZipFixture.Member(name: "\(folder)/media/zeros.bin", bytes: HostileDocuments.repeated(0, count: 64 << 20)),
        ]
    }

    @Test func nestedBombInAWordPackageIsNeverOpened() throws {
        let docx = try HostileDocuments.docx(
            body: HostileDocuments.wordParagraph("Text beside the bomb"), extra: Self.bombMembers(folder: "word"))
        #expect(docx.count < 2 << 20)
        let probe = ResourceProbe.convert(docx, as: .docx)
        #expect(probe.outcome.markdown == "Text beside the bomb\n")
        expectBounded(probe)
    }

    @Test func nestedBombInAWorkbookIsNeverOpened() throws {
        let row = #"<row r="1"><c r="A1" t="inlineStr"><is><t>kept</t></is></c><c r="B1"><v>42</v></c></row>"#
        let sheet = #"<worksheet xmlns="\#(HostileDocuments.sheetNamespace)"><sheetData>\#(row)</sheetData></worksheet>"#
        let xlsx = try HostileDocuments.xlsx(sheet: Array(sheet.utf8), extra: Self.bombMembers(folder: "xl"))
        let probe = ResourceProbe.convert(xlsx, as: .xlsx)
        #expect(probe.outcome.markdown == "## Sheet1\n\n| kept | 42 |\n| --- | --- |\n")
        expectBounded(probe)
    }

    // MARK: Entity bombs and external entities

    /// Unexpanded is the only acceptable success; refusing the entities
    /// is a resource limit.
    private func expectNoExpansion(_ probe: ResourceProbe, sourceLocation: SourceLocation = #_sourceLocation) {
        switch probe.outcome {
        case .markdown(let markdown):
            #expect(markdown.contains("before") && markdown.contains("after"), "\(markdown)", sourceLocation: sourceLocation)
            #expect(!markdown.contains("lollol"), sourceLocation: sourceLocation)
            #expect(markdown.utf8.count < 2_000, sourceLocation: sourceLocation)
        case .failure(let error):
            #expect(error.kind == .resourceLimit, "\(error)", sourceLocation: sourceLocation)
        }
        expectBounded(probe, sourceLocation: sourceLocation)
    }

    /// The document converts, and nothing was read from disk or the
    /// network: no password file text, no connection to the loopback
    /// listener the entities name.
    private func expectNoExternalAccess(
        _ probe: ResourceProbe, listener: LoopbackListener, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(!listener.wasContacted, "an external entity was fetched", sourceLocation: sourceLocation)
        let markdown = try #require(probe.outcome.markdown, sourceLocation: sourceLocation)
        #expect(markdown.contains("before") && markdown.contains("after"), "\(markdown)", sourceLocation: sourceLocation)
        #expect(!markdown.contains("root:"), sourceLocation: sourceLocation)
        expectBounded(probe, sourceLocation: sourceLocation)
    }

    private static func xhtml(prolog: String, paragraph: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + prolog
            + #"<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter</title></head>"#
            + "<body><p>\(paragraph)</p></body></html>"
    }

    @Test func billionLaughsInAWordPartIsNotExpanded() throws {
        let docx = try HostileDocuments.docx(
            body: HostileDocuments.wordParagraph("before &lol9; after"), prolog: HostileDocuments.billionLaughs(root: "w:document"))
        expectNoExpansion(ResourceProbe.convert(docx, as: .docx))
    }

    @Test func billionLaughsInHTMLIsNotExpanded() throws {
        let html = HostileDocuments.billionLaughs(root: "html") + "<html><body><p>before &lol9; after</p></body></html>"
        expectNoExpansion(ResourceProbe.convert(Array(html.utf8), as: .html))
    }

    @Test func billionLaughsInAnEPUBChapterIsNotExpanded() throws {
        let epub = try HostileDocuments.epub(
            chapter: Self.xhtml(prolog: HostileDocuments.billionLaughs(root: "html"), paragraph: "before &lol9; after"))
        expectNoExpansion(ResourceProbe.convert(epub, as: .epub))
    }

    @Test func externalEntitiesInAWordPartAreNeverResolved() throws {
        let listener = try LoopbackListener()
        let docx = try HostileDocuments.docx(
            body: HostileDocuments.wordParagraph("before &file;&web; after"),
            prolog: HostileDocuments.externalEntities(root: "w:document", port: listener.port))
        try expectNoExternalAccess(ResourceProbe.convert(docx, as: .docx), listener: listener)
    }

    @Test func externalEntitiesInHTMLAreNeverResolved() throws {
        let listener = try LoopbackListener()
        let html = HostileDocuments.externalEntities(root: "html", port: listener.port)
            + "<html><body><p>before &file;&web; after</p></body></html>"
        try expectNoExternalAccess(ResourceProbe.convert(Array(html.utf8), as: .html), listener: listener)
    }

    @Test func externalEntitiesInAnEPUBChapterAreNeverResolved() throws {
        let listener = try LoopbackListener()
        let epub = try HostileDocuments.epub(
            chapter: Self.xhtml(
                prolog: HostileDocuments.externalEntities(root: "html", port: listener.port), paragraph: "before &file;&web; after"))
        try expectNoExternalAccess(ResourceProbe.convert(epub, as: .epub), listener: listener)
    }

    // MARK: Deep nesting

    @Test func hundredThousandUnclosedRTFGroups() throws {
        let rtf = Array(#"{\rtf1\ansi "#.utf8) + HostileDocuments.repeated(UInt8(ascii: "{"), count: 100_000) + Array("deep text".utf8)
        let probe = ResourceProbe.convert(rtf, as: .rtf)
        #expect(probe.outcome.markdown == "deep text\n")
        expectBounded(probe)
    }

    @Test func hundredThousandNestedHTMLDivs() throws {
        let html = String(repeating: "<div>", count: 100_000) + "deep text" + String(repeating: "</div>", count: 100_000)
        let probe = ResourceProbe.convert(Array(html.utf8), as: .html)
        #expect(probe.outcome.markdown == "deep text\n")
        expectBounded(probe)
    }

    @Test func hundredThousandNestedHTMLLists() throws {
        let html = "<body>" + String(repeating: "<ul><li>item", count: 100_000) + "</body>"
        let probe = ResourceProbe.convert(Array(html.utf8), as: .html)
        let markdown = try #require(probe.outcome.markdown)
        // The first levels nest; past the depth limit the rest flattens.
        #expect(markdown.hasPrefix("- item\n  - item\n    - item\n"))
        #expect(markdown.utf8.count < 1 << 20)
        expectBounded(probe)
    }

    @Test func hundredThousandNestedHTMLTables() throws {
        let html = "<body>" + String(repeating: "<table><tr><td>", count: 100_000) + "deep text</body>"
        let probe = ResourceProbe.convert(Array(html.utf8), as: .html)
        let markdown = try #require(probe.outcome.markdown)
        #expect(markdown.contains("deep text"))
        #expect(markdown.utf8.count < 1 << 20)
        expectBounded(probe)
    }

    /// Two-cell tables, each nested in the second cell of the one before
    /// (a one-cell table would be unwrapped as layout).
    private static func nestedWordTables(_ depth: Int) -> String {
        let open = "<w:tbl><w:tr><w:tc>" + HostileDocuments.wordParagraph("cell") + "</w:tc><w:tc>"
        return String(repeating: open, count: depth) + HostileDocuments.wordParagraph("deep text")
            + String(repeating: "</w:tc></w:tr></w:tbl>", count: depth)
    }

    @Test func wordTablesNestedPastTheDepthLimit() throws {
        let docx = try HostileDocuments.docx(body: Self.nestedWordTables(1_000))
        let probe = ResourceProbe.convert(docx, as: .docx)
        #expect(probe.outcome.errorKind == .resourceLimit)
        expectBounded(probe)
    }

    @Test func wordTablesNestedJustInsideTheDepthLimit() throws {
        // Three XML levels per table, under the document and the body.
        let docx = try HostileDocuments.docx(body: Self.nestedWordTables(80))
        let probe = ResourceProbe.convert(docx, as: .docx)
        let markdown = try #require(probe.outcome.markdown)
        #expect(markdown.hasPrefix("<table><tr><th>cell</th><th><table><tr><th>cell</th><th><table>"))
        #expect(markdown.contains("deep text"))
        #expect(markdown.components(separatedBy: "<table>").count == 81)
        expectBounded(probe)
    }

    @Test func wordListLevelsOutOfRangeStayFlat() throws {
        let numbering = #"<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum>"#
            + #"<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>"#
        func item(_ level: String, _ text: String) -> String {
            #"<w:p><w:pPr><w:numPr><w:ilvl w:val="\#(level)"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>\#(text)</w:t></w:r></w:p>"#
        }
        let body = item("0", "top") + item("2147483647", "huge") + item("-2147483648", "negative")
            + item("99999999999999999999", "overflow") + item("1", "second")
        let docx = try HostileDocuments.docx(body: body, numbering: numbering)
        let probe = ResourceProbe.convert(docx, as: .docx)
        let markdown = try #require(probe.outcome.markdown)
        #expect(markdown.contains("- top\n"))
        for text in ["huge", "negative", "overflow", "second"] { #expect(markdown.contains(text)) }
        #expect(markdown.utf8.count < 1_000)
        expectBounded(probe)
    }

    // MARK: Huge declared sizes

    @Test func sheetDeclaringEveryRowAndColumnStaysSmall() throws {
        let rows = #"<row r="1"><c r="A1" t="inlineStr"><is><t>top</t></is></c></row>"#
            + #"<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>bottom</t></is></c></row>"#
        let xlsx = try HostileDocuments.xlsx(sheetData: rows, dimension: "A1:XFD1048576")
        let probe = ResourceProbe.convert(xlsx, as: .xlsx)
        switch probe.outcome {
        case .markdown(let markdown):
            #expect(markdown.hasPrefix("## Sheet1\n\n| top |"))
            #expect(markdown.hasSuffix(" bottom |\n"))
            #expect(markdown.utf8.count < 1 << 20)
        case .failure(let error):
            #expect(error.kind == .resourceLimit)
        }
        expectBounded(probe)
    }

    @Test func fiveThousandEmptyPDFPages() throws {
        let pdf = HostileDocuments.pdf(pageCount: 5_000)
        let probe = ResourceProbe.convert(pdf, as: .pdf)
        let markdown = try #require(probe.outcome.markdown)
        #expect(markdown.hasSuffix("<!-- page 5000 -->\n\nlast page\n"))
        #expect(markdown.utf8.count < 1 << 20)
        expectBounded(probe)
    }
}
