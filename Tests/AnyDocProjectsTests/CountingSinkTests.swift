import AnyDocSwift
import Testing
@testable import AnyDocProjects

/// The ingest wrapper in front of the Markdown writer passes on every
/// requirement, so ingestion reads no properties it throws away and
/// spreadsheet rows keep the writer's fast path.
@Suite struct CountingSinkTests {
    final class Inner: DocumentSink {
        let needsMetadata: Bool
        var calls: [String] = []
        init(needsMetadata: Bool) { self.needsMetadata = needsMetadata }
        func setMetadata(_ metadata: Metadata) { calls.append("metadata \(metadata.title ?? "-")") }
        func append(_ block: Block) throws(ConversionError) { calls.append("block") }
        func beginTable(columnCount: Int) throws(ConversionError) { calls.append("begin") }
        func appendTableRow(_ row: TableRow) throws(ConversionError) { calls.append("row") }
        func appendTableRow(texts: [String]) throws(ConversionError) { calls.append("texts") }
        func endTable() throws(ConversionError) { calls.append("end") }
        func limitOutput(forInputBytes count: Int) { calls.append("limit") }
    }

    @Test func metadataNeedFollowsTheWriterUnlessKept() {
        #expect(!CountingSink(Inner(needsMetadata: false)).needsMetadata)
        #expect(CountingSink(Inner(needsMetadata: false), keepsMetadata: true).needsMetadata)
        #expect(CountingSink(Inner(needsMetadata: true)).needsMetadata)
        #expect(!Rendering(limits: Limits()).counter.needsMetadata)
    }

    @Test func ingestSkipsPropertiesAndKeepsTheRowFastPath() throws {
        let inner = Inner(needsMetadata: false)
        let counter = CountingSink(inner)
        try AnyDocConverter().convert(Array("a,b\n1,2\n".utf8), fileName: "t.csv", into: counter)
        #expect(inner.calls.first == "limit")
        // The header row is a full row; the data row takes the fast path.
        #expect(inner.calls.suffix(4) == ["begin", "row", "texts", "end"])
        let docx = Inner(needsMetadata: false)
        let converter = AnyDocConverter()
        let bytes = try converter.readFile(at: Fixture.packageRoot + "/TestDocuments/docx/headings-formatting.docx")
        try converter.convert(bytes, fileName: "a.docx", into: CountingSink(docx))
        #expect(docx.calls.contains("metadata -"))
        #expect(!docx.calls.contains("metadata Fixture headings-formatting"))
    }
}
