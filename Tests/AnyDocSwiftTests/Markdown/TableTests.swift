import Testing
@testable import AnyDocSwift

/// GFM pipe tables laid out on their grid.
@Suite struct TableTests {
    private func table(_ rows: [[TableCell]], caption: [Inline]? = nil) throws -> String {
        try renderMarkdown([.table(Table(rows: rows.map { TableRow(cells: $0) }, caption: caption))])
    }

    @Test func simpleTable() throws {
        let markdown = try renderMarkdown([.table(Table(rows: [
            TableRow(cells: [cell("Name"), cell("Qty")], isHeader: true),
            TableRow(cells: [cell("apple"), cell("3")]),
        ]))])
        #expect(markdown == "| Name | Qty |\n| --- | --- |\n| apple | 3 |\n")
    }

    @Test func firstRowIsAlwaysTheHeader() throws {
        #expect(try table([[cell("a"), cell("b")], [cell("c"), cell("d")]]) == "| a | b |\n| --- | --- |\n| c | d |\n")
        #expect(try table([[cell("only")]]) == "| only |\n| --- |\n")
        #expect(try table([[cell(""), cell("")], [cell("x"), cell("y")]]) == "|  |  |\n| --- | --- |\n| x | y |\n")
    }

    @Test func pipesAreEscapedEverywhereInACell() throws {
        #expect(try table([[cell("a|b"), TableCell([.code("x|y")]), TableCell([.math("|v|")])]]) == #"""
        | a\|b | `x\|y` | $\|v\|$ |
        | --- | --- | --- |

        """#)
        // A backslash before a pipe stays a backslash.
        #expect(try table([[cell(#"a\|b"#)]]) == "| a\\\\\\|b |\n| --- |\n")
    }

    @Test func lineBreaksInCellsBecomeBR() throws {
        let content: [Inline] = [.text("one\r\ntwo"), .lineBreak, .text("three")]
        #expect(try table([[TableCell(content)]]) == "| one<br>two<br>three |\n| --- |\n")
        let paragraphs = TableCell(blocks: [.paragraph([.text("p1")]), .paragraph([.text("  ")]), .paragraph([.text("p2")])])
        #expect(try table([[paragraphs]]) == "| p1<br>p2 |\n| --- |\n")
        #expect(try table([[TableCell([.text("edge"), .lineBreak])]]) == "| edge |\n| --- |\n")
        #expect(try table([[TableCell([.text("\r\n lead and trail\n")])]]) == "| lead and trail |\n| --- |\n")
    }

    @Test func cellTextIsNotLineStartEscaped() throws {
        // Cells hold inline content only, so `#` or `-` at their start is text.
        #expect(try table([[cell("# x"), cell("- y"), cell("1. z")]]) == "| # x | - y | 1. z |\n| --- | --- | --- |\n")
        #expect(try table([[cell("*a*")]]) == "| \\*a\\* |\n| --- |\n")
    }

    @Test func otherInlineBlocksInCells() throws {
        let cells = [
            TableCell(blocks: [.heading(Heading(level: 3, content: [.text("Head")]))]),
            TableCell(blocks: [.image(Image(source: "https://example.com/i.png", altText: "i"))]),
            TableCell(blocks: [.math("x^2")]),
            TableCell(blocks: [.markdown("**raw**\nmd")]),
        ]
        #expect(try table([cells]) == "| Head | ![i](https://example.com/i.png) | $x^2$ | **raw**<br>md |\n| --- | --- | --- | --- |\n")
    }

    /// A spanning cell sits in its top-left position; the positions it
    /// covers are empty.
    @Test func columnSpans() throws {
        let markdown = try table([
            [cell("Wide", columns: 2), cell("C")],
            [cell("a"), cell("b"), cell("c")],
        ])
        #expect(markdown == "| Wide |  | C |\n| --- | --- | --- |\n| a | b | c |\n")
    }

    @Test func rowSpans() throws {
        let markdown = try table([
            [cell("Tall", rows: 2), cell("b")],
            [cell("d")],
            [cell("e"), cell("f")],
        ])
        #expect(markdown == "| Tall | b |\n| --- | --- |\n|  | d |\n| e | f |\n")
    }

    @Test func blockSpans() throws {
        let markdown = try table([
            [cell("h1"), cell("h2"), cell("h3")],
            [cell("Big", columns: 2, rows: 2), cell("x")],
            [cell("y")],
            [cell("p"), cell("q"), cell("r")],
        ])
        #expect(markdown == """
        | h1 | h2 | h3 |
        | --- | --- | --- |
        | Big |  | x |
        |  |  | y |
        | p | q | r |

        """)
    }

    @Test func spanInTheMiddleColumn() throws {
        let markdown = try table([
            [cell("a"), cell("Mid", rows: 3), cell("c")],
            [cell("d"), cell("f")],
            [cell("g"), cell("i")],
        ])
        #expect(markdown == "| a | Mid | c |\n| --- | --- | --- |\n| d |  | f |\n| g |  | i |\n")
    }

    /// A row that ends early still has the cells spanning into it from above.
    @Test func spansBeyondTheLastCellOfARow() throws {
        let markdown = try table([
            [cell("a"), cell("b"), cell("Right", rows: 3)],
            [cell("c")],
            [],
        ])
        #expect(markdown == "| a | b | Right |\n| --- | --- | --- |\n| c |  |  |\n|  |  |  |\n")
    }

    @Test func raggedRowsArePadded() throws {
        let markdown = try table([
            [cell("a")],
            [cell("b"), cell("c"), cell("d")],
            [cell("e"), cell("f")],
        ])
        #expect(markdown == "| a |  |  |\n| --- | --- | --- |\n| b | c | d |\n| e | f |  |\n")
    }

    @Test func spansPastTheTableEndAddNothing() throws {
        let markdown = try table([
            [cell("a", rows: 10), cell("b", columns: 2)],
            [cell("c")],
        ])
        #expect(markdown == "| a | b |  |\n| --- | --- | --- |\n|  | c |  |\n")
    }

    @Test func tablesWithoutCellsVanish() throws {
        #expect(try table([]) == "")
        #expect(try table([[], []]) == "")
    }

    @Test func captionPrecedesTheTable() throws {
        let markdown = try table([[cell("a")]], caption: [.strong([.text("Table 1:")]), .text(" totals")])
        #expect(markdown == "**Table 1:** totals\n\n| a |\n| --- |\n")
    }

    @Test func footnoteInACell() throws {
        let markdown = try renderMarkdown(
            [.table(Table(rows: [TableRow(cells: [TableCell([.text("x"), .footnoteReference("n")])])]))],
            footnotes: [FootnoteDefinition(label: "n", blocks: [.paragraph([.text("In a cell.")])])])
        #expect(markdown == "| x[^1] |\n| --- |\n\n[^1]: In a cell.\n")
    }

    @Test func tooManyCellsThrow() throws {
        var limits = Limits()
        limits.maxTableCells = 3
        let document = Document(blocks: [.table(Table(rows: [TableRow(cells: [cell("a"), cell("b")]), TableRow(cells: [cell("c"), cell("d")])]))])
        #expect(throws: ConversionError.self) { try MarkdownWriter.render(document, limits: limits) }
    }
}
