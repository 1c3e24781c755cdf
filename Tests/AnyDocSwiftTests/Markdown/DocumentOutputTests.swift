import Testing
@testable import AnyDocSwift

/// The document as a whole: separators, final newline, determinism.
@Suite struct DocumentOutputTests {
    @Test func endsWithExactlyOneNewline() throws {
        #expect(try renderMarkdown([.paragraph([.text("a")])]) == "a\n")
        #expect(try renderMarkdown([.codeBlock(CodeBlock(code: "x\n\n"))]) == "```\nx\n\n```\n")
        #expect(try renderMarkdown([.paragraph([.text("a\n\n")]), .markdown("b\n\n\n")]) == "a\n\nb\n")
    }

    @Test func emptyDocumentIsEmpty() throws {
        #expect(try renderMarkdown([]) == "")
        #expect(try renderMarkdown([.markdown("")]) == "")
    }

    @Test(arguments: ["# Title\n\nBody *as is*\n\n\n", "no newline", "crlf\r\n", "\n\n", "  x  "])
    func singleVerbatimBlockComesOutByteForByte(_ text: String) throws {
        #expect(try renderMarkdown([.markdown(text)]) == text)
    }

    @Test func outputIsDeterministic() throws {
        let document = Document(
            metadata: Metadata(title: "T", extra: [("b", "2"), ("a", "1")]),
            blocks: [
                .paragraph([.text("x"), .footnoteReference("z"), .footnoteReference("y")]),
                .table(Table(rows: [TableRow(cells: [cell("a", rows: 2), cell("b")]), TableRow(cells: [cell("c")])])),
                .list(List(kind: .bullet, items: [item("a")])), .list(List(kind: .bullet, items: [item("b")])),
            ],
            footnotes: [FootnoteDefinition(label: "y", blocks: [.paragraph([.text("Y")])]),
                        FootnoteDefinition(label: "z", blocks: [.paragraph([.text("Z")])]),
                        FootnoteDefinition(label: "w", blocks: [.paragraph([.text("W")])])],
            assets: [Asset(name: "a.png", mediaType: "image/png", bytes: [])])
        let options = MarkdownOptions(frontMatter: true)
        let first = try MarkdownWriter.render(document, options: options)
        for _ in 0..<5 { #expect(try MarkdownWriter.render(document, options: options) == first) }
        #expect(first == """
        ---
        title: "T"
        b: "2"
        a: "1"
        ---

        x[^1][^2]

        | a | b |
        | --- | --- |
        |  | c |

        - a

        * b

        [^1]: Z

        [^2]: Y

        [^3]: W

        """)
    }

    @Test func nestingBeyondTheLimitThrows() throws {
        var limits = Limits()
        limits.maxNestingDepth = 4
        var block = Block.paragraph([.text("deep")])
        for _ in 0..<3 { block = .blockQuote([block]) }
        #expect(try MarkdownWriter.render(Document(blocks: [block]), limits: limits) == "> > > deep\n")
        for _ in 0..<3 { block = .list(List(kind: .bullet, items: [ListItem(blocks: [block])])) }
        #expect(throws: ConversionError.self) { try MarkdownWriter.render(Document(blocks: [block]), limits: limits) }
    }

    @Test func outputBeyondTheLimitThrows() throws {
        var limits = Limits()
        limits.maxOutputBytes = 10
        #expect(try MarkdownWriter.render(Document(blocks: [.paragraph([.text("short")])]), limits: limits) == "short\n")
        #expect(throws: ConversionError.self) {
            try MarkdownWriter.render(Document(blocks: [.paragraph([.text("far too long for it")])]), limits: limits)
        }
    }
}
