import Testing
@testable import AnyDocSwift

/// Sink wrappers pass on every requirement, defaulted ones included.
@Suite("Forwarding sinks")
struct ForwardingSinkTests {
    /// Writes down which requirements reached it.
    final class Inner: DocumentSink {
        let needsMetadata: Bool
        var calls: [String] = []
        var metadata = Metadata()
        init(needsMetadata: Bool) { self.needsMetadata = needsMetadata }
        func setMetadata(_ metadata: Metadata) { self.metadata = metadata; calls.append("metadata") }
        func append(_ block: Block) throws(ConversionError) { calls.append("block") }
        func beginTable(columnCount: Int) throws(ConversionError) { calls.append("begin") }
        func appendTableRow(_ row: TableRow) throws(ConversionError) { calls.append("row") }
        func appendTableRow(texts: [String]) throws(ConversionError) { calls.append("texts") }
        func endTable() throws(ConversionError) { calls.append("end") }
        func addFootnote(_ footnote: FootnoteDefinition) { calls.append("footnote") }
        func addAsset(_ asset: Asset) { calls.append("asset") }
        func addWarning(_ warning: String) { calls.append("warning") }
        func limitOutput(forInputBytes count: Int) { calls.append("limit \(count)") }
    }

    /// A wrapper that implements nothing itself.
    final class Bare: ForwardingSink {
        let target: DocumentSink
        init(_ target: DocumentSink) { self.target = target }
    }

    /// Drives every requirement once through `sink`.
    static func exercise(_ sink: DocumentSink) throws {
        sink.limitOutput(forInputBytes: 7)
        sink.setMetadata(Metadata())
        try sink.append(.paragraph([.text("x")]))
        try sink.beginTable(columnCount: 1)
        try sink.appendTableRow(TableRow(cells: [TableCell(text: "a")]))
        try sink.appendTableRow(texts: ["b"])
        try sink.endTable()
        sink.addFootnote(FootnoteDefinition(label: "1", blocks: []))
        sink.addAsset(Asset(name: "a.png", mediaType: "image/png", bytes: []))
        sink.addWarning("w")
    }

    static let everything = ["limit 7", "metadata", "block", "begin", "row", "texts", "end", "footnote", "asset", "warning"]

    @Test("Every requirement reaches the inner sink", arguments: ["bare", "text watcher"])
    func everythingIsForwarded(wrapper: String) throws {
        let inner = Inner(needsMetadata: false)
        let sink: DocumentSink = wrapper == "bare" ? Bare(inner) : TextWatchingSink(inner)
        #expect(!sink.needsMetadata)
        try Self.exercise(sink)
        #expect(inner.calls == Self.everything)
    }

    @Test("A wrapped sink that keeps no metadata makes the converter skip it")
    func wrappedSinkSkipsMetadata() throws {
        let bytes = try Corpus.testDocument("docx/headings-formatting.docx")
        let dropping = Inner(needsMetadata: false)
        try AnyDocConverter().convert(bytes, fileName: "a.docx", into: Bare(dropping))
        #expect(dropping.metadata.title == nil)
        let keeping = Inner(needsMetadata: true)
        try AnyDocConverter().convert(bytes, fileName: "a.docx", into: Bare(keeping))
        #expect(keeping.metadata.title == "Fixture headings-formatting")
    }

    @Test("Spreadsheet rows reach a wrapped sink by the fast path")
    func rowFastPathReachesWrappedSink() throws {
        let inner = Inner(needsMetadata: false)
        try AnyDocConverter().convert(Array("a,b\n1,2\n".utf8), fileName: "t.csv", into: Bare(inner))
        // The header row is a full row; the data row takes the fast path.
        #expect(inner.calls.suffix(4) == ["begin", "row", "texts", "end"])
    }
}
