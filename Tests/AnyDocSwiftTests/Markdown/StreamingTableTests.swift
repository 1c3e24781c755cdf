import Testing
@testable import AnyDocSwift

/// Rows streamed through `MarkdownWriter` read the same as a `Block.table`.
@Suite struct StreamingTableTests {
    private func streamed(_ rows: [TableRow], columns: Int, before: [Block] = [], after: [Block] = []) throws -> String {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output)
        for block in before { try writer.append(block) }
        try writer.beginTable(columnCount: columns)
        for row in rows { try writer.appendTableRow(row) }
        try writer.endTable()
        for block in after { try writer.append(block) }
        try writer.finish()
        return output.text
    }

    static let tables: [[TableRow]] = [
        [TableRow(cells: [cell("a"), cell("b")], isHeader: true), TableRow(cells: [cell("c|d"), cell("e")])],
        [TableRow(cells: [cell("Wide", columns: 2), cell("x")]), TableRow(cells: [cell("a"), cell("b"), cell("c")])],
        [TableRow(cells: [cell("Tall", rows: 2), cell("b")]), TableRow(cells: [cell("d")]), TableRow(cells: [cell("e"), cell("f")])],
        [TableRow(cells: [cell("a"), cell("b"), cell("Right", rows: 3)]), TableRow(cells: [cell("c")]), TableRow(cells: [])],
        [TableRow(cells: [cell("a")]), TableRow(cells: [cell("b"), cell("c"), cell("d")]), TableRow(cells: [cell("e")])],
        [TableRow(cells: [cell("Big", columns: 2, rows: 2), cell("x")]), TableRow(cells: [cell("y")])],
        [TableRow(cells: [TableCell([.text("one"), .lineBreak, .emphasis([.text("two")])])])],
    ]

    @Test(arguments: tables.indices)
    func streamingMatchesTheTableBlock(_ index: Int) throws {
        let rows = Self.tables[index]
        let columns = try TableGrid(Table(rows: rows), maxCells: .max).columnCount
        let whole = try renderMarkdown([.paragraph([.text("before")]), .table(Table(rows: rows)), .paragraph([.text("after")])])
        let byRow = try streamed(rows, columns: columns, before: [.paragraph([.text("before")])], after: [.paragraph([.text("after")])])
        #expect(byRow == whole)
    }

    @Test func streamedTableText() throws {
        let markdown = try streamed(Self.tables[2], columns: 2)
        #expect(markdown == "| Tall | b |\n| --- | --- |\n|  | d |\n| e | f |\n")
    }

    @Test func aBlockEndsAnOpenTable() throws {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output)
        try writer.beginTable(columnCount: 1)
        try writer.appendTableRow(TableRow(cells: [cell("a")]))
        try writer.append(.paragraph([.text("next")]))
        try writer.finish()
        #expect(output.text == "| a |\n| --- |\n\nnext\n")
    }

    @Test func rowOutsideATableThrows() throws {
        let writer = MarkdownWriter(output: StringOutput())
        #expect(throws: ConversionError.self) { try writer.appendTableRow(TableRow(cells: [cell("a")])) }
        try writer.beginTable(columnCount: 1)
        try writer.endTable()
        #expect(throws: ConversionError.self) { try writer.appendTableRow(TableRow(cells: [cell("a")])) }
    }

    @Test func emptyStreamedTableWritesNothing() throws {
        let list = Block.list(List(kind: .bullet, items: [item("a")]))
        // Nothing written between the lists, so they still need different markers.
        #expect(try streamed([], columns: 3, before: [list], after: [list]) == "- a\n\n* a\n")
    }

    @Test func streamedTablesAfterAList() throws {
        let list = Block.list(List(kind: .bullet, items: [item("a")]))
        #expect(try streamed([TableRow(cells: [cell("t")])], columns: 1, before: [list], after: [list]) == "- a\n\n| t |\n| --- |\n\n- a\n")
    }

    /// A streamed table is already a pipe table when a cell turns out to
    /// hold blocks, so they go in as inline HTML rather than being lost.
    @Test func blockContentInStreamedCellsBecomesInlineHTML() throws {
        let list = Block.list(List(kind: .bullet, items: [item("a|b"), item("c")]))
        let code = Block.codeBlock(CodeBlock(code: "x\ny"))
        let markdown = try streamed([TableRow(cells: [TableCell(blocks: [list]), TableCell(blocks: [.paragraph([.text("p")]), code])])], columns: 2)
        #expect(markdown == #"""
        | <ul><li>a\|b</li><li>c</li></ul> | p<br><pre><code>x&#10;y</code></pre> |
        | --- | --- |

        """#)
    }

    @Test func footnotesInStreamedRows() throws {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output)
        writer.addFootnote(FootnoteDefinition(label: "f", blocks: [.paragraph([.text("Note")])]))
        try writer.beginTable(columnCount: 1)
        try writer.appendTableRow(TableRow(cells: [TableCell([.text("v"), .footnoteReference("f")])]))
        try writer.finish()
        #expect(output.text == "| v[^1] |\n| --- |\n\n[^1]: Note\n")
    }
}
