import Testing
@testable import AnyDocSwift

/// The closing sequence and line rules of ATX headings.
@Suite struct HeadingTests {
    private func heading(_ content: [Inline], level: Int = 2, anchor: String? = nil) throws -> String {
        try renderMarkdown([.heading(Heading(level: level, content: content, anchor: anchor))])
    }

    @Test(arguments: [
        MarkdownCase("C#", "## C#\n"),
        MarkdownCase("Issue #", "## Issue \\#\n"),
        MarkdownCase("Count ###", "## Count \\###\n"),
        MarkdownCase("#", "## \\#\n"),
        MarkdownCase("# inner", "## # inner\n"),
        MarkdownCase("Line one\nline two", "## Line one line two\n"),
        MarkdownCase("Windows\r\nline", "## Windows line\n"),
        MarkdownCase("  padded  ", "## padded\n"),
        MarkdownCase("*not emphasis*", "## \\*not emphasis\\*\n"),
    ])
    func headingText(_ example: MarkdownCase) throws {
        #expect(try heading([.text(example.input)]) == example.expected)
    }

    @Test func lineBreaksBecomeSpaces() throws {
        #expect(try heading([.text("a"), .lineBreak, .text("b")]) == "## a b\n")
    }

    @Test func levelsAreClamped() throws {
        #expect(try heading([.text("x")], level: 0) == "# x\n")
        #expect(try heading([.text("x")], level: 9) == "###### x\n")
    }

    @Test func anchorPrecedesText() throws {
        #expect(try heading([.text("Intro")], anchor: "sec-1") == "## <a id=\"sec-1\"></a>Intro\n")
        #expect(try heading([.text("Q&A")], anchor: "a\"b") == "## <a id=\"a&quot;b\"></a>Q&A\n")
    }

    @Test func emptyHeadingIsDropped() throws {
        #expect(try heading([.text("  ")]) == "")
        #expect(try renderMarkdown([.paragraph([.text("a")]), .heading(Heading(level: 1, content: [])), .paragraph([.text("b")])]) == "a\n\nb\n")
    }

    @Test func formattedHeading() throws {
        #expect(try heading([.text("The "), .code("init"), .text(" method "), .emphasis([.text("now")])]) == "## The `init` method *now*\n")
    }
}
