import Testing
@testable import AnyDocSwift

/// Tables whose cells hold block content are written as one HTML block.
@Suite struct HTMLTableTests {
    private let list = Block.list(List(kind: .bullet, items: [item("a"), item("b")]))

    @Test func listInACellFallsBackToHTML() throws {
        let markdown = try renderMarkdown([.table(Table(rows: [
            TableRow(cells: [cell("Items"), cell("Note")], isHeader: true),
            TableRow(cells: [TableCell(blocks: [list]), cell("x < y & z")]),
        ]))])
        #expect(markdown == """
        <table><tr><th>Items</th><th>Note</th></tr>
        <tr><td><ul><li>a</li><li>b</li></ul></td><td>x &lt; y &amp; z</td></tr>
        </table>

        """)
    }

    @Test func spansBecomeAttributes() throws {
        let markdown = try renderMarkdown([.table(Table(rows: [
            TableRow(cells: [cell("Wide", columns: 2), cell("Tall", rows: 5)]),
            TableRow(cells: [TableCell(blocks: [.codeBlock(CodeBlock(code: "a\n\nb\n"))]), cell("c")]),
        ]))])
        // The row span stops at the last row; code keeps its lines without
        // a blank line that would end the HTML block.
        #expect(markdown == """
        <table><tr><th colspan="2">Wide</th><th rowspan="2">Tall</th></tr>
        <tr><td><pre><code>a&#10;&#10;b</code></pre></td><td>c</td></tr>
        </table>

        """)
    }

    @Test func headerRowsAndCells() throws {
        let markdown = try renderMarkdown([.table(Table(rows: [
            TableRow(cells: [cell("h")]),
            TableRow(cells: [TableCell(blocks: [.blockQuote([.paragraph([.text("q")])])])], isHeader: true),
            TableRow(cells: [TableCell(text: "side", isHeader: true)]),
            TableRow(cells: [cell("plain")]),
        ]))])
        #expect(markdown == """
        <table><tr><th>h</th></tr>
        <tr><th><blockquote>q</blockquote></th></tr>
        <tr><th>side</th></tr>
        <tr><td>plain</td></tr>
        </table>

        """)
    }

    @Test func inlineFormattingAndBlocksInHTML() throws {
        let content: [Block] = [
            .heading(Heading(level: 2, content: [.text("H")])),
            .paragraph([.emphasis([.text("e")]), .text(" "), .strong([.text("s")]), .text(" "), .strikethrough([.text("d")]),
                        .text(" "), .code("<c>"), .text(" "), .link(Link(destination: "https://x.test/?a=1&b=2", title: "T", content: [.text("l")])),
                        .lineBreak, .text("two\r\nlines"), .superscript([.text("2")]), .anchor("a1")]),
            .list(List(kind: .ordered(start: 3), items: [item("t", checkbox: .checked)])),
            .thematicBreak,
            .math("x\ny"),
            .image(Image(source: "https://x.test/i.png", altText: "A \"q\"")),
        ]
        let markdown = try renderMarkdown([.table(Table(rows: [TableRow(cells: [TableCell(blocks: content)])]))])
        #expect(markdown == """
        <table><tr><th><strong>H</strong><br><em>e</em> <strong>s</strong> <del>d</del> <code>&lt;c&gt;</code> \
        <a href="https://x.test/?a=1&amp;b=2" title="T">l</a><br>two<br>lines<sup>2</sup><a id="a1"></a>\
        <br><ol start="3"><li>[x] t</li></ol><br><hr><br>$$x y$$<br><img src="https://x.test/i.png" alt="A &quot;q&quot;"></th></tr>
        </table>

        """)
    }

    @Test func nestedTableStaysOnOneLine() throws {
        let inner = Block.table(Table(rows: [TableRow(cells: [cell("i1")]), TableRow(cells: [cell("i2")])]))
        let markdown = try renderMarkdown([.table(Table(rows: [TableRow(cells: [TableCell(blocks: [inner])])]))])
        #expect(markdown == """
        <table><tr><th><table><tr><th>i1</th></tr><tr><td>i2</td></tr></table></th></tr>
        </table>

        """)
    }

    @Test func captionAndEmbeddedImages() throws {
        let asset = Asset(name: "pic.png", mediaType: "image/png", bytes: [])
        let table = Block.table(Table(rows: [TableRow(cells: [TableCell(blocks: [.image(Image(source: "pic.png", altText: "Pic")), list])])], caption: [.text("Cap")]))
        #expect(try renderMarkdown([table], assets: [asset]) == """
        <table><caption>Cap</caption><tr><th>Pic<br><ul><li>a</li><li>b</li></ul></th></tr>
        </table>

        """)
        let linked = try renderMarkdown([table], assets: [asset], options: MarkdownOptions(embeddedImages: .link(prefix: "media")))
        #expect(linked.contains(#"<img src="media/pic.png" alt="Pic">"#))
    }

    @Test func controlCharactersAreDroppedInHTML() throws {
        let markdown = try renderMarkdown([.table(Table(rows: [TableRow(cells: [TableCell(blocks: [list, .paragraph([.text("a\u{0}b")])])])]))])
        #expect(markdown.contains("<br>ab</th>"))
    }

    @Test func htmlTableInsideAListItem() throws {
        let table = Block.table(Table(rows: [TableRow(cells: [TableCell(blocks: [list])]), TableRow(cells: [cell("z")])]))
        #expect(try renderMarkdown([.list(List(kind: .bullet, items: [ListItem(blocks: [table])]))]) == """
        - <table><tr><th><ul><li>a</li><li>b</li></ul></th></tr>
          <tr><td>z</td></tr>
          </table>

        """)
    }
}
