import Testing
@testable import AnyDocSwift

/// Converters read document properties only for sinks that keep them.
@Suite("Metadata read on demand")
struct MetadataNeedTests {
    /// Records the metadata it is given and says whether it wants it.
    private final class RecordingSink: DocumentSink {
        let needsMetadata: Bool
        var metadata = Metadata()
        init(needsMetadata: Bool) { self.needsMetadata = needsMetadata }
        func setMetadata(_ metadata: Metadata) { self.metadata = metadata }
        func append(_ block: Block) throws(ConversionError) {}
        func beginTable(columnCount: Int) throws(ConversionError) {}
        func appendTableRow(_ row: TableRow) throws(ConversionError) {}
        func endTable() throws(ConversionError) {}
        func addFootnote(_ footnote: FootnoteDefinition) {}
        func addAsset(_ asset: Asset) {}
        func addWarning(_ warning: String) {}
    }

    @Test("Markdown wants the properties only for front matter")
    func markdownWantsThemForFrontMatter() {
        #expect(!MarkdownWriter(output: StringOutput(), options: MarkdownOptions()).needsMetadata)
        #expect(MarkdownWriter(output: StringOutput(), options: MarkdownOptions(frontMatter: true)).needsMetadata)
        #expect(DocumentCollector().needsMetadata)
    }

    @Test("Title and authors are read when kept, skipped otherwise; counts are always set", arguments: [
        ("docx/headings-formatting.docx", "Fixture headings-formatting"),
        ("odf/headings-formatting.odt", "Fixture headings-formatting.odt"),
    ])
    func readsPropertiesOnDemand(name: String, title: String) throws {
        let bytes = try Corpus.testDocument(name)
        let keeping = RecordingSink(needsMetadata: true)
        try AnyDocConverter().convert(bytes, fileName: name, into: keeping)
        #expect(keeping.metadata.title == title)
        let dropping = RecordingSink(needsMetadata: false)
        try AnyDocConverter().convert(bytes, fileName: name, into: dropping)
        #expect(dropping.metadata.title == nil)
        #expect(dropping.metadata.sourceFormat == keeping.metadata.sourceFormat)
    }
}
