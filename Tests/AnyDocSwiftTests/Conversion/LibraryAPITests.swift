import Foundation
import Testing
import AnyDocSwift

/// The library as a host application uses it: only public API, no
/// `@testable` access.
@Suite struct LibraryAPITests {
    static let csv = Array("name,qty\nbolt,3\nnut,5\n".utf8)

    /// A sink with only the four members a sink must have.
    final class BlockCounter: DocumentSink {
        var blocks = 0
        var rows = 0
        var inputBytes: Int?
        func append(_ block: Block) throws(ConversionError) { blocks += 1 }
        func beginTable(columnCount: Int) throws(ConversionError) {}
        func appendTableRow(_ row: TableRow) throws(ConversionError) { rows += 1 }
        func endTable() throws(ConversionError) {}
        func limitOutput(forInputBytes count: Int) { inputBytes = count }
    }

    @Test func aSinkNeedsOnlyBlocksAndTables() throws {
        let sink = BlockCounter()
        let format = try AnyDocConverter().convert(Self.csv, fileName: "parts.csv", into: sink)
        #expect(format == .csv)
        #expect(sink.rows == 3)
        // The converter tells any sink the input's size, not only its own writer.
        #expect(sink.inputBytes == Self.csv.count)
    }

    @Test func convertingToAnOutputFinishesByItself() throws {
        let output = StringOutput()
        let summary = try AnyDocConverter().convert(Self.csv, fileName: "parts.csv", to: output)
        #expect(summary.format == .csv)
        #expect(output.text == "| name | qty |\n| --- | --- |\n| bolt | 3 |\n| nut | 5 |\n")
    }

    @Test func foundationValuesConvert() throws {
        let converter = AnyDocConverter()
        #expect(try converter.markdown(Data(Self.csv), fileName: "parts.csv").contains("| bolt | 3 |"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("anydoc-\(UUID().uuidString).csv")
        try Data(Self.csv).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try converter.markdown(contentsOf: url).contains("| nut | 5 |"))
        let document = try converter.document(contentsOf: url)
        #expect(document == (try converter.document(fileAt: url.path)))
        #expect(throws: ConversionError.self) { try converter.markdown(contentsOf: URL(string: "https://example.com/a.csv")!) }
    }

    @Test func asyncConversionGivesTheSameMarkdown() async throws {
        let converter = AnyDocConverter()
        let sync = try Self.markdownSynchronously(converter)
        let async = try await converter.markdown(Self.csv, fileName: "parts.csv")
        #expect(async == sync)
    }

    private static func markdownSynchronously(_ converter: AnyDocConverter) throws -> String {
        try converter.markdown(csv, fileName: "parts.csv")
    }

    @Test func aCancelledTaskDoesNotStartConverting() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await AnyDocConverter().markdown(Self.csv, fileName: "parts.csv")
        }
        await #expect(throws: ConversionError.self) { try await task.value }
        do {
            _ = try await task.value
        } catch let error as ConversionError {
            #expect(error.kind == .cancelled)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Counts rows and cancels the conversion's task at the thousandth.
    final class CancellingSink: DocumentSink, @unchecked Sendable {
        private let lock = NSLock()
        private var task: Task<DocumentFormat, any Error>?
        private(set) var rows = 0

        func cancel(after task: Task<DocumentFormat, any Error>) { lock.withLock { self.task = task } }
        var isArmed: Bool { lock.withLock { task != nil } }
        func append(_ block: Block) throws(ConversionError) {}
        func beginTable(columnCount: Int) throws(ConversionError) {}
        func appendTableRow(_ row: TableRow) throws(ConversionError) { count() }
        func appendTableRow(texts: [String]) throws(ConversionError) { count() }
        func endTable() throws(ConversionError) {}

        private func count() {
            rows += 1
            if rows == 1_000 { lock.withLock { task }?.cancel() }
        }
    }

    /// Cancelling stops a long conversion part-way: the converter checks
    /// between row batches, so it stops within a batch of the cancel.
    @Test func cancellingStopsALongConversion() async throws {
        var csv = Array("id,name,amount\n".utf8)
        let row = Array("12345,some item name,678.90\n".utf8)
        for _ in 0..<200_000 { csv += row }
        let input = csv
        let sink = CancellingSink()
        let task = Task<DocumentFormat, any Error> {
            // Wait for the handle to be in place before converting.
            while !sink.isArmed { await Task.yield() }
            return try await AnyDocConverter().convert(input, fileName: "big.csv", into: sink)
        }
        sink.cancel(after: task)
        do {
            _ = try await task.value
            Issue.record("the conversion finished although it was cancelled")
        } catch let error as ConversionError {
            #expect(error.kind == .cancelled)
        }
        #expect(sink.rows >= 1_000 && sink.rows < 20_000, "stopped after \(sink.rows) of 200,001 rows")
    }

    @Test func theWalkerVisitsEveryElement() {
        let document = Document(blocks: [
            .heading(Heading(level: 1, content: [.text("Report")])),
            .paragraph([.text("See "), .link(Link(destination: "https://example.com", content: [.strong([.text("the site")])]))]),
            .blockQuote([.heading(Heading(level: 2, content: [.emphasis([.text("Quoted")])]))]),
            .table(Table(rows: [TableRow(cells: [TableCell(text: "cell")])])),
            .list(List(kind: .bullet, items: [ListItem([.text("item "), .footnoteReference("1")])])),
        ], footnotes: [FootnoteDefinition(label: "1", blocks: [.paragraph([.link(Link(destination: "#top", content: [.text("up")]))])])])
        #expect(document.outline == [.init(level: 1, title: "Report"), .init(level: 2, title: "Quoted")])
        #expect(document.links.map(\.destination) == ["https://example.com", "#top"])
        #expect(document.plainText == "Report\n\nSee the site\n\nQuoted\n\ncell\n\nitem \n\nup")

        struct Counter: DocumentWalker {
            var tables = 0, footnoteReferences = 0, strong = 0
            mutating func visit(_ block: Block) -> Bool {
                if case .table = block { tables += 1 }
                return true
            }
            mutating func visit(_ inline: Inline) -> Bool {
                if case .footnoteReference = inline { footnoteReferences += 1 }
                if case .strong = inline { strong += 1 }
                return true
            }
        }
        var counter = Counter()
        document.walk(&counter)
        #expect(counter.tables == 1 && counter.footnoteReferences == 1 && counter.strong == 1)
    }

    @Test func errorKindsHaveStableCodes() {
        #expect(ConversionError(.passwordRequired, "").code == "password_required")
        #expect(ConversionError(.wrongPassword, "").code == "wrong_password")
        #expect(ConversionError(.cancelled, "").code == "cancelled")
    }

    /// The names SwiftUI also uses are nested in the model's enums, so a
    /// host's own `List` or `Image` never clashes with the library's.
    @Test func listTableLinkAndImageAreNestedNames() throws {
        let link = Inline.link(Inline.Link(destination: "https://example.com/", content: [.text("site")]))
        let image = Inline.image(Inline.Image(source: "https://example.com/x.png", altText: "pic"))
        let document = Document(blocks: [
            .list(Block.List(kind: .bullet, items: [ListItem(blocks: [.paragraph([link, .text(" "), image])])])),
            .table(Block.Table(rows: [TableRow(cells: [TableCell(text: "a")], isHeader: true), TableRow(cells: [TableCell(text: "b")])])),
        ])
        #expect(document.links.map(\.destination) == ["https://example.com/"])
        #expect(try MarkdownWriter.render(document) == "- [site](https://example.com/) ![pic](https://example.com/x.png)\n\n| a |\n| --- |\n| b |\n")
    }
}
