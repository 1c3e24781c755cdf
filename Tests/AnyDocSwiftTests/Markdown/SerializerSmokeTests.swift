import Testing
@testable import AnyDocSwift

@Test func rendersHeadingParagraphListTable() throws {
    let document = Document(blocks: [
        .heading(Heading(level: 1, content: [.text("Title")])),
        .paragraph([.text("3 * 4 and snake_case in C# "), .strong([.text("bold ")]), .text("end")]),
        .list(List(kind: .ordered(start: 3), items: [
            ListItem([.text("three")]),
            ListItem(blocks: [.paragraph([.text("four")]), .list(List(kind: .bullet, items: [ListItem([.text("nested")])]))]),
        ])),
        .table(Table(rows: [
            TableRow(cells: [TableCell(text: "a|b"), TableCell(text: "c")], isHeader: true),
            TableRow(cells: [TableCell(text: "wide", columnSpan: 2)]),
        ])),
        .paragraph([.text("note"), .footnoteReference("x")]),
    ], footnotes: [FootnoteDefinition(label: "x", blocks: [.paragraph([.text("The note.")])])])
    let markdown = try MarkdownWriter.render(document)
    #expect(markdown == """
    # Title

    3 * 4 and snake_case in C# **bold** end

    3. three
    4. four
       - nested

    | a\\|b | c |
    | --- | --- |
    | wide |  |

    note[^1]

    [^1]: The note.

    """)
}
