import Testing
@testable import AnyDocSwift

/// Emphasis, strong, strikethrough, code and math spans.
@Suite struct InlineFormattingTests {
    @Test func spacesAtEmphasisEdgesMoveOutside() throws {
        #expect(try renderParagraph([.text("a"), .emphasis([.text(" b ")]), .text("c")]) == "a *b* c")
        #expect(try renderParagraph([.strong([.text("bold ")]), .text("end")]) == "**bold** end")
        #expect(try renderParagraph([.text("x"), .strong([.text("\u{A0}nbsp")])]) == "x\u{A0}**nbsp**")
        #expect(try renderParagraph([.text("x"), .strikethrough([.text("\tgone\n")]), .text("y")]) == "x\t~~gone~~\ny")
        #expect(try renderParagraph([.text("a"), .emphasis([.text("   ")]), .text("b")]) == "a   b")
        #expect(try renderParagraph([.text("a"), .emphasis([]), .text("b")]) == "ab")
    }

    @Test func nestedEdgeSpacesMoveOutOfEverySpan() throws {
        #expect(try renderParagraph([.text("a"), .emphasis([.strong([.text(" b")]), .text(" ")]), .text("c")]) == "a ***b*** c")
    }

    @Test func adjacentSpansOfOneKindMerge() throws {
        #expect(try renderParagraph([.emphasis([.text("a")]), .emphasis([.text("b")])]) == "*ab*")
        #expect(try renderParagraph([.strong([.text("a")]), .strong([.text("b")])]) == "**ab**")
        #expect(try renderParagraph([.strikethrough([.text("a")]), .strikethrough([.text("b")])]) == "~~ab~~")
        #expect(try renderParagraph([.emphasis([.text("This is ")]), .emphasis([.text("one")])]) == "*This is one*")
        #expect(try renderParagraph([.emphasis([.text("a")]), .text(" "), .emphasis([.text("b")])]) == "*a b*")
    }

    @Test func spanNestedInItsOwnKindIsUnwrapped() throws {
        #expect(try renderParagraph([.emphasis([.emphasis([.text("a")])])]) == "*a*")
        #expect(try renderParagraph([.strong([.text("a "), .strong([.text("b")]), .text(" c")])]) == "**a b c**")
    }

    @Test func nestedEmphasisSharesDelimiterRuns() throws {
        #expect(try renderParagraph([.strong([.emphasis([.text("a")])])]) == "***a***")
        #expect(try renderParagraph([.text("x"), .strong([.emphasis([.text("a")]), .text("b")]), .text("y")]) == "x***a*b**y")
        #expect(try renderParagraph([.strong([.text("a "), .emphasis([.text("b")])]), .text("c")]) == "**a *b***c")
        // Four stars in a row would not nest as intended.
        #expect(try renderParagraph([.emphasis([.strong([.emphasis([.text("x")])])])]) == "***<em>x</em>***")
    }

    @Test func adjacentSpansOfDifferentKindsDoNotFuse() throws {
        // `*a***b**` leans on the rule of three; `***a****b*` breaks.
        #expect(try renderParagraph([.emphasis([.text("a")]), .strong([.text("b")])]) == "*a*<strong>b</strong>")
        #expect(try renderParagraph([.strong([.emphasis([.text("a")])]), .emphasis([.text("b")])]) == "***a***<em>b</em>")
        #expect(try renderParagraph([.emphasis([.text("a")]), .strikethrough([.text("b")])]) == "*a*~~b~~")
    }

