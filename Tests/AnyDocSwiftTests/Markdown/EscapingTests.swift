import Testing
@testable import AnyDocSwift

/// Escaping applies only where a character would change meaning.
@Suite struct EscapingTests {
    /// Prose that CommonMark reads as plain text comes out untouched.
    @Test(arguments: [
        "3 * 4", "2 ** 10", "snake_case", "snake__case", "file_name_v2", "x_1", "C#", "C++", "a < b", "a > b",
        "[1]", "see [1] and [2]", "AT&T", "Q&A and R&D", "50%", "$5", "costs $5 or $6", "a ~ b", "~/path",
        "#hashtag", "1.5 million", "e.g. (a)", "a|b", "email@example.com", "https://example.com/a_b",
        "C:\\Users\\me", "a \\ b", "x = y", "a -- b", "100 % sure", "!important", "a]b", "héllo_wörld",
    ])
    func safeProseStaysClean(_ text: String) throws {
        #expect(try renderText(text) == text)
    }

    @Test(arguments: [
        MarkdownCase("*emph*", #"\*emph\*"#),
        MarkdownCase("**bold**", #"\*\*bold\*\*"#),
        MarkdownCase("a*b", #"a\*b"#),
        MarkdownCase("_x_", #"\_x\_"#),
        MarkdownCase("__init__", #"\_\_init\_\_"#),
        MarkdownCase("snake_ case", #"snake\_ case"#),
        MarkdownCase("`code`", #"\`code\`"#),
        MarkdownCase("<tag>", #"\<tag>"#),
        MarkdownCase("a </div> b", #"a \</div> b"#),
        MarkdownCase("<!-- note -->", #"\<!-- note -->"#),
        MarkdownCase("<?php", #"\<?php"#),
        MarkdownCase("&amp;", #"\&amp;"#),
        MarkdownCase("&#169; &#x1F600;", #"\&#169; \&#x1F600;"#),
        MarkdownCase("[x](y)", #"[x\](y)"#),
        MarkdownCase("[x][y]", #"[x\][y]"#),
        MarkdownCase("[x]: /url", #"[x\]: /url"#),
        MarkdownCase("![alt](pic.png)", #"\![alt\](pic.png)"#),
        MarkdownCase("[^1]", #"\[^1]"#),
        MarkdownCase("~~gone~~", #"\~\~gone\~\~"#),
        MarkdownCase("~a~ and ~b~", #"\~a\~ and \~b\~"#),
        MarkdownCase(#"a\*"#, #"a\\\*"#),
        MarkdownCase(#"ends with \"#, #"ends with \\"#),
        MarkdownCase(#"\[x]"#, #"\\[x]"#),
    ])
    func syntaxLookalikesAreEscaped(_ example: MarkdownCase) throws {
        #expect(try renderText(example.input) == example.expected)
    }

    /// Constructs that only mean something at the start of a line.
    @Test(arguments: [
        MarkdownCase("# not a heading", "\\# not a heading"),
        MarkdownCase("#", "\\#"),
        MarkdownCase("###### six", "\\###### six"),
        MarkdownCase("####### seven", "####### seven"),
        MarkdownCase("- item", #"\- item"#),
        MarkdownCase("-", #"\-"#),
        MarkdownCase("+ item", #"\+ item"#),
        MarkdownCase("* item", #"\* item"#),
        MarkdownCase("1. item", #"1\. item"#),
        MarkdownCase("1) item", #"1\) item"#),
        MarkdownCase("2024. A year", #"2024\. A year"#),
        MarkdownCase("1234567890. ten digits", "1234567890. ten digits"),
        MarkdownCase("> quote", #"\> quote"#),
        MarkdownCase(">", #"\>"#),
        MarkdownCase("---", #"\---"#),
        MarkdownCase("- - -", #"\- - -"#),
        MarkdownCase("***", #"\***"#),
        MarkdownCase("* * *", #"\* * *"#),
        MarkdownCase("___", #"\___"#),
        MarkdownCase("```", #"\`\`\`"#),
        MarkdownCase("```swift", #"\`\`\`swift"#),
        MarkdownCase("~~~", #"\~~~"#),
        MarkdownCase("~~~python", #"\~\~\~python"#),
        MarkdownCase("    indented", "indented"),
        MarkdownCase("\tindented", "indented"),
        MarkdownCase("Title\n===", "Title\n\\==="),
        MarkdownCase("Title\n---", "Title\n\\---"),
        MarkdownCase("Title\n-", "Title\n\\-"),
        MarkdownCase("one\n# two\n- three\n2. four\n> five", "one\n\\# two\n\\- three\n2\\. four\n\\> five"),
        // A delimiter row would turn the line above into a table header.
        MarkdownCase("a | b\n--- | ---", "a | b\n\\--- | ---"),
        MarkdownCase("a | b\n| --- | --- |", "a | b\n\\| --- | --- |"),
        MarkdownCase("a\n:--", "a\n\\:--"),
        MarkdownCase("a\n-:", "a\n\\-:"),
    ])
    func lineStartsAreEscaped(_ example: MarkdownCase) throws {
        #expect(try renderText(example.input) == example.expected)
    }

    @Test func footnoteLookalikeAfterReferenceIsEscaped() throws {
        // `[^1]: text` at a line start would define a footnote.
        let markdown = try renderMarkdown(
            [.paragraph([.footnoteReference("n"), .text(": see below")])],
            footnotes: [FootnoteDefinition(label: "n", blocks: [.paragraph([.text("Note.")])])])
        #expect(markdown == #"""
        [^1]\: see below

        [^1]: Note.

        """#)
    }

    @Test func escapesDependOnNeighbouringInlines() throws {
        // `!` before a link would make it an image; `]` before a link
        // could pair with it; `\` before emphasis would escape it.
        #expect(try renderParagraph([.text("Wow!"), .link(Link(destination: "u", content: [.text("x")]))]) == #"Wow\![x](u)"#)
        #expect(try renderParagraph([.text("[a]"), .link(Link(destination: "u", content: [.text("b")]))]) == #"[a\][b](u)"#)
        #expect(try renderParagraph([.text(#"C:\"#), .emphasis([.text("x")])]) == #"C:\\*x*"#)
        #expect(try renderParagraph([.text("a *"), .emphasis([.text("b")])]) == #"a \**b*"#)
        #expect(try renderParagraph([.text("a_"), .code("b")]) == #"a\_`b`"#)
        #expect(try renderParagraph([.text("a < "), .code("b")]) == "a < `b`")
    }

    @Test func dollarsAreEscapedOnlyBesideMath() throws {
        #expect(try renderText("costs $5") == "costs $5")
        #expect(try renderParagraph([.text("costs $5 and "), .math("x^2")]) == #"costs \$5 and $x^2$"#)
    }

    @Test func tildesAreEscapedOnlyWhenTheyCouldPair() throws {
        #expect(try renderText("about ~5 km") == "about ~5 km")
        #expect(try renderText("~5 to ~6") == #"\~5 to \~6"#)
        // A lone tilde beside strikethrough would lengthen its delimiter.
        #expect(try renderParagraph([.text("a~"), .strikethrough([.text("b")])]) == #"a\~~~b~~"#)
    }

    @Test func controlCharactersAreDropped() throws {
        #expect(try renderText("a\u{0}b\u{7}c\u{1B}d\u{7F}e") == "abcde")
        #expect(try renderText("tab\tkept") == "tab\tkept")
        #expect(try renderParagraph([.code("a\u{0}b")]) == "`ab`")
        #expect(try renderMarkdown([.heading(Heading(level: 1, content: [.text("T\u{8}itle")]))]) == "# Title\n")
    }

    @Test func lineEndingsBecomeSoftBreaks() throws {
        #expect(try renderText("one\r\ntwo\rthree\nfour") == "one\ntwo\nthree\nfour")
        // Trailing spaces would be a hard break; blank lines would split the paragraph.
        #expect(try renderText("one  \n\n\n  two") == "one\ntwo")
    }

    @Test func hardLineBreaks() throws {
        #expect(try renderParagraph([.text("a"), .lineBreak, .text("b")]) == "a\\\nb")
        #expect(try renderParagraph([.text("a"), .lineBreak, .lineBreak, .text("b")]) == "a\\\n\\\nb")
        #expect(try renderParagraph([.text("a"), .lineBreak, .text("- b")]) == "a\\\n\\- b")
    }

    @Test func noHardBreakAtParagraphEdges() throws {
        #expect(try renderParagraph([.text("a"), .lineBreak]) == "a")
        #expect(try renderParagraph([.text("a"), .lineBreak, .text(" \n"), .lineBreak]) == "a")
        #expect(try renderParagraph([.lineBreak, .text("a")]) == "a")
        #expect(try renderParagraph([.emphasis([.text("a"), .lineBreak])]) == "*a*")
        #expect(try renderParagraph([.text(#"ends \"#), .lineBreak]) == #"ends \\"#)
        #expect(try renderMarkdown([.paragraph([.lineBreak])]) == "")
    }

    @Test func backslashBeforeALineEndStaysLiteral() throws {
        // Unescaped, `\` at a line end is a hard break.
        #expect(try renderText("path\\\nnext") == "path\\\\\nnext")
        #expect(try renderParagraph([.text(#"path\"#), .lineBreak, .text("next")]) == "path\\\\\\\nnext")
    }
}
