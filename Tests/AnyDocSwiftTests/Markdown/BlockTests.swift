import Testing
@testable import AnyDocSwift

/// Code, math, quotes, breaks and verbatim blocks.
@Suite struct BlockTests {
    @Test func fencedCode() throws {
        #expect(try renderMarkdown([.codeBlock(CodeBlock(language: "swift", code: "let x = 1\n"))]) == "```swift\nlet x = 1\n```\n")
        #expect(try renderMarkdown([.codeBlock(CodeBlock(code: "  indented\n\n*kept*"))]) == "```\n  indented\n\n*kept*\n```\n")
        #expect(try renderMarkdown([.codeBlock(CodeBlock(code: ""))]) == "```\n```\n")
    }

    @Test func fenceOutgrowsBackticksInside() throws {
        #expect(try renderMarkdown([.codeBlock(CodeBlock(language: "md", code: "```\ncode\n```"))]) == "````md\n```\ncode\n```\n````\n")
        #expect(try renderMarkdown([.codeBlock(CodeBlock(code: "a ````` b"))]) == "``````\na ````` b\n``````\n")
    }

    @Test func codeLineEndingsAndControls() throws {
        #expect(try renderMarkdown([.codeBlock(CodeBlock(code: "a\r\nb\rc\u{0}d\te"))]) == "```\na\nb\ncd\te\n```\n")
    }

    @Test func languageIsOneWord() throws {
        #expect(try renderMarkdown([.codeBlock(CodeBlock(language: "objective c`", code: "x"))]) == "```objectivec\nx\n```\n")
    }

    @Test func mathBlocks() throws {
        #expect(try renderMarkdown([.math("\\frac{a}{b}")]) == "$$\n\\frac{a}{b}\n$$\n")
        // Blank lines would end the block.
        #expect(try renderMarkdown([.math("\na = b\r\n\r\n  \nc = d\n")]) == "$$\na = b\nc = d\n$$\n")
        #expect(try renderMarkdown([.math(" \n ")]) == "")
    }

    @Test func thematicBreak() throws {
        #expect(try renderMarkdown([.paragraph([.text("a")]), .thematicBreak, .paragraph([.text("b")])]) == "a\n\n---\n\nb\n")
    }

    @Test func blockQuoteWithNestedList() throws {
        let markdown = try renderMarkdown([.blockQuote([
            .paragraph([.text("Quoted "), .emphasis([.text("text")])]),
            .list(List(kind: .bullet, items: [item("one", List(kind: .ordered(start: 1), items: [item("a"), item("b")])), item("two")])),
            .codeBlock(CodeBlock(code: "x\n\ny")),
        ])])
        #expect(markdown == """
        > Quoted *text*
        >
        > - one
        >   1. a
        >   2. b
        > - two
        >
        > ```
        > x
        >
        > y
        > ```

        """)
    }

    @Test func nestedBlockQuotes() throws {
        let markdown = try renderMarkdown([.blockQuote([.paragraph([.text("outer")]), .blockQuote([.paragraph([.text("> inner")])])])])
        #expect(markdown == """
        > outer
        >
        > > \\> inner

        """)
    }

    @Test func emptyBlocksVanish() throws {
        let markdown = try renderMarkdown([
            .paragraph([]), .blockQuote([]), .blockQuote([.paragraph([.text(" ")])]),
            .list(List(kind: .bullet, items: [])), .table(Table(rows: [])), .paragraph([.text("only")]),
        ])
        #expect(markdown == "only\n")
    }

    @Test func verbatimMarkdownIsCopied() throws {
        let markdown = try renderMarkdown([.markdown("# Raw *md*\n\n"), .paragraph([.text("after")])])
        #expect(markdown == "# Raw *md*\n\nafter\n")
    }

    @Test func verbatimMarkdownInsideAList() throws {
        let markdown = try renderMarkdown([.list(List(kind: .bullet, items: [ListItem(blocks: [.markdown("*raw*\r\n")]), item("b")]))])
        // Verbatim Markdown is not a paragraph, so the list is loose.
        #expect(markdown == "- *raw*\n\n- b\n")
    }
}
