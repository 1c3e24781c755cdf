import Foundation
import Testing
@testable import AnyDocSwift

/// Chunks cut by the model: the writer's record of its blocks, HTML
/// tables split between rows, nested list items as cut points.
@Suite struct ChunkModelTests {
    /// A table whose cells hold lists is HTML; the first row and the
    /// header row under it head every piece.
    static let htmlTable: Document = {
        var rows = [
            TableRow(cells: [TableCell(text: "Head A"), TableCell(text: "Head B")], isHeader: true),
            TableRow(cells: [TableCell(text: "Sub A"), TableCell(text: "Sub B")], isHeader: true),
        ]
        for number in 1...30 {
            let list = Block.list(List(kind: .bullet, items: [ListItem([.text("item \(number)")])]))
            rows.append(TableRow(cells: [TableCell(text: "row \(number)"), TableCell(blocks: [list])]))
        }
        return Document(blocks: [.paragraph([.text("Before the table.")]), .table(Table(rows: rows)), .paragraph([.text("After it.")])])
    }()

    @Test func htmlTablesSplitByRowsWithTheirHeadRepeated() throws {
        let options = ChunkOptions(maxSize: 300)
        let (markdown, chunks) = try Chunker.chunks(of: Self.htmlTable, options: options)
        #expect(markdown.contains("<table>"))
        #expect(ChunkCheck.problems(chunks, of: markdown, options: options).isEmpty)
        let pieces = chunks.filter { $0.text.contains("<td>") }
        #expect(pieces.count > 3)
        for piece in pieces {
            let opens = piece.text.components(separatedBy: "<table>").count - 1
            let closes = piece.text.components(separatedBy: "</table>").count - 1
            #expect(opens == 1 && closes == 1, "\(piece.text.debugDescription)")
            #expect(piece.text.contains("Head A") && piece.text.contains("Sub B"), "\(piece.text.debugDescription)")
        }
        // Every row is in exactly one piece.
        for number in 1...30 {
            #expect(pieces.filter { $0.text.contains("<td>row \(number)</td>") }.count == 1, "row \(number)")
        }
        // Markdown read alone is cut the same way.
        let byLines = Chunker.chunks(markdown: markdown, options: options)
        #expect(byLines.map(\.text) == chunks.map(\.text))
    }

    @Test func nestedItemsAreCutPointsAtAnyDepth() throws {
        func item(_ text: String, _ children: [ListItem] = []) -> ListItem {
            var blocks: [Block] = [.paragraph([.text(text)])]
            if !children.isEmpty { blocks.append(.list(List(kind: .bullet, items: children))) }
            return ListItem(blocks: blocks)
        }
        let words = String(repeating: "gannets dive ", count: 4)
        let deep = (1...12).map { item("deep \($0) \(words)") }
        let list = List(kind: .bullet, items: [item("top", [item("second", [item("third", deep)])])])
        let document = Document(blocks: [.list(list)])
        let options = ChunkOptions(maxSize: 160)
        let (markdown, chunks) = try Chunker.chunks(of: document, options: options)
        #expect(ChunkCheck.problems(chunks, of: markdown, options: options).isEmpty)
        // Items six spaces deep: every cut falls before one, never inside.
        for chunk in chunks.dropFirst() {
            #expect(chunk.text.hasPrefix("      - deep"), "\(chunk.text.debugDescription)")
        }
        #expect(chunks.count > 3)
    }

    @Test func theLayoutLeavesTheMarkdownAsItIs() throws {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output, options: MarkdownOptions(frontMatter: true))
        writer.recordsLayout = true
        writer.setMetadata(Metadata(title: "Terns"))
        try writer.append(contentsOf: Self.htmlTable)
        writer.addWarning("a late warning rewrites the front matter")
        try writer.finish()
        let bytes = Array(output.text.utf8)
        #expect(writer.layout.count == 3)
        // Each span holds its block's text, after the front matter grew.
        #expect(String(decoding: bytes[writer.layout[0].bytes], as: UTF8.self) == "Before the table.")
        #expect(String(decoding: bytes[writer.layout[2].bytes], as: UTF8.self) == "After it.")
        let table = String(decoding: bytes[writer.layout[1].bytes], as: UTF8.self)
        #expect(table.hasPrefix("<table>") && table.hasSuffix("</table>"))
    }
}
