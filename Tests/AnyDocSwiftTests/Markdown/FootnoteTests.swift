import Testing
@testable import AnyDocSwift

@Suite struct FootnoteTests {
    private func note(_ label: String, _ text: String) -> FootnoteDefinition {
        FootnoteDefinition(label: label, blocks: [.paragraph([.text(text)])])
    }

    @Test func numberedInFirstReferenceOrder() throws {
        let markdown = try renderMarkdown(
            [.paragraph([.text("One"), .footnoteReference("zeta"), .text(" two"), .footnoteReference("alpha"), .text(" again"), .footnoteReference("zeta")])],
            footnotes: [note("alpha", "Alpha."), note("zeta", "Zeta.")])
        #expect(markdown == """
        One[^1] two[^2] again[^1]

        [^1]: Zeta.

        [^2]: Alpha.

        """)
    }

    @Test func definitionsComeAfterAllBlocks() throws {
        let markdown = try renderMarkdown(
            [.paragraph([.text("a"), .footnoteReference("1")]), .heading(Heading(level: 2, content: [.text("Later"), .footnoteReference("2")]))],
            footnotes: [note("1", "First."), note("2", "Second.")])
        #expect(markdown == "a[^1]\n\n## Later[^2]\n\n[^1]: First.\n\n[^2]: Second.\n")
    }

    @Test func notesReferencingOtherNotes() throws {
        let markdown = try renderMarkdown(
            [.paragraph([.text("Text"), .footnoteReference("a")])],
            footnotes: [
                FootnoteDefinition(label: "b", blocks: [.paragraph([.text("B, see"), .footnoteReference("a")])]),
                FootnoteDefinition(label: "a", blocks: [.paragraph([.text("A, see"), .footnoteReference("b")])]),
            ])
        #expect(markdown == """
        Text[^1]

        [^1]: A, see[^2]

        [^2]: B, see[^1]

        """)
    }

    @Test func continuationBlocksAreIndentedFourSpaces() throws {
        let markdown = try renderMarkdown(
            [.paragraph([.text("x"), .footnoteReference("n")])],
            footnotes: [FootnoteDefinition(label: "n", blocks: [
                .paragraph([.text("First line"), .lineBreak, .text("second line")]),
                .paragraph([.text("Another paragraph.")]),
                .codeBlock(CodeBlock(code: "code\n\nmore")),
                .list(List(kind: .bullet, items: [item("i")])),
            ])])
        #expect(markdown == """
        x[^1]

        [^1]: First line\\
            second line

            Another paragraph.

            ```
            code

            more
            ```

            - i

        """)
    }

    @Test func unreferencedDefinitionsAreStillWritten() throws {
        let markdown = try renderMarkdown(
            [.paragraph([.text("x"), .footnoteReference("used")])],
            footnotes: [note("orphan1", "O1."), note("used", "U."), note("orphan2", "O2.")])
        #expect(markdown == "x[^1]\n\n[^1]: U.\n\n[^2]: O1.\n\n[^3]: O2.\n")
        #expect(try renderMarkdown([], footnotes: [note("x", "Alone.")]) == "[^1]: Alone.\n")
    }

    @Test func emptyDefinition() throws {
        let markdown = try renderMarkdown([.paragraph([.text("x"), .footnoteReference("e")])], footnotes: [FootnoteDefinition(label: "e", blocks: [])])
        #expect(markdown == "x[^1]\n\n[^1]:\n")
    }

    @Test func referencesToMissingNotesKeepTheirNumber() throws {
        let markdown = try renderMarkdown(
            [.paragraph([.text("a"), .footnoteReference("missing"), .text(" b"), .footnoteReference("here")])],
            footnotes: [note("here", "Here.")])
        #expect(markdown == "a[^1] b[^2]\n\n[^2]: Here.\n")
    }

    @Test func laterDefinitionOfALabelWins() throws {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output)
        try writer.append(.paragraph([.text("x"), .footnoteReference("n")]))
        writer.addFootnote(note("n", "Old."))
        writer.addFootnote(note("n", "New."))
        try writer.finish()
        #expect(output.text == "x[^1]\n\n[^1]: New.\n")
    }

    @Test func referencesInsideLinksListsAndQuotes() throws {
        let markdown = try renderMarkdown([
            .blockQuote([.paragraph([.text("q"), .footnoteReference("c")])]),
            .list(List(kind: .bullet, items: [ListItem([.text("l"), .footnoteReference("b")])])),
            .paragraph([.text("p"), .footnoteReference("a")]),
        ], footnotes: [note("a", "A."), note("b", "B."), note("c", "C.")])
        #expect(markdown == "> q[^1]\n\n- l[^2]\n\np[^3]\n\n[^1]: C.\n\n[^2]: B.\n\n[^3]: A.\n")
    }
}