    /// A delimiter beside punctuation inside a word is not read as one.
    @Test func emphasisThatCannotFlankFallsBackToHTML() throws {
        #expect(try renderParagraph([.text("a"), .emphasis([.text("(b)")]), .text("c")]) == "a<em>(b)</em>c")
        #expect(try renderParagraph([.strong([.text("Note:")]), .text("text")]) == "<strong>Note:</strong>text")
        #expect(try renderParagraph([.text("a"), .strikethrough([.text("(b)")]), .text("c")]) == "a<del>(b)</del>c")
        #expect(try renderParagraph([.text("x"), .emphasis([.link(Link(destination: "u", content: [.text("y")]))])]) == "x<em>[y](u)</em>")
        // Beside spaces or punctuation outside, the same content is fine.
        #expect(try renderParagraph([.text("a "), .emphasis([.text("(b)")]), .text(" c")]) == "a *(b)* c")
        #expect(try renderParagraph([.strong([.text("Note:")]), .text(" text")]) == "**Note:** text")
        #expect(try renderParagraph([.text("("), .emphasis([.text("b")]), .text(")")]) == "(*b*)")
        #expect(try renderParagraph([.text("un"), .emphasis([.text("believ")]), .text("able")]) == "un*believ*able")
        // Readers differ on whether a symbol such as `€` is punctuation;
        // HTML reads the same under both.
        #expect(try renderParagraph([.text("x"), .emphasis([.text("€5")])]) == "x<em>€5</em>")
        #expect(try renderParagraph([.text("€"), .emphasis([.text("5")])]) == "€*5*")
    }

    @Test func emphasisAroundEscapedCharacters() throws {
        #expect(try renderParagraph([.emphasis([.text("*")])]) == #"*\**"#)
        #expect(try renderParagraph([.text("x"), .emphasis([.text("*a")])]) == #"x<em>\*a</em>"#)
        #expect(try renderParagraph([.emphasis([.text("a_b_")])]) == #"*a_b\_*"#)
    }

    @Test func emphasisWithLineBreakInside() throws {
        #expect(try renderParagraph([.emphasis([.text("a"), .lineBreak, .text("b")])]) == "*a\\\nb*")
    }

    @Test func superscriptAndSubscriptUseHTML() throws {
        #expect(try renderParagraph([.text("x"), .superscript([.text("2")]), .text(" H"), .subscript([.text("2")]), .text("O")]) == "x<sup>2</sup> H<sub>2</sub>O")
        #expect(try renderParagraph([.text("x"), .superscript([]), .text("y")]) == "xy")
    }

    @Test(arguments: [
        MarkdownCase("plain", "`plain`"),
        MarkdownCase("a`b", "``a`b``"),
        MarkdownCase("a``b`c", "```a``b`c```"),
        MarkdownCase("`tick", "`` `tick ``"),
        MarkdownCase("tick`", "`` tick` ``"),
        MarkdownCase(" a ", "`  a  `"),
        MarkdownCase(" a", "` a`"),
        MarkdownCase("  ", "`  `"),
        MarkdownCase("a\nb", "`a b`"),
        MarkdownCase("a\r\n\r\nb", "`a b`"),
        MarkdownCase("*x* <y> \\", "`*x* <y> \\`"),
    ])
    func codeSpans(_ example: MarkdownCase) throws {
        #expect(try renderParagraph([.code(example.input)]) == example.expected)
    }

    @Test func emptyCodeSpanIsDropped() throws {
        #expect(try renderParagraph([.text("a"), .code(""), .text("b")]) == "ab")
    }

    @Test func inlineMath() throws {
        #expect(try renderParagraph([.text("where "), .math(" x^2 + y_1 "), .text(" holds")]) == "where $x^2 + y_1$ holds")
        #expect(try renderParagraph([.math("a\nb")]) == "$a b$")
        #expect(try renderParagraph([.text("Math "), .math(#"\frac{a}{b}"#), .text(" inline.")]) == #"Math $\frac{a}{b}$ inline."#)
        #expect(try renderParagraph([.text("a"), .math("  "), .text("b")]) == "ab")
    }

    @Test func anchorsAreEmptyHTMLTargets() throws {
        #expect(try renderParagraph([.anchor("p1"), .text("Text")]) == "<a id=\"p1\"></a>Text")
        #expect(try renderParagraph([.anchor("a<b")]) == "<a id=\"a&lt;b\"></a>")
    }
}
